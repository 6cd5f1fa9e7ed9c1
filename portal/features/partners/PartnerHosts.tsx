import { useState } from 'react';
import { formatDate } from '../../../sdk/format';
import { isHttpError } from '../../../sdk/client/errors';
import type { PartnerHosts as Hosts } from '../../../sdk/schemas/partners';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { partnerApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';

/** The field message of a 400, or the error's own text. */
function failure(err: unknown): { field?: string; message: string } {
  if (isHttpError(err)) {
    const fields = (err.details as { fields?: Record<string, string> } | null)?.fields;
    return fields?.host ? { field: fields.host, message: fields.host } : { message: err.apiMessage };
  }
  return { message: 'Procura could not be reached. Please try again.' };
}

/**
 * The partner's hosts: widget requests count for the partner only from pages on these. Hosts that
 * sent requests naming the partner without being listed are offered for adding.
 */
export function PartnerHosts({ session }: { session: { partnerId: string; apiKey: string } }) {
  const load = useLoad((signal) => partnerApi(session).partners.hosts({ signal }), [session.partnerId, session.apiKey]);
  const [changed, setChanged] = useState<Hosts | null>(null);
  const [host, setHost] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const hosts = changed ?? load.data;

  const change = async (call: () => Promise<Hosts>, done: string) => {
    setBusy(true);
    setError(null);
    try {
      setChanged(await call());
      setNotice(done);
      return true;
    } catch (err) {
      const f = failure(err);
      if (f.field) setFieldError(f.field);
      else setError(f.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const add = async (name: string) => {
    setFieldError(undefined);
    return change(
      () => partnerApi(session).partners.addHost({ host: name }),
      `${name.trim().toLowerCase()} added. Its requests are credited to you from now on.`,
    );
  };
  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (await add(host)) setHost('');
  };
  const remove = (name: string) => change(() => partnerApi(session).partners.removeHost(name), `${name} removed. Its requests are no longer credited to you.`);

  return (
    <section className="card" aria-labelledby="pa-hosts">
      <h2 id="pa-hosts">Your sites</h2>
      <p className="small muted">
        A widget request earns you credit only when the page it was sent from is on one of these hosts, so no other site can claim your partner ID. Your
        registered website is the first.
      </p>
      <p role="status" className="small">
        {notice}
      </p>
      {error ? <ErrorAlert title="Not changed" message={error} inline /> : null}
      {!hosts ? (
        load.status === 'error' ? (
          <ErrorAlert title="Your sites could not be loaded" message={failure(load.error).message} inline />
        ) : (
          <p className="small muted">Loading your sites…</p>
        )
      ) : (
        <>
          {hosts.hosts.length === 0 ? (
            <p className="small">No host yet: requests from your widgets earn nothing until their site is listed here.</p>
          ) : (
            <ul className="plain-list host-list" aria-label="Hosts credited to you">
              {hosts.hosts.map((h) => (
                <li key={h.host}>
                  <code>{h.host}</code>
                  <button type="button" className="button button-secondary" aria-label={`Remove ${h.host}`} disabled={busy} onClick={() => void remove(h.host)}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form className="form-stack" onSubmit={submit} noValidate>
            <TextField
              id="pa-host"
              label="Host name"
              value={host}
              onChange={setHost}
              placeholder="shop.example.co.za"
              hint="The part of the address between https:// and the first /."
              error={fieldError}
            />
            <div className="form-actions">
              <button type="submit" className="button button-secondary" disabled={busy}>
                Add host
              </button>
            </div>
          </form>
          <h3>Sites sending requests not credited to you</h3>
          {hosts.uncreditedHosts.length === 0 ? (
            <p className="small muted">No other site has sent requests naming your partner ID.</p>
          ) : (
            <ul className="plain-list host-list" aria-label="Hosts that sent requests not credited to you">
              {hosts.uncreditedHosts.map((h) => (
                <li key={h.host}>
                  <code>{h.host}</code>: {h.rfqs} {h.rfqs === 1 ? 'request' : 'requests'}, the last on {formatDate(h.lastRfqAt)}
                  <button type="button" className="button button-secondary" aria-label={`Add ${h.host}`} disabled={busy} onClick={() => void add(h.host)}>
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
