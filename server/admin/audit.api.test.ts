import { expect, it } from 'vitest';
import { auditLogSchema } from '../../contract/schemas/audit';
import { inviteSupplierUser } from '../supplier/supplier-invitations.service';
import { startTestServerForFile } from '../test/harness';
import { signInStaff } from '../test/staff';

const server = startTestServerForFile();
const db = () => server.database.db;

async function latest(headers: Record<string, string>, limit: number) {
  const res = await server.request('GET', `/api/admin/audit?limit=${limit}`, { headers });
  expect(res.status).toBe(200);
  return auditLogSchema.parse(res.json).entries.map(({ action, rows, detail, staffName }) => ({ action, rows, detail, staffName }));
}

it("lists invitations made on the command line beside the portal's, each naming the supplier, not its id", async () => {
  const admin = await signInStaff(server, { name: 'Naledi Dube' });
  const [first, second] = await db().selectFrom('suppliers').select('id').orderBy('id').limit(2).execute();
  await db().updateTable('suppliers').set({ name: 'Garden Route Industrial Supplies' }).where('id', '=', first!.id).execute();

  const byStaff = await server.request('POST', `/api/admin/suppliers/${first!.id}/invite`, {
    body: { email: 'owner@gardenroute.example', name: 'Pieter Botha' },
    headers: admin.headers,
  });
  expect(byStaff.status).toBe(201);
  // What `cli supplier-invite` runs, with no staff member to name.
  await inviteSupplierUser(server.app.deps, { supplierId: second!.id, email: 'buyer@second.example', name: 'Ayanda Nkosi' }, { commandLine: true });
  const secondName = (await db().selectFrom('suppliers').select('name').where('id', '=', second!.id).executeTakeFirstOrThrow()).name;

  expect(await latest(admin.headers, 2)).toEqual([
    { action: 'suppliers.invite', rows: 1, detail: secondName, staffName: 'The command line' },
    { action: 'suppliers.invite', rows: 1, detail: 'Garden Route Industrial Supplies', staffName: 'Naledi Dube' },
  ]);
  const stored = await db().selectFrom('staff_audit').select(['staff_id', 'detail']).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  expect(stored).toEqual({ staff_id: null, detail: `supplier ${second!.id}` });

  // A supplier's note follows its renaming; one whose supplier is gone keeps the id it was written with.
  await db().updateTable('suppliers').set({ name: 'Garden Route Supplies' }).where('id', '=', first!.id).execute();
  await db()
    .insertInto('staff_audit')
    .values({ staff_id: null, action: 'suppliers.invite', rows: 1, detail: 'supplier 999999', created_at: new Date().toISOString() })
    .execute();
  expect((await latest(admin.headers, 3)).map((e) => e.detail)).toEqual(['supplier 999999', secondName, 'Garden Route Supplies']);
});
