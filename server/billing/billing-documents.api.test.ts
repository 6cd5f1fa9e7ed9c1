import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../contract/csv';
import { formatRand } from '../../sdk/format';
import { MessageRenderer } from '../mail-sender/renderer';
import { pdfText } from '../test/pdf-text';
import { startTestServerForFile } from '../test/harness';
import { confirmedPartnerOrder, registerPartner } from '../test/partners';
import { staffAdmin } from '../test/staff';
import { signInSupplier } from '../test/suppliers';
import { chargeSuccessFees } from './billing.service';
import { closeMonth } from './month-close.service';

let now = Date.parse('2026-11-20T08:00:00.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000', PAPERWORK_RATE_LIMIT: '1000' }, { clock: () => now });
const admin = staffAdmin(() => server);
const rand = (cents: number) => formatRand(cents / 100);

/** The bytes a path answers with `headers`. */
async function download(path: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, { headers });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    body: Buffer.from(await res.arrayBuffer()),
  };
}

describe("a month's invoices and statements", () => {
  it('are e-mailed by the close, and each read only by its own supplier or partner, as PDF (and CSV for a statement)', async () => {
    const partner = await registerPartner(server);
    const other = await registerPartner(server, { contactEmail: 'other@partner.example.co.za', website: 'https://other.example.co.za' });
    const { rfqId, quote } = await confirmedPartnerOrder(server, partner);
    const supplierId = quote.supplier.id;
    await server.database.db
      .updateTable('suppliers')
      .set({ vat_number: '4123456789', registered_address: '12 Harbour Drive\nDurban, 4001' })
      .where('id', '=', supplierId)
      .execute();
    // The supplier's people sign in once the month has ended (a session idles out over days).
    now = Date.parse('2026-12-01T05:30:00.000Z');
    const own = await signInSupplier(server, supplierId, 'accounts@supplier.example.co.za');
    const otherSupplierId = (await server.database.db.selectFrom('suppliers').select('id').where('id', '!=', supplierId).executeTakeFirstOrThrow()).id;
    const stranger = await signInSupplier(server, otherSupplierId, 'accounts@stranger.example.co.za');
    const fee = await server.database.db.selectFrom('ledger_lines').selectAll().where('kind', '=', 'success_fee').executeTakeFirstOrThrow();
    const po = fee.po_number!;
    const [feeCents, vatCents] = [Number(fee.amount_cents), Number(fee.vat_cents)];

    now = Date.parse('2026-12-01T06:00:00.000Z');
    const closed = await server.request('POST', '/api/admin/finance/close', { body: { month: '2026-11' }, headers: await admin() });
    expect(closed.json).toMatchObject({ outcome: 'issued', invoices: [{ number: 'INV-2026-000001' }], statements: [{ number: 'ST-2026-000001' }] });

    // The e-mails: the invoice to the supplier's person, the statement to the partner's contact, each with its PDF.
    const mail = await server.database.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'payload'])
      .where('kind', 'in', ['supplier-invoice', 'partner-statement'])
      .orderBy('id')
      .execute();
    expect(mail.map((m) => [m.kind, m.recipient])).toEqual([
      ['supplier-invoice', 'accounts@supplier.example.co.za'],
      ['partner-statement', 'dev@coastal.example.co.za'],
    ]);
    const renderer = new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market);
    const invoiceMail = await renderer.render(mail[0]!);
    expect(invoiceMail.subject).toBe('Procura tax invoice INV-2026-000001: success fees of November 2026');
    expect(invoiceMail.text).toContain(`Total incl. VAT: ${rand(feeCents + vatCents)}`);
    expect(invoiceMail.text).toContain('Open Billing: http://procura.test/supplier?tab=billing');
    const statementMail = await renderer.render(mail[1]!);
    expect(statementMail.subject).toBe('Procura partner statement ST-2026-000001: November 2026');
    expect(statementMail.text).toContain('The balance of R15.00 is below the minimum payout and is carried over to next month.');
    const [attached] = await renderer.attachments(mail[0]!);
    expect(attached).toMatchObject({ filename: 'procura-inv-2026-000001.pdf', contentType: 'application/pdf' });

    // The supplier's Billing: its invoice with the order's fee.
    const list = await server.request('GET', '/api/supplier/invoices', { headers: own.headers });
    expect(list.json).toEqual({
      invoices: [
        {
          number: 'INV-2026-000001',
          month: '2026-11',
          issuedOn: '2026-12-01',
          subtotalCents: feeCents,
          vatCents,
          totalCents: feeCents + vatCents,
          lines: [{ poNumber: po, rfqId, reversed: false, valueCents: Number(fee.basis_cents), feeCents, vatCents }],
        },
      ],
    });
    expect((await server.request('GET', '/api/supplier/invoices', { headers: stranger.headers })).json).toEqual({ invoices: [] });
    expect((await server.request('GET', '/api/supplier/invoices')).status).toBe(401);

    const pdf = await download('/api/supplier/invoices/INV-2026-000001.pdf', own.headers);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.disposition).toBe('attachment; filename="procura-inv-2026-000001.pdf"');
    const text = pdfText(pdf.body);
    for (const words of [
      'Tax invoice',
      'INV-2026-000001',
      'Procura (Pty) Ltd',
      '44 Stanley Avenue, Milpark, Johannesburg, 2092',
      '4760312345',
      '4123456789',
      '12 Harbour Drive, Durban, 4001',
      po,
      rfqId,
      rand(Number(fee.basis_cents)),
      'VAT at 15%',
      rand(vatCents),
      rand(feeCents + vatCents),
    ]) {
      expect(text).toContain(words);
    }
    // The same document again is the same bytes, and the e-mail's attachment is it.
    expect((await download('/api/supplier/invoices/INV-2026-000001.pdf', own.headers)).body.equals(pdf.body)).toBe(true);
    expect(attached!.content.equals(pdf.body)).toBe(true);
    const refused = await server.request('GET', '/api/supplier/invoices/INV-2026-000001.pdf', { headers: stranger.headers });
    expect([refused.status, refused.json.error.code]).toEqual([404, 'invoice_not_found']);
    expect((await server.request('GET', '/api/supplier/invoices/INV-2026-000001.pdf')).status).toBe(401);
    expect((await server.request('GET', '/api/supplier/invoices/INV-1.pdf', { headers: own.headers })).status).toBe(400);

    // The partner's statements: the list, the PDF and the CSV, with its own key only.
    expect((await server.request('GET', '/api/partners/statements', { headers: partner.headers })).json).toEqual({
      statements: [
        {
          number: 'ST-2026-000001',
          month: '2026-11',
          issuedOn: '2026-12-01',
          qualifiedRequests: 1,
          creditsCents: 1500,
          broughtForwardCents: 0,
          carriedForwardCents: 1500,
          payableCents: 0,
          dueOn: null,
          paidOn: null,
        },
      ],
    });
    const statement = await download('/api/partners/statements/ST-2026-000001.pdf', partner.headers);
    expect(statement.status).toBe(200);
    const statementText = pdfText(statement.body);
    for (const words of ['Partner statement', 'ST-2026-000001', partner.partnerId, rfqId, 'Qualified requests: 1', 'Carried over', 'R15.00', 'R100.00']) {
      expect(statementText).toContain(words);
    }
    const csv = await server.request('GET', '/api/partners/statements/ST-2026-000001.csv', { headers: partner.headers });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(parseCsv(csv.text).map((r) => r.fields)).toEqual([
      ['Statement', 'Date', 'Description', 'Amount (R)'],
      ['ST-2026-000001', '2026-11-20', `Qualified request ${rfqId}`, '15'],
      ['ST-2026-000001', '2026-12-01', 'Share of the month', '15'],
      ['ST-2026-000001', '2026-12-01', 'Brought forward', '0'],
      ['ST-2026-000001', '2026-12-01', 'Carried over', '15'],
      ['ST-2026-000001', '2026-12-01', 'Payout due (none: below the minimum payout)', '0'],
    ]);
    expect((await server.request('GET', '/api/partners/statements', { headers: other.headers })).json).toEqual({ statements: [] });
    for (const path of ['/api/partners/statements/ST-2026-000001.pdf', '/api/partners/statements/ST-2026-000001.csv']) {
      const theirs = await server.request('GET', path, { headers: other.headers });
      expect([theirs.status, theirs.json.error.code]).toEqual([404, 'statement_not_found']);
      const claimed = await server.request('GET', path, { headers: { ...other.headers, 'x-partner-id': partner.partnerId } });
      expect([claimed.status, claimed.json.error.code]).toEqual([403, 'partner_mismatch']);
      expect((await server.request('GET', path)).status).toBe(401);
    }
  }, 120_000);

  it("refuses to close a month with fees to invoice while Procura's VAT number is not set", async () => {
    const at = new Date(Date.parse('2026-12-15T08:00:00.000Z'));
    const supplierId = (await server.database.db.selectFrom('suppliers').select('id').executeTakeFirstOrThrow()).id;
    await server.database.db
      .transaction()
      .execute((trx) =>
        chargeSuccessFees(
          trx,
          [{ purchaseOrderId: 999_001, poNumber: 'PO-2026-999001', rfqId: '100000000000009', supplierId, valueCents: 100_000 }],
          server.config,
          at,
        ),
      );
    const terms = { ...server.config, billing: { ...server.config.billing, vatNumber: null } };
    const outbox = server.app.deps.outbox;
    for (const preview of [true, false]) {
      await expect(
        closeMonth(server.database.db, '2026-12', terms, new Date(Date.parse('2027-01-02T06:00:00.000Z')), { staffId: null, preview, outbox }),
      ).rejects.toMatchObject({
        code: 'vat_number_missing',
        message: "A tax invoice names Procura's VAT number: set BILLING_VAT_NUMBER before closing a month with fees to invoice.",
      });
    }
    expect(await server.database.db.selectFrom('month_closes').select('month').where('month', '=', '2026-12').execute()).toEqual([]);
  });
});
