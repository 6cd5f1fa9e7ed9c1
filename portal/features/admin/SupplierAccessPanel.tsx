import { useState, type FormEvent } from 'react';
import { formatDate } from '../../../sdk/format';
import { SUPPLIER_MESSAGES } from '../../../contract/schemas/supplier-workspace';
import { TextField } from '../../../widget/ui/TextField';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { errorMessage } from '../../lib/api-errors';
import { staffApi } from '../../lib/api';
import { useLoad } from '../../lib/use-load';
import { useSave } from '../../lib/use-save';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { SuccessNotice } from '../../components/ui/success-notice';
import { DataTable } from '../../components/ui/data-table';
import { Combobox, useSuggestions } from '../../../widget/ui/Combobox';
import type { AdminSupplier } from '../../../contract/schemas/admin';

/** The suppliers whose name (or e-mail or city) holds what was typed, at most eight. */
const findSuppliers = async (q: string, signal: AbortSignal) => (await staffApi().admin.suppliers({ q, pageSize: 8 }, { signal })).suppliers;

const CHOOSE_SUPPLIER = 'Choose the supplier from the list: type part of its name';

/**
 * Who may sign in to the supplier workspace: invite a supplier's user (e-mailed a sign-in link),
 * see when each last signed in and when their supplier last changed its prices, and disable or
 * enable a user. Every change is audited.
 */
export function SupplierAccessPanel({ refresh, onChanged }: { refresh: number; onChanged(): void }) {
  const state = useLoad((signal) => staffApi().supplierAccess.list({ signal }), [refresh]);
  const [supplierText, setSupplierText] = useState('');
  const [supplier, setSupplier] = useState<Pick<AdminSupplier, 'id' | 'name'> | null>(null);
  const suggestions = useSuggestions(findSuppliers, supplier ? '' : supplierText, 2);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const { errors, setErrors, failure, saving: pending, run } = useSave();
  const [toggleFailure, setToggleFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const problems: Record<string, string> = {};
    if (!supplier) problems.supplierId = CHOOSE_SUPPLIER;
    if (!name.trim()) problems.name = SUPPLIER_MESSAGES.name;
    if (!email.trim()) problems.email = SUPPLIER_MESSAGES.email;
    setErrors(problems);
    if (!supplier || Object.keys(problems).length > 0) return;
    await run(async () => {
      const user = await staffApi().supplierAccess.invite(supplier.id, { name, email });
      setNotice(`${user.email} was e-mailed a sign-in link to the supplier workspace.`);
      setName('');
      setEmail('');
      onChanged();
    });
  };

  const toggle = async (userId: number, disabled: boolean) => {
    setToggleFailure(null);
    try {
      await staffApi().supplierAccess.setDisabled(userId, disabled);
      onChanged();
    } catch (err) {
      setToggleFailure(errorMessage(err));
    }
  };

  return (
    <section className="card stack" aria-labelledby="admin-supplier-access">
      <h2 id="admin-supplier-access">Supplier workspace access</h2>
      <p className="small muted">A supplier&rsquo;s people sign in at /supplier with a link we e-mail them, and keep their own prices and leads there.</p>
      <form className="form-stack" onSubmit={invite} noValidate aria-label="Invite a supplier user">
        <Combobox<AdminSupplier>
          id="invite-supplier"
          label="Supplier"
          hint={supplier ? `Supplier ${supplier.id}` : 'Type part of its name, then choose it.'}
          value={supplierText}
          items={suggestions}
          itemKey={(s) => String(s.id)}
          renderItem={(s) => (
            <>
              <span className="suggestion-name">{s.name}</span>
              <span className="suggestion-meta">
                {s.city} · {s.email}
              </span>
            </>
          )}
          onChange={(text) => {
            setSupplierText(text);
            if (supplier && text !== supplier.name) setSupplier(null);
          }}
          onPick={(s) => {
            setSupplier({ id: s.id, name: s.name });
            setSupplierText(s.name);
          }}
          error={errors.supplierId}
          required
        />
        <TextField id="invite-name" label="Name" value={name} onChange={setName} error={errors.name} required />
        <TextField id="invite-email" type="email" label="E-mail" value={email} onChange={setEmail} error={errors.email} required />
        <SubmitButton pending={pending} busy="Inviting…" row={null}>
          Invite to the supplier workspace
        </SubmitButton>
      </form>
      <SuccessNotice message={notice} />
      {(failure ?? toggleFailure) ? <ErrorAlert title="Not done" message={(failure ?? toggleFailure)!} inline /> : null}
      {state.status === 'error' ? <ErrorAlert title="Supplier users not loaded" message={errorMessage(state.error)} inline /> : null}
      {state.data && state.data.length === 0 ? <p className="muted">No supplier has a user yet.</p> : null}
      {state.data && state.data.length > 0 ? (
        <DataTable label="Supplier users" caption="Supplier users" heads={['Supplier', 'User', 'Last sign-in', 'Last price change', 'Access']}>
          {state.data.map((u) => (
            <tr key={u.id}>
              <td>
                {u.supplierName} <span className="small muted">#{u.supplierId}</span>
              </td>
              <td>
                {u.name}
                <div className="small muted">{u.email}</div>
              </td>
              <td>{u.lastSignInAt ? formatDate(u.lastSignInAt) : <span className="muted">never</span>}</td>
              <td>{u.lastPriceChangeAt ? formatDate(u.lastPriceChangeAt) : <span className="muted">none</span>}</td>
              <td>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => toggle(u.id, !u.disabled)}
                  aria-label={`${u.disabled ? 'Enable' : 'Disable'} ${u.name}`}
                >
                  {u.disabled ? 'Enable' : 'Disable'}
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}
