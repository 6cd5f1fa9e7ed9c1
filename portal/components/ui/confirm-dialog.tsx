import { useState, type ReactNode } from 'react';
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
  describe?(error: unknown): string;
  /** Where focus lands: on Cancel for a step that cannot be taken back. */
  focus?: 'confirm' | 'cancel';
}

/** Asks before an action that tells other people (suppliers, the buyer), and shows why it failed if it does. */
export function ConfirmDialog({ title, children, confirmLabel, pendingLabel, onConfirm, onClose, describe = errorText, focus = 'confirm' }: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    if (pending) return;
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
      <div className="stack">
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
          <button type="button" className="button" onClick={confirm} disabled={pending} data-autofocus={focus === 'confirm' ? '' : undefined}>
            {pending ? pendingLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
