import { useState } from 'react';
import type { MyDataDeleted } from '../../../contract/schemas/analytics';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { buyerApi } from '../../lib/api';

/** What deleting the account removed, in words. */
export function deletedText(deleted: MyDataDeleted): string {
  const requests = deleted.rfqs === 1 ? '1 request no longer holds' : `${deleted.rfqs} requests no longer hold`;
  const emails = deleted.emails === 1 ? '1 e-mail was' : `${deleted.emails} e-mails were`;
  return `Your account and your saved details are deleted, ${requests} your contact details, and ${emails} deleted. The requests stay on Procura with no personal details, as every request does 72 hours after it ends.`;
}

/** "Delete my account": asks first, then deletes the account and every request's personal data, as /privacy/my-data does. */
export function DeleteAccount({ onDeleted }: { onDeleted(deleted: MyDataDeleted): void }) {
  const [asking, setAsking] = useState(false);
  return (
    <section className="card delete-account" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete your account</h2>
      <p className="small">
        Deletes your account, your saved details, and the contact details of every request you made with this address (your name, company, e-mail address,
        phone, delivery addresses and order references), and every e-mail we hold for you. Suppliers keep the orders, with no contact details.
      </p>
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        Delete my account
      </button>
      {asking ? (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel="Yes, delete my account"
          pendingLabel="Deleting…"
          focus="cancel"
          onConfirm={async () => onDeleted(await buyerApi().deleteAccount())}
          onClose={() => setAsking(false)}
        >
          <p>Your account, your saved details and the contact details of all your requests are deleted at once. This cannot be undone.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
