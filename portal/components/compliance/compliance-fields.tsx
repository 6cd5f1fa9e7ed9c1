import { BBEE_LEVELS } from '../../../sdk/bbee';
import { normalizeVatNumber } from '../../../sdk/order-rules';
import { STANDING_MESSAGES } from '../../../contract/schemas/compliance';
import type { SupplierStandingInput } from '../../../contract/schemas/admin';

/** A supplier's VAT number, registered address and B-BBEE standing as on file (level 0: non-compliant). */
export interface ComplianceOnFile {
  vatNumber: string | null;
  registeredAddress: string | null;
  bbeeLevel: number | null;
  bbeeEvidence: 'certificate' | 'affidavit' | null;
  bbeeExpiresOn: string | null;
}

/** The form's values: text as typed, the level as its select's value ('' none, 'non-compliant', '1'…'8'). */
export interface ComplianceDraft {
  vatNumber: string;
  registeredAddress: string;
  bbeeLevel: string;
  bbeeEvidence: string;
  bbeeExpiresOn: string;
}

export type ComplianceField = keyof ComplianceDraft;

/** The form's values for what is on file. */
export function complianceDraft(on: ComplianceOnFile): ComplianceDraft {
  return {
    vatNumber: on.vatNumber ?? '',
    registeredAddress: on.registeredAddress ?? '',
    bbeeLevel: on.bbeeLevel === null ? '' : on.bbeeLevel === 0 ? 'non-compliant' : String(on.bbeeLevel),
    bbeeEvidence: on.bbeeEvidence ?? '',
    bbeeExpiresOn: on.bbeeExpiresOn ?? '',
  };
}

const graded = (d: ComplianceDraft) => d.bbeeLevel !== '' && d.bbeeLevel !== 'non-compliant';

/** What the browser can tell before sending, with the server's own messages. */
export function checkCompliance(d: ComplianceDraft): Partial<Record<ComplianceField, string>> {
  const found: Partial<Record<ComplianceField, string>> = {};
  if (d.vatNumber.trim() !== '' && normalizeVatNumber(d.vatNumber) === null) found.vatNumber = STANDING_MESSAGES.vatNumber;
  if (graded(d) && d.bbeeEvidence === '') found.bbeeEvidence = STANDING_MESSAGES.bbeeEvidence;
  if (graded(d) && d.bbeeExpiresOn === '') found.bbeeExpiresOn = STANDING_MESSAGES.bbeeExpiresOn;
  return found;
}

/** The change the form's values make: empty text clears a value; evidence and expiry go with a level 1-8. */
export function complianceChange(d: ComplianceDraft): Pick<SupplierStandingInput, ComplianceField> {
  return {
    vatNumber: d.vatNumber.trim() === '' ? null : d.vatNumber,
    registeredAddress: d.registeredAddress.trim() === '' ? null : d.registeredAddress,
    bbeeLevel: d.bbeeLevel === '' ? null : d.bbeeLevel === 'non-compliant' ? 'non-compliant' : Number(d.bbeeLevel),
    ...(graded(d) ? { bbeeEvidence: d.bbeeEvidence as 'certificate' | 'affidavit', bbeeExpiresOn: d.bbeeExpiresOn } : {}),
  };
}

/**
 * The VAT number, registered address and B-BBEE fields (evidence and expiry shown for a level
 * 1-8), each with its error: staff's standing edit and the supplier's own profile use them.
 */
export function ComplianceFields({
  idPrefix,
  draft,
  onChange,
  errors,
}: {
  idPrefix: string;
  draft: ComplianceDraft;
  onChange(next: ComplianceDraft): void;
  errors: Partial<Record<ComplianceField, string>>;
}) {
  const id = (field: ComplianceField) => `${idPrefix}-${field}`;
  const set = (field: ComplianceField) => (e: { target: { value: string } }) => onChange({ ...draft, [field]: e.target.value });
  const error = (field: ComplianceField) =>
    errors[field] ? (
      <p id={`${id(field)}-error`} className="field-error">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: ComplianceField) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : {});
  return (
    <>
      <div className="field">
        <label htmlFor={id('vatNumber')}>VAT number</label>
        <input id={id('vatNumber')} inputMode="numeric" autoComplete="off" value={draft.vatNumber} onChange={set('vatNumber')} {...described('vatNumber')} />
        {error('vatNumber')}
      </div>
      <div className="field">
        <label htmlFor={id('registeredAddress')}>Registered address</label>
        <textarea
          id={id('registeredAddress')}
          rows={2}
          value={draft.registeredAddress}
          onChange={set('registeredAddress')}
          {...described('registeredAddress')}
        />
        {error('registeredAddress')}
      </div>
      <div className="field">
        <label htmlFor={id('bbeeLevel')}>B-BBEE level</label>
        <select id={id('bbeeLevel')} value={draft.bbeeLevel} onChange={set('bbeeLevel')} {...described('bbeeLevel')}>
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
      {graded(draft) ? (
        <>
          <div className="field">
            <label htmlFor={id('bbeeEvidence')}>Evidence</label>
            <select id={id('bbeeEvidence')} value={draft.bbeeEvidence} onChange={set('bbeeEvidence')} {...described('bbeeEvidence')}>
              <option value="">Choose…</option>
              <option value="certificate">Verification certificate</option>
              <option value="affidavit">Sworn affidavit</option>
            </select>
            {error('bbeeEvidence')}
          </div>
          <div className="field">
            <label htmlFor={id('bbeeExpiresOn')}>Evidence expires on</label>
            <input id={id('bbeeExpiresOn')} type="date" value={draft.bbeeExpiresOn} onChange={set('bbeeExpiresOn')} {...described('bbeeExpiresOn')} />
            {error('bbeeExpiresOn')}
          </div>
        </>
      ) : null}
    </>
  );
}
