import { useState, type FormEvent } from 'react';
import { bbeeLabel } from '../../../sdk/bbee';
import { formatRand } from '../../../sdk/format';
import { readNumber } from '../../../sdk/numbers';
import {
  registrationNumberOf,
  SUPPLIER_MESSAGES,
  type LeadEmails,
  type SupplierProfile,
  type SupplierProfileChange,
} from '../../../contract/schemas/supplier-workspace';
import { FieldError, TextField } from '../../../widget/ui/TextField';
import { checkCompliance, complianceChange, complianceDraft, ComplianceFields, type ComplianceField } from '../../components/compliance/compliance-fields';
import { ErrorAlert } from '../../components/ui/ErrorAlert';
import { supplierApi } from '../../lib/api';
import { useSave } from '../../lib/use-save';
import { SupplierCoverageSection } from './SupplierCoverage';
import { BbeeExpiryNotice } from './BbeeExpiryNotice';
import { SubmitButton } from '../../../widget/ui/SubmitButton';
import { Loaded } from '../../components/ui/loaded';
import { SuccessNotice } from '../../components/ui/success-notice';

type TermsField = 'contactPerson' | 'phone' | 'paymentTerms' | 'validityDays' | 'minimumOrder';
type Field = TermsField | ComplianceField | 'leadEmails' | 'registrationNumber';

/** The lead e-mail choices, as the form names them. */
const LEAD_EMAIL_CHOICES: { value: LeadEmails; label: string; hint: string }[] = [
  { value: 'each', label: 'Each lead as it comes', hint: 'One e-mail per lead, within seconds of the request.' },
  { value: 'every-15-minutes', label: 'A digest every 15 minutes', hint: 'The leads of the last 15 minutes in one e-mail, each with its own link.' },
  { value: 'hourly', label: 'A digest every hour', hint: 'The leads of the last hour in one e-mail, each with its own link.' },
];

/** The form's text for the supplier's contact and terms. */
function termsDraft(p: SupplierProfile): Record<TermsField, string> {
  return {
    contactPerson: p.contactPerson,
    phone: p.phone,
    paymentTerms: p.paymentTerms,
    validityDays: String(p.validityDays),
    minimumOrder: String(p.minimumOrder),
  };
}

/**
 * What the form changes of the profile: only the fields whose value differs from what is on
 * file, so the audit names what changed. Numbers that do not read as numbers are sent as they
 * are, for the server's message.
 */
function changeOf(
  p: SupplierProfile,
  terms: Record<TermsField, string>,
  leadEmails: LeadEmails,
  registrationNumber: string,
  compliance: ReturnType<typeof complianceChange>,
): SupplierProfileChange {
  const number = (text: string) => (Number.isNaN(readNumber(text)) ? (text as unknown as number) : readNumber(text));
  const asked: SupplierProfileChange = {
    contactPerson: terms.contactPerson,
    phone: terms.phone,
    paymentTerms: terms.paymentTerms,
    validityDays: number(terms.validityDays),
    minimumOrder: number(terms.minimumOrder),
    leadEmails,
    registrationNumber: registrationNumber.trim() === '' ? null : (registrationNumberOf(registrationNumber) ?? registrationNumber),
    ...compliance,
  };
  const onFile: Record<string, unknown> = { ...p, bbeeLevel: p.bbeeLevel === 0 ? 'non-compliant' : p.bbeeLevel };
  const graded = typeof compliance.bbeeLevel === 'number';
  return Object.fromEntries(
    Object.entries(asked).filter(([k, v]) => {
      // A level 1-8 goes with its evidence and expiry: any of the three changed sends all three.
      if (graded && (k === 'bbeeLevel' || k === 'bbeeEvidence' || k === 'bbeeExpiresOn'))
        return (
          compliance.bbeeLevel !== onFile.bbeeLevel || compliance.bbeeEvidence !== onFile.bbeeEvidence || compliance.bbeeExpiresOn !== onFile.bbeeExpiresOn
        );
      return v !== onFile[k];
    }),
  ) as SupplierProfileChange;
}

function ProfileForm({ initial }: { initial: SupplierProfile }) {
  const [profile, setProfile] = useState(initial);
  const [terms, setTerms] = useState(() => termsDraft(initial));
  const [compliance, setCompliance] = useState(() => complianceDraft(initial));
  const [leadEmails, setLeadEmails] = useState(initial.leadEmails);
  const [registrationNumber, setRegistrationNumber] = useState(initial.registrationNumber ?? '');
  const { errors, setErrors, failure, saving, run } = useSave<Field>();
  const [notice, setNotice] = useState<string | null>(null);
  const setTerm = (field: TermsField) => (value: string) => setTerms((t) => ({ ...t, [field]: value }));
  // A refusal takes the supplier to the first field it names.
  const focusFirst = (fields: Partial<Record<Field, string>>) => {
    const first = Object.keys(fields)[0];
    if (first) document.getElementById(`profile-${first}`)?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const found: Partial<Record<Field, string>> = {
      ...(registrationNumber.trim() !== '' && registrationNumberOf(registrationNumber) === null
        ? { registrationNumber: SUPPLIER_MESSAGES.registrationNumber }
        : {}),
      ...checkCompliance(compliance),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    const change = changeOf(profile, terms, leadEmails, registrationNumber, complianceChange(compliance));
    if (Object.keys(change).length === 0) {
      setNotice(`${SUPPLIER_MESSAGES.profileEmpty}: nothing has changed.`);
      return;
    }
    await run(async () => {
      const saved = await supplierApi().updateProfile(change);
      setProfile(saved);
      setTerms(termsDraft(saved));
      setCompliance(complianceDraft(saved));
      setLeadEmails(saved.leadEmails);
      setRegistrationNumber(saved.registrationNumber ?? '');
      setNotice('Saved. Your next quotes use these details.');
    }, focusFirst);
  };

  return (
    <form className="form-stack" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="visually-hidden">
        Your details
      </h2>
      <section className="card form-stack" aria-labelledby="profile-contact">
        <h3 id="profile-contact">Contact and terms</h3>
        <p className="small muted">Buyers see these on every quote; your quotation and purchase orders carry them. Orders go to {profile.email}.</p>
        <TextField
          id="profile-contactPerson"
          label="Contact person"
          value={terms.contactPerson}
          onChange={setTerm('contactPerson')}
          error={errors.contactPerson}
        />
        <TextField id="profile-phone" type="tel" label="Phone" value={terms.phone} onChange={setTerm('phone')} error={errors.phone} />
        <TextField id="profile-paymentTerms" label="Payment terms" value={terms.paymentTerms} onChange={setTerm('paymentTerms')} error={errors.paymentTerms} />
        <TextField
          id="profile-validityDays"
          inputMode="numeric"
          label="Quotes stay valid for (days)"
          value={terms.validityDays}
          onChange={setTerm('validityDays')}
          error={errors.validityDays}
        />
        <TextField
          id="profile-minimumOrder"
          inputMode="decimal"
          label="Minimum order, rand excl. VAT"
          hint={`Now ${formatRand(profile.minimumOrder)}; 0 for none.`}
          value={terms.minimumOrder}
          onChange={setTerm('minimumOrder')}
          error={errors.minimumOrder}
        />
      </section>
      <section className="card form-stack" aria-labelledby="profile-leads">
        <h3 id="profile-leads">Lead e-mails</h3>
        <fieldset className="form-stack lead-emails" aria-describedby={errors.leadEmails ? 'profile-leadEmails-error' : undefined}>
          <legend className="small muted">
            How new leads reach {profile.email}. Every lead is in the workspace as soon as it comes, whichever you choose.
          </legend>
          {LEAD_EMAIL_CHOICES.map((c) => (
            <label key={c.value} className="checkbox">
              <input type="radio" name="leadEmails" value={c.value} checked={leadEmails === c.value} onChange={() => setLeadEmails(c.value)} />
              <span>
                {c.label}
                <span className="small muted"> · {c.hint}</span>
              </span>
            </label>
          ))}
          <FieldError id="profile-leadEmails" message={errors.leadEmails} />
        </fieldset>
      </section>
      <section className="card form-stack" aria-labelledby="profile-tax">
        <h3 id="profile-tax">Tax and B-BBEE</h3>
        <p className="small muted">
          Buyers compare quotes on it today: {bbeeLabel(profile.bbee)}, procurement recognition {profile.bbee.recognitionPercent}%.
        </p>
        <TextField
          id="profile-registrationNumber"
          label="Company registration number"
          hint="As CIPC issued it, such as 2015/123456/07. Your quotations and purchase orders carry it."
          value={registrationNumber}
          onChange={setRegistrationNumber}
          error={errors.registrationNumber}
        />
        <ComplianceFields idPrefix="profile" draft={compliance} onChange={setCompliance} errors={errors} />
      </section>
      {/* What the save did, beside the button that saved: the form is longer than a screen. */}
      <SuccessNotice message={notice} />
      {failure ? <ErrorAlert title="Not saved" message={failure} inline /> : null}
      <SubmitButton pending={saving} busy="Saving…" row={null}>
        Save my details
      </SubmitButton>
    </form>
  );
}

/** The profile tab: the supplier's contact, terms, VAT number, address and B-BBEE standing, and where it delivers, editable. */
export function SupplierProfileTab() {
  return (
    <Loaded read={(signal) => supplierApi().profile({ signal })} failed="Details not loaded" loading="Loading your details" height="12rem">
      {(profile) => (
        <div className="form-stack">
          <BbeeExpiryNotice bbee={profile.bbee} />
          <ProfileForm initial={profile} />
          <SupplierCoverageSection />
        </div>
      )}
    </Loaded>
  );
}
