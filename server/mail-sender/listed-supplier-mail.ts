// The e-mails that go to a supplier's listed address, and what each carries when no one signs in
// for the supplier: the claim line and the one-click stop.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { listedSupplier, listedSupplierLinks, supplierOfQuote, type ListedSupplierRow } from '../listed-suppliers/listed-suppliers.service';
import type { OutboxMessage } from '../mail/messages';
import type { OutboxRow } from '../mail/outbox.repository';
import type { Email } from './templates/layout';
import { withListedSupplierLinks } from './templates/listed-supplier';

/**
 * The kinds sent to the supplier's listed address (its sign-in links go to its people instead).
 * A stopped address gets none of them but its orders: a buyer ordered from a quote made before the stop.
 */
const LISTED_ADDRESS_KINDS: ReadonlySet<string> = new Set<OutboxMessage['kind']>([
  'supplier-lead',
  'supplier-lead-digest',
  'supplier-order',
  'supplier-not-selected',
  'supplier-bbee-reminder',
]);

/** The kinds a stopped address no longer gets. */
export const STOPPABLE_KINDS: ReadonlySet<string> = new Set<OutboxMessage['kind']>([
  'supplier-lead',
  'supplier-lead-digest',
  'supplier-not-selected',
  'supplier-bbee-reminder',
]);

/** The supplier a message to a listed address is about, or undefined for any other kind of message. */
async function supplierOfMessage(db: Kysely<DB>, row: Pick<OutboxRow, 'kind' | 'payload'>): Promise<ListedSupplierRow | undefined> {
  if (!LISTED_ADDRESS_KINDS.has(row.kind)) return undefined;
  const message = { kind: row.kind, payload: JSON.parse(row.payload) } as OutboxMessage;
  switch (message.kind) {
    case 'supplier-lead-digest': {
      const first = message.payload.leads[0];
      return first && supplierOfQuote(db, first.quoteId);
    }
    case 'supplier-bbee-reminder':
      return listedSupplier(db, message.payload.supplierId);
    case 'supplier-lead':
    case 'supplier-order':
    case 'supplier-not-selected':
      return supplierOfQuote(db, message.payload.quoteId);
    default:
      return undefined;
  }
}

/**
 * A rendered e-mail to a supplier's listed address with the claim line and the stop link, when no
 * one signs in for the supplier; any other e-mail as it is.
 */
export async function forListedSupplier(db: Kysely<DB>, row: Pick<OutboxRow, 'kind' | 'payload'>, email: Email, publicUrl: string, now: Date): Promise<Email> {
  const supplier = await supplierOfMessage(db, row);
  const links = supplier && (await listedSupplierLinks(db, supplier, publicUrl, now));
  return links ? withListedSupplierLinks(email, links) : email;
}
