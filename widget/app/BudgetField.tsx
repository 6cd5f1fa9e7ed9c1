/** The buyer's budget, optional: one of the form's ranges, by its label. */
export function BudgetField<R extends string>({
  id,
  labels,
  value,
  onChange,
}: {
  id: string;
  labels: Record<R, string>;
  value: string;
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Budget (optional)</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">No budget given</option>
        {(Object.entries(labels) as [R, string][]).map(([range, label]) => (
          <option key={range} value={range}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
