import { WIDGET_THEMES, type WidgetTheme } from '../../sdk/embed/config';

/** How each theme is named on screen. */
export const THEME_LABELS: Record<WidgetTheme, string> = { light: 'Light', dark: 'Dark', branded: 'Branded' };

/** The widget's theme as three radio choices, one group per page (`name`). */
export function ThemeChoice({ name, value, onChange }: { name: string; value: WidgetTheme; onChange(theme: WidgetTheme): void }) {
  return (
    <fieldset className="field choice-group">
      <legend>Theme</legend>
      <div className="choices">
        {WIDGET_THEMES.map((t) => (
          <label key={t} className="choice">
            <input type="radio" name={name} value={t} checked={value === t} onChange={() => onChange(t)} />
            <span>{THEME_LABELS[t]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
