import { useState, type FormEvent } from 'react';
import { SUPPLIER_MESSAGES, type SupplierMe } from '../../../contract/schemas/supplier-workspace';
import { formatDate } from '../../../sdk/format';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { SuccessNotice } from '../../components/ui/success-notice';
import { errorMessage } from '../../lib/api-errors';
import { supplierApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { useSave } from '../../lib/use-save';

/** The team tab: the supplier's people and those invited, inviting colleagues and removing them. */
export function SupplierTeamTab({ me }: { me: SupplierMe }) {
  const [version, setVersion] = useState(0);
  const state = useLoad((signal) => supplierApi().team({ signal }), [version]);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const { errors, setErrors, failure, saving: pending, run } = useSave<'email' | 'name'>();
  const focusFirst = (fields: Partial<Record<'email' | 'name', string>>) => document.getElementById(fields.name ? 'team-name' : 'team-email')?.focus();
  const add = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const problems: Partial<Record<'email' | 'name', string>> = {};
    if (!name.trim()) problems.name = SUPPLIER_MESSAGES.name;
    if (!email.trim()) problems.email = SUPPLIER_MESSAGES.email;
    setErrors(problems);
    if (Object.keys(problems).length > 0) return focusFirst(problems);
    await run(async () => {
      setNotice((await supplierApi().invite({ email, name })).message);
      setEmail('');
      setName('');
      setVersion((v) => v + 1);
    }, focusFirst);
  };
  const withdraw = async (invitationId: number, who: string) => {
    if (!window.confirm(`Withdraw the invitation to ${who}? A link already sent stops working.`)) return;
    setNotice(null);
    await run(async () => {
      await supplierApi().withdrawInvitation(invitationId);
      setNotice(`The invitation to ${who} was withdrawn.`);
      setVersion((v) => v + 1);
    });
  };
  const remove = async (userId: number, who: string) => {
    if (!window.confirm(`Remove ${who} from your team? They can no longer sign in.`)) return;
    setNotice(null);
    await run(async () => {
      await supplierApi().removeUser(userId);
      setNotice(`${who} was removed.`);
      setVersion((v) => v + 1);
    });
  };
  return (
    <div className="form-stack">
      <SuccessNotice message={notice} />
      {failure ? <ErrorAlert title="Not done" message={failure} inline /> : null}
      {state.status === 'error' ? <ErrorAlert title="Team not loaded" message={errorMessage(state.error)} inline /> : null}
      <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {state.data?.users.map((u) => (
          <li key={u.id} className="card">
            <strong>{u.name}</strong> <span className="small muted">{u.email}</span>
            <div className="small muted">
              {u.lastSignInAt ? `Last signed in ${formatDate(u.lastSignInAt)}` : 'Not signed in yet'}
              {u.disabled ? ' · disabled by Procura' : ''}
            </div>
            {u.id === me.user.id ? (
              <span className="small">That is you.</span>
            ) : (
              <button type="button" className="button button-ghost" onClick={() => remove(u.id, u.name)}>
                Remove {u.name}
              </button>
            )}
          </li>
        ))}
      </ul>
      {state.data?.invitations.length ? (
        <section className="form-stack" aria-labelledby="team-invited">
          <h3 id="team-invited">Invited</h3>
          <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {state.data.invitations.map((i) => (
              <li key={i.id} className="card">
                <strong>{i.name}</strong> <span className="small muted">{i.email}</span>
                <div className="small muted">Invited {formatDate(i.invitedAt)}, not signed in yet</div>
                <button type="button" className="button button-ghost" onClick={() => withdraw(i.id, i.name)}>
                  Withdraw the invitation to {i.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <form className="card form-stack" onSubmit={add} noValidate aria-labelledby="team-add">
        <h3 id="team-add">Invite a colleague</h3>
        <TextField id="team-name" label="Name" value={name} onChange={setName} error={errors.name} required />
        <TextField id="team-email" type="email" label="Work e-mail" value={email} onChange={setEmail} error={errors.email} required />
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Inviting…' : 'Invite and e-mail a sign-in link'}
        </button>
      </form>
    </div>
  );
}
