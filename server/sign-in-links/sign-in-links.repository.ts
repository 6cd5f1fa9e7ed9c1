import type { Executor as Db } from '../db/executor';

/** The tables whose rows links are made for: the `id` a link's `owner_id` names. */
export type OwnerTable = 'supplier_users' | 'staff_users' | 'buyer_accounts' | 'supplier_applications';

/**
 * Makes a link for `ownerId` when that row of `owners` exists, in one statement whatever it finds:
 * an owner of null (nobody) runs the same statement and writes nothing. Answers whether it wrote.
 */
export async function insertLinkFor(
  db: Db,
  link: { hash: string; kind: string; owners: OwnerTable; ownerId: number | null; createdAt: string; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('sign_in_links')
    .columns(['token_hash', 'kind', 'owner_id', 'created_at', 'expires_at'])
    .expression((eb) =>
      eb
        .selectFrom(link.owners)
        .select([
          eb.val(link.hash).as('token_hash'),
          eb.val(link.kind).as('kind'),
          'id as owner_id',
          eb.val(link.createdAt).as('created_at'),
          eb.val(link.expiresAt).as('expires_at'),
        ])
        .where('id', '=', link.ownerId as number),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Leaves an owner's `keep` newest links of a kind and deletes the rest (for nobody, deletes nothing). */
export async function keepNewestLinks(db: Db, link: { kind: string; ownerId: number | null; keep: number }): Promise<void> {
  await db
    .deleteFrom('sign_in_links')
    .where('kind', '=', link.kind)
    .where('owner_id', '=', link.ownerId as number)
    .where('token_hash', 'not in', (eb) =>
      eb
        .selectFrom('sign_in_links')
        .select('token_hash')
        .where('kind', '=', link.kind)
        .where('owner_id', '=', link.ownerId as number)
        .orderBy('created_at', 'desc')
        .orderBy('token_hash')
        .limit(link.keep),
    )
    .execute();
}

/** The link a token's hash names, as a query to build on: one row when it exists, none otherwise. */
export function linkRow(db: Db, hash: string) {
  return db.selectFrom('sign_in_links').where('token_hash', '=', hash);
}

/** Whose an unused, unexpired link of a kind is, without spending it. */
export async function liveLinkOwner(db: Db, link: { hash: string; kind: string; now: string }): Promise<number | undefined> {
  const row = await db
    .selectFrom('sign_in_links')
    .select('owner_id')
    .where('token_hash', '=', link.hash)
    .where('kind', '=', link.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', link.now)
    .executeTakeFirst();
  return row?.owner_id;
}

/** Spends an unused, unexpired link of a kind once (a single conditional update); answers whose it was. */
export async function spendLink(db: Db, link: { hash: string; kind: string; now: string }): Promise<number | undefined> {
  const row = await db
    .updateTable('sign_in_links')
    .set({ used_at: link.now })
    .where('token_hash', '=', link.hash)
    .where('kind', '=', link.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', link.now)
    .returning('owner_id')
    .executeTakeFirst();
  return row?.owner_id;
}

/** Deletes every link of an owner of a kind. */
export async function deleteLinks(db: Db, link: { kind: string; ownerId: number }): Promise<void> {
  await db.deleteFrom('sign_in_links').where('kind', '=', link.kind).where('owner_id', '=', link.ownerId).execute();
}

/** Drops links expired or used; answers how many. */
export async function pruneLinks(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('sign_in_links')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
