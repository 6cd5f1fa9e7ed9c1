import { useState } from 'react';
import { errorMessage, fieldErrors } from './api-errors';

/** A form's save: its field messages, the message of a refusal no field explains, and whether it is saving. */
export interface Save<F extends string> {
  errors: Partial<Record<F, string>>;
  setErrors(errors: Partial<Record<F, string>>): void;
  failure: string | null;
  saving: boolean;
  /**
   * Runs `call` while `saving`; a refusal's field messages show on their fields (and go to
   * `onRefused`, to move focus to the first), anything else as `failure`. Answers whether it saved.
   */
  run(call: () => Promise<void>, onRefused?: (fields: Partial<Record<F, string>>) => void): Promise<boolean>;
}

/**
 * The save of a workspace or staff form, as every such form handles it: pending while the call
 * runs, the API's field messages on their fields, any other refusal in the form's alert.
 *
 * @example
 * const save = useSave<'unitPrice'>();
 * await save.run(async () => onSaved(await supplierApi().changeOffer(id, change)));
 */
export function useSave<F extends string = string>(): Save<F> {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async (call: () => Promise<void>, onRefused?: (fields: Partial<Record<F, string>>) => void): Promise<boolean> => {
    setFailure(null);
    setSaving(true);
    try {
      await call();
      setErrors({});
      return true;
    } catch (err) {
      const fields = fieldErrors(err) as Partial<Record<F, string>>;
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorMessage(err));
      else onRefused?.(fields);
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { errors, setErrors, failure, saving, run };
}
