import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierImportSchema } from '../../contract/schemas/import-calls';
import { importSuppliers } from '../catalogue/import/import.service';
import { startTestServer, type TestServer } from '../test/harness';
import { createStaff } from '../test/staff';
import { setSupplierStanding, type AdminDeps } from './admin.service';

const NOW = Date.UTC(2026, 10, 24, 9, 30, 0);
let server: TestServer;
let deps: AdminDeps;
let staffId: number;

beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000' });
  deps = { database: server.database, market: server.app.deps.market, clock: () => NOW };
  const person = await createStaff(server, { role: 'admin', name: 'Naledi Dube' });
  staffId = (await server.database.db.selectFrom('staff_users').select('id').where('email', '=', person.email).executeTakeFirstOrThrow()).id;
});
afterAll(() => server.close());

describe('a supplier’s VAT number, registered address and B-BBEE standing', () => {
  it('lets an admin set and clear them, with a message per field', async () => {
    await importSuppliers(
      deps,
      staffId,
      supplierImportSchema.parse({ suppliers: ['Karoo Plain | plain@karoo-plain.example | sanitizers | Upington | | | | | | non-compliant | | '] }),
    );
    const { id } = await server.database.db.selectFrom('suppliers').select('id').where('email', '=', 'plain@karoo-plain.example').executeTakeFirstOrThrow();
    const saved = await setSupplierStanding(deps, staffId, id, {
      vatNumber: '4111222333',
      registeredAddress: '1 Station Road, Upington, 8801',
      bbeeLevel: 3,
      bbeeEvidence: 'certificate',
      bbeeExpiresOn: '2027-01-31',
    });
    expect(saved).toMatchObject({
      vatNumber: '4111222333',
      registeredAddress: '1 Station Road, Upington, 8801',
      bbeeLevel: 3,
      bbeeEvidence: 'certificate',
      bbeeExpiresOn: '2027-01-31',
    });
    const cleared = await setSupplierStanding(deps, staffId, id, { vatNumber: null, bbeeLevel: 0 });
    expect(cleared).toMatchObject({
      vatNumber: null,
      registeredAddress: '1 Station Road, Upington, 8801',
      bbeeLevel: 0,
      bbeeEvidence: null,
      bbeeExpiresOn: null,
    });
  });
});
