import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { isTrackingToken } from '../../../sdk/rules';
import { usePageMeta } from '../../lib/use-page-title';

/**
 * The token in what a buyer pasted: a tracking link (`…/quote/qt_…`) or the token itself; null
 * for anything else.
 */
export function trackingTokenFrom(input: string): string | null {
  const text = input.trim();
  let candidate = text;
  if (/^https?:\/\//i.test(text) || text.startsWith('/')) {
    try {
      const path = new URL(text, 'http://link.invalid').pathname;
      const match = /^\/quote\/([^/]+)\/?$/.exec(path);
      if (!match) return null;
      candidate = decodeURIComponent(match[1]!);
    } catch {
      return null;
    }
  }
  return isTrackingToken(candidate) && /^qt_[A-Za-z0-9_-]+$/.test(candidate) ? candidate : null;
}

/** /quote-tracker: paste a tracking link or token, see the tracked quote. */
export default function QuoteTrackerPage() {
  usePageMeta({
    title: 'Quote tracker',
    description: 'Follow a Procura quote: paste the tracking link or token from your quote e-mail to see its price, delivery and terms.',
  });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = trackingTokenFrom(value);
    // Anything that is not a tracking token is refused here, without asking the server.
    if (!token) {
      setError('Invalid tracking token');
      return;
    }
    navigate(`/quote/${encodeURIComponent(token)}`);
  };
  return (
    <div className="container page narrow stack">
      <div className="hero">
        <h1>Quote tracker</h1>
        <p className="lead">
          Every quote e-mail carries a tracking link for each quote. Paste the link, or the token in it that starts with qt_, to see the quote.
        </p>
      </div>
      <form className="card form-stack" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={inputId}>Tracking link or token</label>
          <input
            id={inputId}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            placeholder="https://procura.co.za/quote/qt_… or qt_…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          {error ? (
            <p id={`${inputId}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="button-row">
          <button type="submit" className="button">
            Track quote
          </button>
        </div>
      </form>
      <p className="small muted">A tracking link shows one quote and counts each view; the supplier’s contact details are on the quote.</p>
    </div>
  );
}
