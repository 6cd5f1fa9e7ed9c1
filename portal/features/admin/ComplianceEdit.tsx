import { useState, type FormEvent } from 'react';
import { BBEE_LEVELS, bbeeEvidenceText } from '../../../sdk/bbee';
import { normalizeVatNumber } from '../../../sdk/order-rules';
import { STANDING_MESSAGES, type AdminSupplier, type SupplierStandingInput } from '../../../contract/schemas/admin';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/api-errors';

/** What the list shows of a supplier's B-BBEE standing, as on file (expiry is judged where quotes are made). */
function bbeeOnFile(s: Pick<AdminSupplier, 'bbeeLevel' | 'bbeeEvidence' | 'bbeeExpiresOn'>): string {
  if (s.bbeeLevel === null) return 'No B-BBEE evidence';
  if (s.bbeeLevel === 0) return 'Non-compliant';
  return `Level ${s.bbeeLevel} · ${s.bbeeEvidence ? bbeeEvidenceText(s.bbeeEvidence) : 'no evidence'} to ${s.bbeeExpiresOn ?? '?'}`;
}

type Fields = 'vatNumber' | 'registeredAddress' | 'bbeeLevel' | 'bbeeEvidence' | 'bbeeExpiresOn';

/**
 * A supplier's VAT number, registered address and B-BBEE standing (level, evidence, expiry), edited
 * in a disclosure under its row's cell; saved together and audited.
 */
export function ComplianceEdit({ supplier, onSaved }: { supplier: AdminSupplier; onSaved(s: AdminSupplier): void }) {
  const toast = useToast();
  const [vat, setVat] = useState(supplier.vatNumber ?? '');
  const [address, setAddress] = useState(supplier.registeredAddress ?? '');
  const [level, setLevel] = useState(supplier.bbeeLevel === null ? '' : supplier.bbeeLevel === 0 ? 'non-compliant' : String(supplier.bbeeLevel));
  const [evidence, setEvidence] = useState(supplier.bbeeEvidence ?? '');
  const [expires, setExpires] = useState(supplier.bbeeExpiresOn ?? '');
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [saving, setSaving] = useState(false);
  const id = (field: Fields) => `supplier-${supplier.id}-${field}`;
  const graded = level !== '' && level !== 'non-compliant';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Fields, string>> = {};
    if (vat.trim() !== '' && normalizeVatNumber(vat) === null) found.vatNumber = STANDING_MESSAGES.vatNumber;
    if (graded && evidence === '') found.bbeeEvidence = STANDING_MESSAGES.bbeeEvidence;
    if (graded && expires === '') found.bbeeExpiresOn = STANDING_MESSAGES.bbeeExpiresOn;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: SupplierStandingInput = {
      vatNumber: vat.trim() === '' ? null : vat,
      registeredAddress: address.trim() === '' ? null : address,
      bbeeLevel: level === '' ? null : level === 'non-compliant' ? 'non-compliant' : Number(level),
      ...(graded ? { bbeeEvidence: evidence as 'certificate' | 'affidavit', bbeeExpiresOn: expires } : {}),
    };
    setSaving(true);
    try {
      const saved = await staffApi().admin.setStanding(supplier.id, input);
      onSaved(saved);
      toast({ title: 'Standing saved', description: `${saved.name}: ${bbeeOnFile(saved)}${saved.vatNumber ? `, VAT ${saved.vatNumber}` : ''}.` });
    } catch (err) {
      const fields = fieldErrors(err) as Partial<Record<Fields, string>>;
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const error = (field: Fields) =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: Fields) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {});

  return (
    <details className="compliance-edit">
      <summary>
        <span>{bbeeOnFile(supplier)}</span>
        <span className="small muted"> · {supplier.vatNumber ? `VAT ${supplier.vatNumber}` : 'no VAT number'}</span>
        <span className="visually-hidden"> ({supplier.name}): edit</span>
      </summary>
      <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={`Tax and B-BBEE details of ${supplier.name}`}>
        <div className="field">
          <label htmlFor={id('vatNumber')}>VAT number</label>
          <input id={id('vatNumber')} inputMode="numeric" autoComplete="off" value={vat} onChange={(e) => setVat(e.target.value)} {...described('vatNumber')} />
          {error('vatNumber')}
        </div>
        <div className="field">
          <label htmlFor={id('registeredAddress')}>Registered address</label>
          <textarea id={id('registeredAddress')} rows={2} value={address} onChange={(e) => setAddress(e.target.value)} {...described('registeredAddress')} />
          {error('registeredAddress')}
        </div>
        <div className="field">
          <label htmlFor={id('bbeeLevel')}>B-BBEE level</label>
          <select id={id('bbeeLevel')} value={level} onChange={(e) => setLevel(e.target.value)} {...described('bbeeLevel')}>
            <option value="">No evidence on file</option>
            {BBEE_LEVELS.map((l) => (
              <option key={l} value={String(l)}>
                Level {l}
              </option>
            ))}
            <option value="non-compliant">Non-compliant</option>
          </select>
          {error('bbeeLevel')}
        </div>
        {graded ? (
          <>
            <div className="field">
              <label htmlFor={id('bbeeEvidence')}>Evidence</label>
              <select id={id('bbeeEvidence')} value={evidence} onChange={(e) => setEvidence(e.target.value)} {...described('bbeeEvidence')}>
                <option value="">Choose…</option>
                <option value="certificate">Verification certificate</option>
                <option value="affidavit">Sworn affidavit</option>
              </select>
              {error('bbeeEvidence')}
            </div>
            <div className="field">
              <label htmlFor={id('bbeeExpiresOn')}>Evidence expires on</label>
              <input id={id('bbeeExpiresOn')} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} {...described('bbeeExpiresOn')} />
              {error('bbeeExpiresOn')}
            </div>
          </>
        ) : null}
        <div>
          <button type="submit" className="button button-secondary" disabled={saving}>
            {saving ? 'Saving…' : 'Save tax and B-BBEE details'}
          </button>
        </div>
      </form>
    </details>
  );
}
