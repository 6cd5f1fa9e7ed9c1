import { blurUnlessSubmitting } from './blur';

/** A field's message, linked to its control by `{id}-error`. */
export function FieldError({ id, message }: { id: string; message?: string | undefined }) {
  return message ? (
    <p id={`${id}-error`} className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  error?: string | undefined;
  hint?: string;
  /** The id of a note elsewhere on the page that also describes the control. */
  describedBy?: string;
  required?: boolean;
  /** A textarea of this many rows instead of an input. */
  rows?: number;
  type?: string;
  inputMode?: 'numeric' | 'decimal';
  readOnly?: boolean;
  placeholder?: string;
  name?: string;
  /** What a browser or password manager may fill in: `username`, `current-password`, `new-password`. */
  autoComplete?: string;
}

/** A labelled text input or textarea with its hint and message wired for screen readers. */
export function TextField(p: TextFieldProps) {
  const control = {
    id: p.id,
    name: p.name,
    autoComplete: p.autoComplete,
    placeholder: p.placeholder,
    value: p.value,
    'aria-invalid': p.error ? true : undefined,
    'aria-required': p.required || undefined,
    'aria-describedby': [p.error ? `${p.id}-error` : '', p.hint ? `${p.id}-hint` : '', p.describedBy ?? ''].filter(Boolean).join(' ') || undefined,
    onChange: (e: { target: { value: string } }) => p.onChange(e.target.value),
    onBlur: blurUnlessSubmitting(p.onBlur),
  };
  return (
    <div className="field">
      <label htmlFor={p.id}>
        {p.label}
        {p.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {p.rows ? <textarea rows={p.rows} {...control} /> : <input type={p.type ?? 'text'} inputMode={p.inputMode} readOnly={p.readOnly} {...control} />}
      {p.hint ? (
        <p id={`${p.id}-hint`} className="hint">
          {p.hint}
        </p>
      ) : null}
      <FieldError id={p.id} message={p.error} />
    </div>
  );
}
