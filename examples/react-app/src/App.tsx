import { useState } from 'react';
import { ProcuraWidget } from 'procura/react';

/** Where the widget comes from: the page's `data-procura-url`, else a local Procura server. */
const baseUrl = document.documentElement.dataset.procuraUrl || 'http://localhost:3000';

export function App() {
  const [sent, setSent] = useState<{ rfqId: string | null; quoteCount: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <main>
      <h1>Cleaning supplies for your sites</h1>
      <p>Describe what you need; matched suppliers answer with priced quotes in seconds.</p>
      <p role="status" className="result">
        {sent ? `Thank you! Request ${sent.rfqId} went to ${sent.quoteCount} suppliers.` : error ? `Something went wrong: ${error}` : ''}
      </p>
      <ProcuraWidget
        config={{ baseUrl, companyName: 'Facility Pro', partnerId: 'pt_example', embedId: 'react-quotes', compact: true, theme: 'light' }}
        onSuccess={(data) => setSent(data)}
        onError={(e) => setError(e.message)}
      />
    </main>
  );
}
