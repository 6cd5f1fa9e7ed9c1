import { useState, type FormEvent, type ReactNode } from 'react';
import { errorText } from '../../lib/use-load';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  /** The confirming button's label, and what it reads while the call runs. */
  confirmLabel: string;
  pendingLabel: string;
  /** Runs the action; a throw keeps the dialog open with the message `describe` makes of it. */
  onConfirm(): Promise<void>;
  onClose(): void;
  /** The message of a failed action; null when the dialog's own fields already say what is wrong. */
  describe?(error: unknown): string | null;
  /** Checks the dialog's fields first: false sends nothing (the fields show why). */
  validate?(): boolean;
  /** Where focus lands: on Cancel for a step that cannot be taken back; on the first field of a dialog that asks for some. */
  focus?: 'confirm' | 'cancel' | 'field';
}

/** Asks before an action that tells other people (suppliers, the buyer), and shows why it failed if it does. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  onConfirm,
  onClose,
  describe = errorText,
  validate,
  focus = 'confirm',
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    if (validate && !validate()) {
      setError(null);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (err) {
      setError(describe(err));
      setPending(false);
    }
  };
  return (
    <Modal title={title} onClose={onClose}>
      {/* A form, so Enter in one of the dialog's fields confirms as the button does. */}
      <form className="stack" noValidate onSubmit={confirm}>
        {children}
        {error ? (
          <div className="alert alert-danger" role="alert">
            <p className="flush">{error}</p>
          </div>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose} data-autofocus={focus === 'cancel' ? '' : undefined}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={pending} data-autofocus={focus === 'confirm' ? '' : undefined}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
