import { useState } from 'react';
import { formatDate } from '../../../sdk/format';
import type { ShareLinkCreated } from '../../../contract/schemas/outreach';
import { CopyButton } from '../../components/ui/code';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { DataTable } from '../../components/ui/data-table';

/**
 * Admins share the dashboard read-only with someone outside: a link that works 1 to 90 days,
 * shown once, and can be revoked at any time.
 */
export function ShareLinks() {
  const toast = useToast();
  const [version, setVersion] = useState(0);
  const links = useLoad((signal) => staffApi().sales.shareLinks({ signal }), [version]);
  const [days, setDays] = useState('7');
  const [error, setError] = useState<string | undefined>();
  const [made, setMade] = useState<ShareLinkCreated | null>(null);
  const [pending, setPending] = useState(false);

  const create = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      setMade(await staffApi().sales.createShareLink({ expiresInDays: Number(days) }));
      setVersion((v) => v + 1);
    } catch (err) {
      setError(fieldErrors(err).expiresInDays ?? errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  const revoke = async (id: number) => {
    try {
      await staffApi().sales.revokeShareLink(id);
      if (made?.id === id) setMade(null);
      toast({ title: 'Link revoked', description: 'It no longer opens the dashboard.' });
      setVersion((v) => v + 1);
    } catch (err) {
      toast({ title: 'Not revoked', description: errorMessage(err), variant: 'destructive' });
    }
  };

  return (
    <section className="card stack" aria-labelledby="share-title">
      <h2 id="share-title">Share this dashboard</h2>
      <p className="small muted">
        A read-only link for someone without an account: it shows the team's progress and the prospects' companies, never a contact's name, e-mail, phone or
        notes.
      </p>
      <form className="share-form" onSubmit={create} noValidate>
        <div className="field">
          <label htmlFor="share-days">Works for (days)</label>
          <input
            id="share-days"
            type="number"
            min={1}
            max={90}
            value={days}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'share-days-error' : 'share-days-hint'}
            onChange={(e) => setDays(e.target.value)}
          />
          <p id="share-days-hint" className="hint">
            From 1 to 90 days
          </p>
          {error ? (
            <p id="share-days-error" className="field-error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={pending}>
          Create share link
        </button>
      </form>
      {made ? (
        <div className="notice-panel card stack" role="status">
          <p>
            <strong>Your link, shown only this once</strong> (until {formatDate(made.expiresAt)}):
          </p>
          <code className="secret" data-testid="share-url">
            {made.url}
          </code>
          <CopyButton text={made.url} label="Copy link" done="Share link copied to clipboard" />
        </div>
      ) : null}
      {links.status === 'error' ? <ErrorAlert title="The links could not be loaded" message={errorMessage(links.error)} inline /> : null}
      {links.data && links.data.links.length > 0 ? (
        <DataTable label="Share links" caption="Share links made" heads={['Made', 'By', 'Ends', 'State', { hidden: 'Actions' }]}>
          {links.data.links.map((l) => (
            <tr key={l.id}>
              <td>{formatDate(l.createdAt)}</td>
              <td>{l.createdBy}</td>
              <td>{formatDate(l.expiresAt)}</td>
              <td>{l.active ? <span className="badge badge-success">Active</span> : <span className="badge">{l.revokedAt ? 'Revoked' : 'Expired'}</span>}</td>
              <td>
                {l.active ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Revoke the link made ${formatDate(l.createdAt)}, ending ${formatDate(l.expiresAt)}`}
                    onClick={() => revoke(l.id)}
                  >
                    Revoke
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
