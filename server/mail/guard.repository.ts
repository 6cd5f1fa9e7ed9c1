import type { Executor } from '../db/executor';
import type { AddressEventsTable, MailSuppressionsTable } from '../db/schema';

type EventKind = AddressEventsTable['kind'];

/** Records one event of an address and answers how many of its kind it has since `since`, this one included. */
export async function recordAddressEvent(
  db: Executor,
  event: { addressHash: string; kind: EventKind; now: string; since: string },
): Promise<{ id: number; count: number }> {
  const { id } = await db
    .insertInto('address_events')
    .values({ address_hash: event.addressHash, kind: event.kind, created_at: event.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { n } = await db
    .selectFrom('address_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('address_hash', '=', event.addressHash)
    .where('kind', '=', event.kind)
    .where('created_at', '>', event.since)
    .executeTakeFirstOrThrow();
  return { id, count: Number(n) };
}

export async function deleteAddressEvent(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('address_events').where('id', '=', id).execute();
}

/** Drops events older than any window counts. */
export async function pruneAddressEvents(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('address_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Which of the hashes are on the suppression list. */
export async function suppressedHashes(db: Executor, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db.selectFrom('mail_suppressions').select('address_hash').where('address_hash', 'in', hashes).execute();
  return new Set(rows.map((r) => r.address_hash));
}

export async function insertMailLinks(db: Executor, rows: { token_hash: string; address_hash: string; masked_address: string; created_at: string }[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('mail_links').values(rows).execute();
}

export async function findMailLink(db: Executor, tokenHash: string) {
  return db
    .selectFrom('mail_links')
    .leftJoin('mail_suppressions', 'mail_suppressions.address_hash', 'mail_links.address_hash')
    .select(['mail_links.address_hash', 'mail_links.masked_address', 'mail_suppressions.reason'])
    .where('mail_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Puts an address on the suppression list; a second request keeps the first reason. */
export async function suppressAddress(db: Executor, addressHash: string, reason: MailSuppressionsTable['reason'], now: string): Promise<void> {
  await db
    .insertInto('mail_suppressions')
    .values({ address_hash: addressHash, reason, created_at: now })
    .onConflict((oc) => oc.column('address_hash').doNothing())
    .execute();
}

export async function unsuppressAddress(db: Executor, addressHash: string): Promise<void> {
  await db.deleteFrom('mail_suppressions').where('address_hash', '=', addressHash).execute();
}
