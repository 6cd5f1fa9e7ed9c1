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
    <button
      type="button"
      role="switch"
      className="switch-control"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={() => onChange(!checked)}
    >
      <span className="switch-thumb" aria-hidden="true" />
    </button>
  );
}

/**
 * A setting that is on or off: its label, then a {@link Switch} named by it.
 *
 * @example
 * <SwitchField id="cfg-compact" label="Compact Mode: Show all fields on one page" checked={compact} onChange={setCompact} />
 */
export function SwitchField({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange(checked: boolean): void }) {
  return (
    <div className="switch-field">
      <span id={id}>{label}</span>
      <Switch checked={checked} onChange={onChange} labelledBy={id} />
    </div>
  );
}
