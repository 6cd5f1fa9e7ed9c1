import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../contract/csv';
import { responseTokenOf, startTestServerForFile } from '../test/harness';
import { confirmedPartnerOrder, registerPartner } from '../test/partners';
import { staffAdmin } from '../test/staff';
import { creditPartner } from './billing.service';
import { closeMonth } from './month-close.service';

let now = Date.parse('2026-11-20T08:00:00.000Z');
const server = startTestServerForFile({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
const admin = staffAdmin(() => server);

const ledger = () => server.database.db.selectFrom('ledger_lines').selectAll().orderBy('id').execute();
const close = async (month: string, preview?: boolean) =>
  server.request('POST', '/api/admin/finance/close', { body: { month, ...(preview === undefined ? {} : { preview }) }, headers: await admin() });

describe('the ledger', () => {
  it("writes a confirmed order's success fee with its VAT and a qualified request's partner share, once each", async () => {
    const partner = await registerPartner(server);
    const { rfqId, quote } = await confirmedPartnerOrder(server, partner);
    const valueCents = Math.round(quote.totalPrice * 100);
    const fee = Math.round(valueCents * 0.03);
    expect(await ledger()).toEqual([
      expect.objectContaining({
        kind: 'success_fee',
        rfq_id: rfqId,
        basis_cents: valueCents,
        amount_cents: fee,
        vat_cents: Math.round(fee * 0.15),
        on_day: '2026-11-20',
      }),
      expect.objectContaining({ kind: 'partner_credit', rfq_id: rfqId, partner_id: partner.partnerId, amount_cents: 1500, vat_cents: null }),
    ]);
    // Confirming again changes nothing and writes nothing.
    const token = await responseTokenOf(server, rfqId);
    expect((await server.request('POST', `/api/supplier-responses/${token}/confirm`)).status).toBe(200);
    expect(await ledger()).toHaveLength(2);
  });
});

describe('the month-end close', () => {
  it('refuses a month that has not ended, previews without issuing, issues once, and answers a second close with what the first issued', async () => {
    expect((await close('2026-11')).json).toEqual({
      error: { code: 'month_not_closable', message: 'November 2026 has not ended yet in Johannesburg.' },
    });
    expect((await close('2026-13')).status).toBe(400);

    now = Date.parse('2026-12-01T06:00:00.000Z');
    const preview = await close('2026-11', true);
    expect(preview.json).toMatchObject({ month: '2026-11', outcome: 'preview', invoices: [{ number: null }], statements: [{ number: null }] });
    expect(await server.database.db.selectFrom('billing_documents').selectAll().execute()).toEqual([]);

    const issued = await close('2026-11');
    expect(issued.status).toBe(200);
    const fees = (await ledger()).filter((l) => l.kind === 'success_fee');
    const feeCents = fees.reduce((sum, l) => sum + Number(l.amount_cents), 0);
    const vatCents = fees.reduce((sum, l) => sum + Number(l.vat_cents), 0);
    expect(issued.json).toMatchObject({
      outcome: 'issued',
      invoices: [{ number: 'INV-2026-000001', subtotalCents: feeCents, vatCents, totalCents: feeCents + vatCents }],
      // R15 is under the R100 minimum payout: carried to December, nothing due.
      statements: [{ number: 'ST-2026-000001', creditsCents: 1500, broughtForwardCents: 0, payableCents: 0, carriedForwardCents: 1500, dueOn: null }],
    });
    const invoice = issued.json.invoices[0];
    expect(invoice.lines.reduce((sum: number, l: { feeCents: number; vatCents: number }) => sum + l.feeCents + l.vatCents, 0)).toBe(invoice.totalCents);

    const again = await close('2026-11');
    expect(again.json).toMatchObject({
      outcome: 'closed',
      invoices: [{ number: 'INV-2026-000001', totalCents: invoice.totalCents }],
      statements: [{ number: 'ST-2026-000001' }],
    });
    expect(await server.database.db.selectFrom('billing_documents').selectAll().execute()).toHaveLength(2);
    const audit = await server.database.db.selectFrom('staff_audit').select(['action', 'detail']).where('action', '=', 'finance.close-month').execute();
    expect(audit).toEqual([{ action: 'finance.close-month', detail: '2026-11: 1 invoice and 1 statement' }]);
  });

  it("carries a partner's balance until it reaches the minimum, then makes it due Net 30, and records it paid once with its ledger line", async () => {
    now = Date.parse('2026-12-10T08:00:00.000Z');
    const partner = (await server.database.db.selectFrom('ledger_lines').select('partner_id').where('kind', '=', 'partner_credit').executeTakeFirstOrThrow())
      .partner_id!;
    // Six more qualified requests in December: R15 brought forward plus R90 is R105.
    await server.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 6; i++)
        await creditPartner(trx, { partnerId: partner, rfqId: `december-${i}`, enterprise: false }, server.config.revenue, new Date(now));
    });
    now = Date.parse('2027-01-02T06:00:00.000Z');
    expect((await close('2027-01')).json.error.message).toBe('January 2027 has not ended yet in Johannesburg.');
    const december = await close('2026-12');
    expect(december.json).toMatchObject({
      outcome: 'issued',
      invoices: [],
      statements: [
        { number: 'ST-2026-000002', creditsCents: 9000, broughtForwardCents: 1500, payableCents: 10500, carriedForwardCents: 0, dueOn: '2027-01-30' },
      ],
    });
    const books = await server.request('GET', '/api/admin/finance?month=2026-12', { headers: await admin() });
    const payoutId = books.json.documents[0].payout.id as number;
    expect(books.json.sums.partnerCredits).toEqual({ amountCents: 9000, vatCents: 0, lines: 6 });

    now = Date.parse('2027-01-25T08:00:00.000Z');
    const headers = await admin();
    const pay = (body: unknown) => server.request('POST', `/api/admin/payouts/${payoutId}/paid`, { body, headers });
    expect((await pay({ paidOn: '2027-01-01', bankReference: 'EFT 88213' })).json.error.details).toEqual({
      fields: { paidOn: 'Paid on must be from 2027-01-02, when the statement was issued, to today' },
    });
    expect((await pay({ paidOn: '2027-01-20', bankReference: '' })).json.error.details).toEqual({ fields: { bankReference: 'Bank reference is required' } });
    expect((await pay({ paidOn: '2027-01-20', bankReference: 'EFT 88213' })).status).toBe(200);
    expect((await pay({ paidOn: '2027-01-20', bankReference: 'EFT 88213' })).status).toBe(200);
    expect((await pay({ paidOn: '2027-01-21', bankReference: 'EFT 88213' })).json.error).toEqual({
      code: 'payout_paid',
      message: 'This payout was recorded paid on 2027-01-20.',
    });
    expect((await ledger()).filter((l) => l.kind === 'partner_payout')).toEqual([
      expect.objectContaining({ amount_cents: 10500, partner_id: partner, on_day: '2027-01-20' }),
    ]);

    // January's export, read back: the payout, negative, with its statement's number.
    const csv = await server.request('GET', '/api/admin/finance/export?month=2027-01&format=csv', { headers });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(parseCsv(csv.text).map((r) => r.fields)).toEqual([
      ['Date', 'Reference', 'Contact', 'Description', 'Amount excl. VAT', 'VAT', 'Tax type'],
      ['2027-01-20', 'ST-2026-000002', expect.any(String), 'Payout of ST-2026-000002', '-105', '0', 'No VAT'],
    ]);

    now = Date.parse('2027-03-02T06:00:00.000Z');
    expect((await close('2027-02')).json.error.message).toBe('Close January 2027 first: months are closed in order.');
  });

  it('issues one set when two closes of a month run at once', async () => {
    const terms = server.config;
    const at = new Date(Date.parse('2027-02-01T06:00:00.000Z'));
    const [a, b] = await Promise.all([
      closeMonth(server.database.db, '2027-01', terms, at, { staffId: null, outbox: server.app.deps.outbox }),
      closeMonth(server.database.db, '2027-01', terms, at, { staffId: null, outbox: server.app.deps.outbox }),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(['closed', 'issued']);
    expect(await server.database.db.selectFrom('month_closes').selectAll().where('month', '=', '2027-01').execute()).toHaveLength(1);
  });

  it('is for admins only', async () => {
    expect((await server.request('GET', '/api/admin/finance?month=2026-11')).status).toBe(401);
  });
});
