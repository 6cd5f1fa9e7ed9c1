import { companySizeLabel } from '../../sdk/format';
import { COMPANY_SIZES } from '../../sdk/rules';
import { FieldError } from '../ui/TextField';

/** The optional company size select, on the main form's step 3 and in the widget's short form. */
export function CompanySizeField({ id, value, error, onChange }: { id: string; value: string; error?: string | undefined; onChange(value: string): void }) {
  return (
    <div className="field">
      <label htmlFor={id}>Company size (optional)</label>
      <select
        id={id}
        name="companySize"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Not given</option>
        {COMPANY_SIZES.map((size) => (
          <option key={size} value={size}>
            {companySizeLabel(size)}
          </option>
        ))}
      </select>
      <FieldError id={id} message={error} />
    </div>
  );
}
