import { useRef, useState } from 'react';
import { isHttpError } from '../../../sdk/client/errors';
import type { ProspectImportResult } from '../../../contract/schemas/prospects';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { DataTable } from '../../components/ui/data-table';

/**
 * Prospects from a CSV file (the export's columns, in any order): a preview of every line first,
 * each bad one with its number and reason; the import writes all lines or none.
 */
export function ImportPanel({ onImported }: { onImported(): void }) {
  const toast = useToast();
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<ProspectImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** Takes away the last failure's toast once the CSV changes or is checked again. */
  const dismissFailure = useRef<() => void>(() => {});
  const change = (text: string) => {
    dismissFailure.current();
    setCsv(text);
    setPreview(null);
  };

  const run = async (dryRun: boolean) => {
    dismissFailure.current();
    setPending(true);
    setFailure(null);
    try {
      const result = await staffApi().sales.importProspects({ csv, dryRun });
      if (dryRun) setPreview(result);
      else {
        toast({ title: 'Import Complete', description: `${result.created} added, ${result.updated} updated.` });
        setCsv('');
        setPreview(null);
        onImported();
      }
    } catch (err) {
      const problems = isHttpError(err) ? (err.details as { problems?: ProspectImportResult['problems'] } | undefined)?.problems : undefined;
      if (problems) setPreview({ imported: false, created: 0, updated: 0, lines: [], problems });
      setFailure(errorMessage(err));
      dismissFailure.current = toast({ title: 'Import Failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const empty = csv.trim() === '';
  return (
    <section className="card stack" aria-labelledby="import-title">
      <h2 id="import-title">Import prospects from CSV</h2>
      <p className="small muted">
        Use the columns of the export (a header row first). A line with an ID updates that prospect; a line without one adds a new prospect. Nothing is written
        until every line is good.
      </p>
      <div className="field">
        <label htmlFor="import-file">CSV file</label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (file) change(await file.text());
          }}
        />
      </div>
      <div className="field">
        <label htmlFor="import-text">Or paste the CSV</label>
        <textarea id="import-text" className="code" rows={6} value={csv} onChange={(e) => change(e.target.value)} />
      </div>
      <div className="button-row">
        <button type="button" className="button button-secondary" disabled={empty || pending} onClick={() => run(true)}>
          Preview
        </button>
        <button
          type="button"
          className="button"
          disabled={empty || pending || !preview || preview.problems.length > 0 || preview.lines.length === 0}
          onClick={() => run(false)}
        >
          {preview && preview.problems.length === 0 ? `Import ${preview.lines.length} prospect${preview.lines.length === 1 ? '' : 's'}` : 'Import'}
        </button>
      </div>
      {failure && !preview ? <ErrorAlert title="Import Failed" message={failure} inline /> : null}
      {preview ? (
        <div className="stack" aria-live="polite">
          <p>
            {preview.lines.length} good line{preview.lines.length === 1 ? '' : 's'} ({preview.created} new, {preview.updated} updates),{' '}
            {preview.problems.length} bad.
          </p>
          {preview.problems.length > 0 ? (
            <DataTable label="Lines that cannot be imported" caption="Lines that cannot be imported" heads={['Line', 'Why']}>
              {preview.problems.map((p, i) => (
                <tr key={`${p.line}-${i}`}>
                  <td>{p.line}</td>
                  <td>{p.reason}</td>
                </tr>
              ))}
            </DataTable>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
