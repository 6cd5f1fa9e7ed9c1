/**
 * An on/off switch in the ARIA switch pattern: a button, so Space and Enter turn it as a click
 * does, named by the visible text it stands beside (`labelledBy`).
 */
export function Switch({
  checked,
  onChange,
  labelledBy,
  describedBy,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  labelledBy: string;
  describedBy?: string;
}) {
  return (
    <button type="button" role="switch" className="switch-control" aria-checked={checked} aria-labelledby={labelledBy} aria-describedby={describedBy} onClick={() => onChange(!checked)}>
      <span className="switch-thumb" aria-hidden="true" />
    </button>
  );
}
