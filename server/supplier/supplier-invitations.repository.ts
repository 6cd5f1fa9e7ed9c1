import type { Executor as Db } from '../db/executor';

/** Records an invitation of `email` to a supplier, or renews one made before (its name and time); answers its id. */
export async function upsertInvitation(db: Db, invitation: { supplierId: number; email: string; name: string; now: string }): Promise<number> {
  const row = await db
    .insertInto('supplier_invitations')
    .values({ supplier_id: invitation.supplierId, email: invitation.email, name: invitation.name, created_at: invitation.now })
    .onConflict((oc) =>
      oc.columns(['supplier_id', 'email']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), created_at: eb.ref('excluded.created_at') })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A supplier's invitations whose address no person of that supplier has signed in with yet, newest first. */
export async function listOpenInvitations(db: Db, supplierId: number) {
  return db
    .selectFrom('supplier_invitations as i')
    .selectAll('i')
    .where('i.supplier_id', '=', supplierId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('supplier_users as u')
            .select('u.id')
            .whereRef('u.email', '=', 'i.email')
            .whereRef('u.supplier_id', '=', 'i.supplier_id')
            .where('u.last_sign_in_at', 'is not', null),
        ),
      ),
    )
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
}

export async function findInvitation(db: Db, id: number) {
  return db.selectFrom('supplier_invitations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteInvitation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('supplier_invitations').where('id', '=', id).execute();
}

/** Forgets a supplier's invitations of an address: its person was removed. */
export async function deleteInvitationsOf(db: Db, invitation: { supplierId: number; email: string }): Promise<void> {
  await db.deleteFrom('supplier_invitations').where('supplier_id', '=', invitation.supplierId).where('email', '=', invitation.email).execute();
}
