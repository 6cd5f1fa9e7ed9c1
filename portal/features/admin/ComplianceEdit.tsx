import { useState, type FormEvent } from 'react';
import { bbeeEvidenceText } from '../../../sdk/bbee';
import type { AdminSupplier } from '../../../contract/schemas/admin';
import { checkCompliance, complianceChange, complianceDraft, ComplianceFields, type ComplianceField } from '../../components/compliance/compliance-fields';
import { useToast } from '../../components/ui/toast';
import { staffApi } from '../../lib/api';
import { errorMessage, fieldErrors } from '../../lib/api-errors';
import { SubmitButton } from '../../../widget/ui/SubmitButton';

/** What the list shows of a supplier's B-BBEE standing, as on file (expiry is judged where quotes are made). */
function bbeeOnFile(s: Pick<AdminSupplier, 'bbeeLevel' | 'bbeeEvidence' | 'bbeeExpiresOn'>): string {
  if (s.bbeeLevel === null) return 'No B-BBEE evidence';
  if (s.bbeeLevel === 0) return 'Non-compliant';
  return `Level ${s.bbeeLevel} · ${s.bbeeEvidence ? bbeeEvidenceText(s.bbeeEvidence) : 'no evidence'} to ${s.bbeeExpiresOn ?? '?'}`;
}

/**
 * A supplier's VAT number, registered address and B-BBEE standing (level, evidence, expiry), edited
 * in a disclosure under its row's cell; saved together and audited.
 */
export function ComplianceEdit({ supplier, onSaved }: { supplier: AdminSupplier; onSaved(s: AdminSupplier): void }) {
  const toast = useToast();
  const [draft, setDraft] = useState(() => complianceDraft(supplier));
  const [errors, setErrors] = useState<Partial<Record<ComplianceField, string>>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkCompliance(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await staffApi().admin.setStanding(supplier.id, complianceChange(draft));
      onSaved(saved);
      toast({ title: 'Standing saved', description: `${saved.name}: ${bbeeOnFile(saved)}${saved.vatNumber ? `, VAT ${saved.vatNumber}` : ''}.` });
    } catch (err) {
      const fields = fieldErrors(err) as Partial<Record<ComplianceField, string>>;
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <details className="compliance-edit">
      <summary>
        <span>{bbeeOnFile(supplier)}</span>
        <span className="small muted"> · {supplier.vatNumber ? `VAT ${supplier.vatNumber}` : 'no VAT number'}</span>
        <span className="visually-hidden"> ({supplier.name}): edit</span>
      </summary>
      <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={`Tax and B-BBEE details of ${supplier.name}`}>
        <ComplianceFields idPrefix={`supplier-${supplier.id}`} draft={draft} onChange={setDraft} errors={errors} />
        <SubmitButton pending={saving} busy="Saving…" secondary row={null}>
          Save tax and B-BBEE details
        </SubmitButton>
      </form>
    </details>
  );
}
