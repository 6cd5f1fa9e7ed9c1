import { sql } from 'kysely';
import { addressPerCall, type TestServer } from './harness';
import { signInStaff, staffAdmin } from './staff';

/** The token of the latest sign-in link e-mailed to `email`, if any. */
export async function lastSignInLink(server: TestServer, email: string): Promise<string | undefined> {
  const row = await server.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('kind', '=', 'supplier-sign-in')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as { token: string }).token : undefined;
}

/** A staff admin invites `email` to `supplierId`'s workspace from /admin. */
function adminInvite(server: TestServer, headers: Record<string, string>, supplierId: number, email: string, name = 'Sipho Dlamini') {
  return server.request('POST', `/api/admin/suppliers/${supplierId}/invite`, { body: { email, name }, headers });
}

/**
 * Invites `email` to `supplierId` from /admin and signs in from the link e-mailed to it; answers
 * the headers a workspace page sends with every call: the supplier cookie and PUBLIC_URL's origin.
 */
export async function signInSupplier(server: TestServer, supplierId: number, email: string, headers: Record<string, string> = {}) {
  const admin = await signInStaff(server);
  const origin = new URL(server.config.publicUrl).origin;
  const invited = await adminInvite(server, admin.headers, supplierId, email);
  if (invited.status !== 201) throw new Error(`invite answered ${invited.status}: ${invited.text}`);
  const token = await lastSignInLink(server, email);
  if (!token) throw new Error(`no sign-in link was e-mailed to ${email}`);
  const res = await server.request('POST', '/api/supplier/session', { body: { token }, headers: { origin, ...headers } });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, headers: { cookie, origin } };
}

/** The newest entry of a supplier's audit log: its action and detail. */
export function lastSupplierAudit(server: TestServer, supplierId: number) {
  return server.database.db
    .selectFrom('supplier_audit')
    .select(['action', 'detail'])
    .where('supplier_id', '=', supplierId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** How many sign-in links have been e-mailed to `email`. */
async function signInLinksSent(server: TestServer, email: string): Promise<number> {
  const rows = await server.database.db.selectFrom('outbox').select('id').where('kind', '=', 'supplier-sign-in').where('recipient', '=', email).execute();
  return rows.length;
}

/**
 * What a supplier workspace test file calls on its server, which trusts the proxy's address: headers
 * giving each call an address of its own, how many sign-in links a person was sent, an admin's
 * headers kept signed in across the file's clock, and that admin's invitation of a person to a supplier.
 */
export function supplierTestKit(server: () => TestServer) {
  const adminHeaders = staffAdmin(server);
  return {
    client: addressPerCall(),
    linksTo: (email: string) => signInLinksSent(server(), email),
    adminHeaders,
    invite: async (supplierId: number, email: string, name?: string) => adminInvite(server(), await adminHeaders(), supplierId, email, name),
  };
}

/**
 * The ids of suppliers in good standing, read straight from the tables: new on Procura (fewer
 * than 3 counted receipts), or rated at least 3.0 by their buyers and on time and in full for at
 * least 70 % of them. The seed's receipts all fall in the scorecard's 12 months.
 */
export async function goodStandingIds(server: TestServer): Promise<Set<number>> {
  const rows = await server.database.db
    .selectFrom('suppliers as s')
    .leftJoin(
      (db) =>
        db
          .selectFrom('order_receipts as r')
          .innerJoin('purchase_orders as po', 'po.id', 'r.purchase_order_id')
          .select([
            'r.supplier_id',
            sql<number>`count(*)`.as('n'),
            sql<number>`sum(r.rating)`.as('ratings'),
            sql<number>`sum(case when r.on_time = 1 and r.in_full = 1 then 1 else 0 end)`.as('kept'),
          ])
          .where('r.counted', '=', 1)
          .where('po.confirmed_on', 'is not', null)
          .groupBy('r.supplier_id')
          .as('e'),
      (join) => join.onRef('e.supplier_id', '=', 's.id'),
    )
    .select(['s.id', 'e.n', 'e.ratings', 'e.kept'])
    .execute();
  return new Set(
    rows
      .filter((r) => r.n === null || Number(r.n) < 3 || (Math.round((Number(r.ratings) / Number(r.n)) * 10) / 10 >= 3 && Number(r.kept) >= 0.7 * Number(r.n)))
      .map((r) => r.id),
  );
}
