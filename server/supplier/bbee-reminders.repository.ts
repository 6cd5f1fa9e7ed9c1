import type { Executor } from '../db/executor';

/** Suppliers with a B-BBEE level whose evidence expires from `from` to `to` (both included), not yet reminded of that expiry. */
export async function expiringUnreminded(db: Executor, { from, to }: { from: string; to: string }) {
  return db
    .selectFrom('suppliers')
    .select(['id', 'email', 'bbee_expires_on'])
    .where('bbee_level', '>=', 1)
    .where('bbee_evidence', 'is not', null)
    .where('bbee_expires_on', '>=', from)
    .where('bbee_expires_on', '<=', to)
    .where((eb) => eb.or([eb('bbee_reminded_for', 'is', null), eb('bbee_reminded_for', '<>', eb.ref('bbee_expires_on'))]))
    .orderBy('id')
    .execute();
}

/** The addresses of a supplier's enabled people, who sign in for it; none for a listing no one was given. */
export async function peopleOf(db: Executor, supplierId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('supplier_users')
    .select('email')
    .where('supplier_id', '=', supplierId)
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.email);
}

/** Records the reminder of an expiry, unless another process did: answers whether this one did. */
export async function markReminded(db: Executor, supplierId: number, expiresOn: string): Promise<boolean> {
  const result = await db
    .updateTable('suppliers')
    .set({ bbee_reminded_for: expiresOn })
    .where('id', '=', supplierId)
    .where('bbee_expires_on', '=', expiresOn)
    .where((eb) => eb.or([eb('bbee_reminded_for', 'is', null), eb('bbee_reminded_for', '<>', expiresOn)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
