import { describe, expect, it } from 'vitest';
import { formatRand } from '../../sdk/format';
import { startTestServerForFile } from '../test/harness';
import { pdfText } from '../test/pdf-text';
import { confirmedPartnerOrder, registerPartner } from '../test/partners';
import { expectForeignOriginRefused, expectSignedOutRefused, expectWrongRoleRefused, signInStaff, staffAdmin } from '../test/staff';
import { signInSupplier } from '../test/suppliers';
import { chargeSuccessFees } from './billing.service';
import { reverseFee } from './fee-reversal.service';

let now = Date.parse('2026-11-20T08:00:00.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
const admin = staffAdmin(() => server);

const ledger = () => server.database.db.selectFrom('ledger_lines').selectAll().orderBy('id').execute();
const reversal = async (purchaseOrderId: number, body: unknown) =>
  server.request('POST', `/api/admin/finance/fees/${purchaseOrderId}/reversal`, { body, headers: await admin() });
const books = async (month: string) => (await server.request('GET', `/api/admin/finance?month=${month}`, { headers: await admin() })).json;
const REASON = 'The order was confirmed but never delivered; the buyer cancelled with the supplier.';

describe("reversing an order's success fee", () => {
  it('writes one reversal equal to the fee in the month it is written, leaves the closed month as it was, and the next close invoices it negative', async () => {
    await registerPartner(server).then((partner) => confirmedPartnerOrder(server, partner));
    const fee = (await ledger()).find((l) => l.kind === 'success_fee')!;
    const purchaseOrderId = fee.purchase_order_id!;
    now = Date.parse('2026-12-01T06:00:00.000Z');
    const november = await server.request('POST', '/api/admin/finance/close', { body: { month: '2026-11' }, headers: await admin() });
    expect(november.json).toMatchObject({ outcome: 'issued', invoices: [{ number: 'INV-2026-000001' }] });
    const documentsBefore = await server.database.db.selectFrom('billing_documents').selectAll().orderBy('id').execute();

    now = Date.parse('2026-12-05T08:00:00.000Z');
    expect((await reversal(purchaseOrderId, {})).json.error).toEqual({
      code: 'validation_error',
      message: expect.any(String),
      details: { fields: { reason: 'Give the reason for reversing the fee (5 to 500 characters)' } },
    });
    expect((await reversal(purchaseOrderId, { reason: '  no  ' })).json.error.details).toEqual({
      fields: { reason: 'Give the reason for reversing the fee (5 to 500 characters)' },
    });
    const missing = await reversal(987_654, { reason: REASON });
    expect([missing.status, missing.json.error]).toEqual([
      404,
      { code: 'fee_not_found', message: 'This order has no success fee to reverse: a fee is written only when its supplier confirms the order.' },
    ]);
    expect((await ledger()).filter((l) => l.kind === 'fee_reversal')).toEqual([]);

    const reversed = await reversal(purchaseOrderId, { reason: REASON });
    expect([reversed.status, reversed.json]).toEqual([
      201,
      {
        purchaseOrderId,
        poNumber: fee.po_number,
        onDay: '2026-12-05',
        reason: REASON,
        amountCents: Number(fee.amount_cents),
        vatCents: Number(fee.vat_cents),
      },
    ]);
    const again = await reversal(purchaseOrderId, { reason: REASON });
    expect([again.status, again.json.error]).toEqual([
      409,
      { code: 'fee_reversed', message: `The success fee on ${fee.po_number} was reversed on 2026-12-05.` },
    ]);

    // One new line, the fee's own figures; the fee itself and November's documents are as they were.
    const lines = await ledger();
    expect(lines.find((l) => l.id === fee.id)).toEqual(fee);
    expect(lines.filter((l) => l.kind === 'fee_reversal')).toEqual([
      {
        ...fee,
        id: expect.any(Number),
        kind: 'fee_reversal',
        reason: REASON,
        on_day: '2026-12-05',
        created_at: '2026-12-05T08:00:00.000Z',
      },
    ]);
    expect(await server.database.db.selectFrom('billing_documents').selectAll().orderBy('id').execute()).toEqual(documentsBefore);
    const audit = await server.database.db.selectFrom('staff_audit').select(['action', 'rows', 'detail']).where('action', '=', 'finance.reverse-fee').execute();
    expect(audit).toEqual([{ action: 'finance.reverse-fee', rows: 1, detail: `success fee on ${fee.po_number}` }]);

    // November lists its fee as reversed and still sums it; December sums the reversal.
    const feeCents = Number(fee.amount_cents);
    const vatCents = Number(fee.vat_cents);
    const novemberBooks = await books('2026-11');
    expect(novemberBooks.fees).toEqual([
      {
        purchaseOrderId,
        poNumber: fee.po_number,
        rfqId: fee.rfq_id,
        supplierId: fee.supplier_id,
        supplierName: expect.any(String),
        onDay: '2026-11-20',
        valueCents: Number(fee.basis_cents),
        amountCents: feeCents,
        vatCents,
        reversal: { onDay: '2026-12-05', reason: REASON },
      },
    ]);
    expect(novemberBooks.sums.feeReversals).toEqual({ amountCents: 0, vatCents: 0, lines: 0 });
    const decemberBooks = await books('2026-12');
    expect(decemberBooks.fees).toEqual([]);
    expect(decemberBooks.sums.feeReversals).toEqual({ amountCents: feeCents, vatCents, lines: 1 });

    // December's close carries the reversal to the supplier's next invoice, negative.
    now = Date.parse('2027-01-02T06:00:00.000Z');
    const december = await server.request('POST', '/api/admin/finance/close', { body: { month: '2026-12' }, headers: await admin() });
    expect(december.json.invoices).toEqual([
      {
        number: 'INV-2026-000002',
        supplierId: fee.supplier_id,
        supplierName: expect.any(String),
        lines: [
          {
            poNumber: fee.po_number,
            rfqId: fee.rfq_id,
            kind: 'fee_reversal',
            valueCents: -Number(fee.basis_cents),
            feeCents: -feeCents,
            vatCents: -vatCents,
          },
        ],
        subtotalCents: -feeCents,
        vatCents: -vatCents,
        totalCents: -(feeCents + vatCents),
      },
    ]);
    const invoice = await server.database.db
      .selectFrom('billing_documents as d')
      .innerJoin('billing_document_lines as dl', 'dl.document_id', 'd.id')
      .innerJoin('ledger_lines as l', 'l.id', 'dl.ledger_line_id')
      .select(['d.total_cents', 'l.kind', 'l.purchase_order_id'])
      .where('d.number', '=', 'INV-2026-000002')
      .execute();
    expect(invoice.map((r) => [Number(r.total_cents), r.kind, r.purchase_order_id])).toEqual([[-(feeCents + vatCents), 'fee_reversal', purchaseOrderId]]);

    // The supplier reads it in Billing and in the PDF as a reversed line, negative.
    const own = await signInSupplier(server, fee.supplier_id!, 'accounts@supplier.example.co.za');
    const invoices = (await server.request('GET', '/api/supplier/invoices', { headers: own.headers })).json.invoices;
    expect(invoices.map((i: { number: string; totalCents: number }) => [i.number, i.totalCents])).toEqual([
      ['INV-2026-000002', -(feeCents + vatCents)],
      ['INV-2026-000001', feeCents + vatCents],
    ]);
    expect(invoices[0].lines).toEqual([
      { poNumber: fee.po_number, rfqId: fee.rfq_id, reversed: true, valueCents: -Number(fee.basis_cents), feeCents: -feeCents, vatCents: -vatCents },
    ]);
    const pdf = await fetch(`${server.url}/api/supplier/invoices/INV-2026-000002.pdf`, { headers: own.headers });
    // The PDF's lines wrap where its columns end: words are compared with their spacing made one.
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).replace(/\s+/g, ' ');
    for (const words of [`${fee.po_number} (reversed)`, formatRand(-feeCents / 100), formatRand(-(feeCents + vatCents) / 100)]) expect(text).toContain(words);
  }, 60_000);

  it('writes one reversal when two are asked for at once', async () => {
    now = Date.parse('2027-01-10T08:00:00.000Z');
    const supplierId = (await server.database.db.selectFrom('suppliers').select('id').executeTakeFirstOrThrow()).id;
    const at = new Date(now);
    await server.database.db
      .transaction()
      .execute((trx) =>
        chargeSuccessFees(
          trx,
          [{ purchaseOrderId: 999_001, poNumber: 'PO-2027-999001', rfqId: '100000000000009', supplierId, valueCents: 100_000 }],
          server.config,
          at,
        ),
      );
    await admin();
    const staff = (await server.database.db.selectFrom('staff_users').select('id').executeTakeFirstOrThrow()).id;
    const results = await Promise.allSettled([
      reverseFee(server.database.db, 999_001, REASON, staff, at),
      reverseFee(server.database.db, 999_001, REASON, staff, at),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'fee_reversed' } });
    expect(
      await server.database.db
        .selectFrom('ledger_lines')
        .select('amount_cents')
        .where('kind', '=', 'fee_reversal')
        .where('purchase_order_id', '=', 999_001)
        .execute(),
    ).toEqual([{ amount_cents: expect.anything() }]);
  });

  it('is for admins only, from a Procura page', async () => {
    const calls: [string, string, unknown][] = [['POST', '/api/admin/finance/fees/999001/reversal', { reason: REASON }]];
    await expectSignedOutRefused(server, calls, new URL(server.config.publicUrl).origin);
    await expectWrongRoleRefused(server, calls, (await signInStaff(server, { role: 'sales' })).headers);
    await expectForeignOriginRefused(server, calls, (await signInStaff(server)).cookie);
  });
});
