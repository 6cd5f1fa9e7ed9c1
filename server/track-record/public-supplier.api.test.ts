import { describe, expect, it } from 'vitest';
import { publicSupplierSchema } from '../../contract/schemas/public-supplier';
import { startTestServerForFile } from '../test/harness';

const server = startTestServerForFile();

describe('GET /api/suppliers/:supplier', () => {
  it("answers a supplier's public profile and scorecard by its slug or id, with none of its contact details", async () => {
    const row = await server.database.db
      .selectFrom('suppliers')
      .select(['id', 'slug', 'name', 'email', 'phone', 'contact_person', 'vat_number'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await server.request('GET', `/api/suppliers/${row.slug}`);
    expect(res.status).toBe(200);
    const supplier = publicSupplierSchema.parse(res.json);
    expect(supplier).toMatchObject({ id: row.id, slug: row.slug, name: row.name, vat: { registered: row.vat_number !== null, number: row.vat_number } });
    expect(supplier.scorecard).toMatchObject({ supplierId: row.id, slug: row.slug, new: true });
    expect(supplier.categories.length).toBeGreaterThan(0);
    expect(supplier.deliveryAreas.length).toBeGreaterThan(0);
    const text = JSON.stringify(res.json);
    for (const secret of [row.email, row.phone, row.contact_person]) expect(text).not.toContain(secret);
    expect((await server.request('GET', `/api/suppliers/${row.id}`)).json).toEqual(res.json);
  });

  it('lists where the supplier delivers from its coverage, nationwide first, and its categories, the largest first', async () => {
    const row = await server.database.db.selectFrom('suppliers').select(['id', 'slug']).orderBy('id').executeTakeFirstOrThrow();
    const db = server.database.db;
    await db.deleteFrom('supplier_coverage').where('supplier_id', '=', row.id).execute();
    const city = await db.selectFrom('cities').select(['id', 'name', 'province']).orderBy('sort_order').executeTakeFirstOrThrow();
    await db
      .insertInto('supplier_coverage')
      .values([
        { supplier_id: row.id, scope: 'city', area: city.id, lead_days: 2 },
        { supplier_id: row.id, scope: 'national', area: '', lead_days: 7 },
        { supplier_id: row.id, scope: 'province', area: 'Free State', lead_days: 5 },
      ])
      .execute();
    const supplier = publicSupplierSchema.parse((await server.request('GET', `/api/suppliers/${row.slug}`)).json);
    expect(supplier.deliveryAreas).toEqual([
      { scope: 'national', name: 'Nationwide', leadDays: 7 },
      { scope: 'province', name: 'Free State', leadDays: 5 },
      { scope: 'city', name: `${city.name}, ${city.province}`, leadDays: 2 },
    ]);
    const biggest = await db
      .selectFrom('supplier_categories')
      .select('category_id')
      .where('supplier_id', '=', row.id)
      .orderBy('capacity_units', 'desc')
      .executeTakeFirstOrThrow();
    expect(supplier.categories[0]?.id).toBe(biggest.category_id);
  });

  it('answers 404 in the one error shape for no such supplier', async () => {
    const res = await server.request('GET', '/api/suppliers/no-such-supplier');
    expect(res).toMatchObject({ status: 404, json: { error: { code: 'supplier_not_found', message: 'Supplier not found' } } });
  });
});
