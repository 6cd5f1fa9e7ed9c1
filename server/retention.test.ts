import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rfqSchema, rfqSubmitResponseSchema, type RfqSubmitResponse } from '../sdk/schemas/rfq';
import { parseTrackingToken } from './lib/ids';
import { PERSONAL_DATA_HOURS } from '../contract/data-api';
import { SWEEP_INTERVAL_MS, sweep } from './retention';
import { exclusively } from './db/advisory-lock';
import { listedSupplier, listedSupplierLinks } from './listed-suppliers/listed-suppliers.service';
import { POSTGRES_URL, responseTokenOf, startTestServer, validOrder, validRfq, type TestServer } from './test/harness';

const HOUR_MS = 60 * 60 * 1000;
let now = Date.parse('2026-11-02T08:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RFQ_RATE_LIMIT: '1000' }, { clock: () => now });
});
afterAll(() => server.close());

const personal = {
  productDescription: 'Call Thandi on 082 555 0199 for the wall dispensers',
  primaryEmail: 'thandi.mokoena@example.co.za',
  additionalEmails: 'stores@example.co.za',
  companyName: 'Mokoena Facilities',
  contactName: 'Thandi Mokoena',
  budgetRange: '10k-50k',
};

async function submit(): Promise<RfqSubmitResponse> {
  const res = await server.request('POST', '/api/rfq', { body: validRfq(personal) });
  expect(res.status).toBe(201);
  return rfqSubmitResponseSchema.parse(res.json);
}

const act = async (token: string, action: 'accept' | 'close') =>
  expect((await server.request('POST', `/api/quotes/track/${token}/${action}`, action === 'accept' ? { body: validOrder() } : {})).status).toBe(200);

/** Runs `work` with the app's clock at `at`. */
async function atTime(at: number, work: () => Promise<void>) {
  const saved = now;
  now = at;
  try {
    await work();
  } finally {
    now = saved;
  }
}

/** The accepted supplier's response token, from its e-mail. */
const responseToken = (rfqId: string) => responseTokenOf(server, rfqId);

/** The moment a quote valid until `day` stops being valid: midnight in Johannesburg. */
const validityEnd = (day: string) => Date.parse(`${day}T22:00:00.000Z`);

/** Whether a sweep at `at` leaves the request without its buyer's contact. */
async function anonymisedBy(at: number, rfqId: string): Promise<boolean> {
  await sweep(server.database, server.app.deps.outbox, new Date(at));
  const row = await server.database.db
    .selectFrom('rfqs')
    .select(['primary_email', 'personal_data_deleted_at'])
    .where('id', '=', rfqId)
    .executeTakeFirstOrThrow();
  expect(row.primary_email === '').toBe(row.personal_data_deleted_at !== null);
  return row.personal_data_deleted_at !== null;
}

describe('the retention sweep', () => {
  it(`deletes a buyer's personal data, the free-text description and the e-mails about the RFQ ${PERSONAL_DATA_HOURS} hours after the buyer closed it, and keeps the anonymous RFQ`, async () => {
    const submitted = await server.request('POST', '/api/rfq', { body: validRfq({ ...personal, companySize: '51-100' }) });
    expect(submitted.status).toBe(201);
    const { rfqId } = submitted.json;
    expect((await server.request('POST', `/api/quotes/track/${submitted.json.quotes[0].trackingToken}/close`)).status).toBe(200);
    const { db } = server.database;
    const emails = () => db.selectFrom('outbox').select('id').where('payload', 'like', `%${rfqId}%`).execute();
    const sent = (await emails()).length;
    expect(sent).toBeGreaterThan(0);

    // A sweep one interval before the promise runs out leaves everything.
    const early = new Date(now + (PERSONAL_DATA_HOURS - 2) * HOUR_MS);
    expect(await sweep(server.database, server.app.deps.outbox, early)).toMatchObject({ rfqsAnonymised: 0, emailsDeleted: 0 });
    expect((await db.selectFrom('rfqs').select('primary_email').where('id', '=', rfqId).executeTakeFirstOrThrow()).primary_email).toBe(personal.primaryEmail);

    // The last sweep before the deadline clears it.
    const last = new Date(now + PERSONAL_DATA_HOURS * HOUR_MS - SWEEP_INTERVAL_MS + 1);
    const result = await sweep(server.database, server.app.deps.outbox, last);
    expect(result.rfqsAnonymised).toBe(1);
    expect(result.emailsDeleted).toBe(sent);
    expect(await emails()).toEqual([]);

    const row = await db.selectFrom('rfqs').selectAll().where('id', '=', rfqId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      primary_email: '',
      additional_emails: '[]',
      company_name: null,
      contact_name: null,
      // Free text where buyers type phone numbers and names.
      product_description: '',
      personal_data_deleted_at: last.toISOString(),
      // What the data API reads is kept, the intent score as it was when the details were given.
      product_name: 'Hand Sanitizer 70% Alcohol',
      quantity: 200,
      city_id: 'durban',
      budget_range: '10k-50k',
      intent_score: 100,
      company_size: '51-100',
    });
    expect(JSON.stringify(row)).not.toMatch(/thandi|mokoena|stores@|082 555/i);

    const page = await server.request('GET', `/api/rfq/${rfqId}`);
    expect(page.status).toBe(200);
    expect(rfqSchema.parse(page.json).primaryEmail).toBeNull();

    // A second sweep finds nothing left to clear.
    expect((await sweep(server.database, server.app.deps.outbox, new Date(last.getTime() + HOUR_MS))).rfqsAnonymised).toBe(0);
  });

  it("keeps an open request's contact while a quote can be accepted, and deletes it at the latest 72 hours after the last quote's validity", async () => {
    const rfq = await submit();
    const lastValidity = validityEnd(
      rfq.quotes
        .map((q) => q.validUntil)
        .sort()
        .at(-1)!,
    );
    expect(await anonymisedBy(now + (PERSONAL_DATA_HOURS + 2) * HOUR_MS, rfq.rfqId)).toBe(false);
    expect(await anonymisedBy(lastValidity + (PERSONAL_DATA_HOURS - 2) * HOUR_MS, rfq.rfqId)).toBe(false);
    expect(await anonymisedBy(lastValidity + PERSONAL_DATA_HOURS * HOUR_MS - SWEEP_INTERVAL_MS + 1, rfq.rfqId)).toBe(true);
  });

  it("keeps an awarded request's contact and delivery details until the supplier confirms, then 72 hours, and deletes them with the e-mail", async () => {
    const rfq = await submit();
    await act(rfq.quotes[1]!.trackingToken!, 'accept');
    const token = await responseToken(rfq.rfqId);
    const details = async () =>
      server.database.db
        .selectFrom('rfqs')
        .select(['delivery_address', 'phone', 'purchase_order_reference', 'vat_number'])
        .where('id', '=', rfq.rfqId)
        .executeTakeFirstOrThrow();
    const order = async () =>
      server.database.db
        .selectFrom('purchase_orders')
        .select(['delivery_address', 'phone', 'purchase_order_reference', 'vat_number', 'receipt_tracking_token'])
        .where('rfq_id', '=', rfq.rfqId)
        .executeTakeFirstOrThrow();
    const given = { delivery_address: 'Unit 4, 12 Long Street, Cape Town, 8001', phone: '+27 82 123 4567', purchase_order_reference: null, vat_number: null };
    expect(await anonymisedBy(now + 5 * 24 * HOUR_MS, rfq.rfqId)).toBe(false);
    expect(await details()).toEqual(given);
    expect(await order()).toEqual({ ...given, receipt_tracking_token: expect.any(String) });
    const confirmedAt = now + 6 * 24 * HOUR_MS;
    await atTime(confirmedAt, async () => expect((await server.request('POST', `/api/supplier-responses/${token}/confirm`)).status).toBe(200));
    expect(await anonymisedBy(confirmedAt + (PERSONAL_DATA_HOURS - 2) * HOUR_MS, rfq.rfqId)).toBe(false);
    expect(await details()).toEqual(given);
    expect(await anonymisedBy(confirmedAt + PERSONAL_DATA_HOURS * HOUR_MS - SWEEP_INTERVAL_MS + 1, rfq.rfqId)).toBe(true);
    expect(await details()).toEqual({ delivery_address: null, phone: null, purchase_order_reference: null, vat_number: null });
    expect(await order()).toEqual({ delivery_address: null, phone: null, purchase_order_reference: null, vat_number: null, receipt_tracking_token: null });
  });

  it('deletes the contact 72 hours after a withdrawal leaves no quote to accept', async () => {
    const rfq = await submit();
    await act(rfq.quotes[0]!.trackingToken!, 'accept');
    // The other quotes' validity has passed when the supplier withdraws; its own has not.
    const others = rfq.quotes.slice(1).map((q) => parseTrackingToken(q.trackingToken!)!.quoteId);
    await server.database.db.updateTable('quotes').set({ valid_until: '2026-11-03' }).where('id', 'in', others).execute();
    const withdrawnAt = now + 3 * 24 * HOUR_MS;
    await atTime(withdrawnAt, async () =>
      expect(
        (await server.request('POST', `/api/supplier-responses/${await responseToken(rfq.rfqId)}/withdraw`, { body: { reason: 'Our stock was sold' } })).status,
      ).toBe(200),
    );
    expect(await anonymisedBy(withdrawnAt + (PERSONAL_DATA_HOURS - 2) * HOUR_MS, rfq.rfqId)).toBe(false);
    expect(await anonymisedBy(withdrawnAt + PERSONAL_DATA_HOURS * HOUR_MS - SWEEP_INTERVAL_MS + 1, rfq.rfqId)).toBe(true);
  });

  it('deletes the contact of a request no supplier quoted 72 hours after it was made', async () => {
    const rfq = await submit();
    await server.database.db.deleteFrom('quotes').where('rfq_id', '=', rfq.rfqId).execute();
    expect(await anonymisedBy(now + (PERSONAL_DATA_HOURS - 2) * HOUR_MS, rfq.rfqId)).toBe(false);
    expect(await anonymisedBy(now + PERSONAL_DATA_HOURS * HOUR_MS - SWEEP_INTERVAL_MS + 1, rfq.rfqId)).toBe(true);
  });

  it('keeps e-mails still waiting to be sent', async () => {
    const { db } = server.database;
    const [{ id }] = await db
      .insertInto('outbox')
      .values({
        message_id: '<pending@procura.test>',
        kind: 'partner-welcome',
        recipient: 'partner@example.co.za',
        priority: 1,
        payload: '{}',
        status: 'pending',
        next_attempt_at: new Date(now).toISOString(),
        last_error: null,
        sent_at: null,
        created_at: new Date(now).toISOString(),
      })
      .returning('id')
      .execute();
    await sweep(server.database, server.app.deps.outbox, new Date(now + 30 * 24 * HOUR_MS));
    expect(await db.selectFrom('outbox').select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
  });

  it('deletes widget loads once they are 13 months old, by the day they were counted', async () => {
    const { db } = server.database;
    const load = { embedId: 'retention-shop', referrerUrl: 'https://shop.example.co.za/' };
    expect((await server.request('POST', '/api/analytics/widget-load', { body: load })).status).toBe(204);
    await db
      .insertInto('widget_loads')
      .values({
        partner_id: '',
        embed_id: 'retention-shop',
        referrer_host: 'shop.example.co.za',
        day: '2026-12-01',
        loads: 4,
        compact: 0,
        theme: 'light',
        hide_procura_branding: 0,
      })
      .execute();
    const days = async () =>
      (await db.selectFrom('widget_loads').select('day').where('embed_id', '=', 'retention-shop').orderBy('day').execute()).map((r) => r.day);
    expect(await days()).toEqual(['2026-11-02', '2026-12-01']);

    // 13 months after the day began, its later loads are younger than that: the row stays.
    expect(await sweep(server.database, server.app.deps.outbox, new Date('2027-12-02T12:00:00.000Z'))).toMatchObject({ widgetLoadsDeleted: 0 });
    expect(await days()).toEqual(['2026-11-02', '2026-12-01']);
    // The last sweep before its last load turns 13 months old deletes it.
    const last = new Date(Date.parse('2027-12-03T00:00:00.000Z') - SWEEP_INTERVAL_MS);
    expect(await sweep(server.database, server.app.deps.outbox, last)).toMatchObject({ widgetLoadsDeleted: 1 });
    expect(await days()).toEqual(['2026-12-01']);
  });
});

describe('the sweep across server processes', () => {
  it('is run by one at a time on PostgreSQL: one that finds another sweeping skips its round', async () => {
    // The lock held as another process sweeping would hold it, on a connection of its own.
    const outer = await exclusively(server.database, 'procura.retention-sweep', () => sweep(server.database, server.app.deps.outbox, new Date(now)));
    expect(outer.ran).toBe(true);
    expect(outer.ran && outer.value.skipped).toBe(POSTGRES_URL !== null);
    // Released with the work: the next round sweeps.
    expect((await sweep(server.database, server.app.deps.outbox, new Date(now))).skipped).toBe(false);
  });
});

describe("a listed business's stop links", () => {
  it('are deleted a year after their e-mail was sent, while the stop one of them made stays', async () => {
    const db = server.database.db;
    const DAY_MS = 24 * HOUR_MS;
    const sent = Date.parse('2027-01-04T08:00:00.000Z');
    const publicUrl = server.config.publicUrl;
    const id = (await submit()).quotes[0]!.supplier.id;
    const supplier = (await listedSupplier(db, id))!;
    expect(supplier.hasUsers).toBe(false);
    const pathOf = async (at: number) => (await listedSupplierLinks(db, supplier, publicUrl, new Date(at)))!.stopUrl.slice(publicUrl.length);
    const old = await pathOf(sent);
    const recent = await pathOf(sent + 300 * DAY_MS);
    await atTime(sent + DAY_MS, async () => {
      expect((await server.request('POST', old)).status).toBe(200);
    });
    const stops = await db.selectFrom('supplier_mail_stops').selectAll().execute();
    expect(stops).toHaveLength(1);

    // A year less an hour after its e-mail the old link still works; an hour past the year it is gone.
    await sweep(server.database, server.app.deps.outbox, new Date(sent + 365 * DAY_MS - HOUR_MS));
    expect((await server.request('GET', old)).status).toBe(200);
    await sweep(server.database, server.app.deps.outbox, new Date(sent + 365 * DAY_MS + HOUR_MS));
    const gone = await server.request('GET', old);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('This link does not work');
    const kept = await server.request('GET', recent);
    expect(kept.status).toBe(200);
    expect(kept.text).toContain('This address already gets no e-mails from Procura');
    expect(await db.selectFrom('supplier_mail_stops').selectAll().execute()).toEqual(stops);
  });
});

describe("a buyer e-mail's unsubscribe links", () => {
  it('are deleted a year after their e-mail was written, while the suppression one of them made stays', async () => {
    const db = server.database.db;
    const DAY_MS = 24 * HOUR_MS;
    const sent = Date.parse('2027-02-01T08:00:00.000Z');
    const linkOf = async (at: number, email: string) => {
      let token = '';
      await atTime(at, async () => {
        const res = await server.request('POST', '/api/rfq', { body: validRfq({ primaryEmail: email }) });
        expect(res.status).toBe(201);
        const { rfqId } = rfqSubmitResponseSchema.parse(res.json);
        const row = await db
          .selectFrom('outbox')
          .select('payload')
          .where('kind', '=', 'buyer-quotes')
          .where('payload', 'like', `%${rfqId}%`)
          .executeTakeFirstOrThrow();
        token = (JSON.parse(row.payload) as { linkToken: string }).linkToken;
      });
      return `/mail/unsubscribe/${token}`;
    };
    const old = await linkOf(sent, 'year-old@example.co.za');
    const recent = await linkOf(sent + 300 * DAY_MS, 'recent@example.co.za');
    await atTime(sent + DAY_MS, async () => {
      expect((await server.request('POST', old)).status).toBe(200);
    });
    const suppressions = await db.selectFrom('mail_suppressions').selectAll().execute();
    // Links of the form before their keys began with their time: a bare hash, old and recent.
    const olderForm = (hash: string, at: number) => ({
      token_hash: hash,
      address_hash: 'h',
      masked_address: 'o***@example.co.za',
      created_at: new Date(at).toISOString(),
    });
    await db
      .insertInto('mail_links')
      .values([olderForm('a'.repeat(64), sent), olderForm('0'.repeat(64), sent), olderForm('b'.repeat(64), sent + 300 * DAY_MS)])
      .execute();

    await sweep(server.database, server.app.deps.outbox, new Date(sent + 365 * DAY_MS - HOUR_MS));
    expect((await server.request('GET', old)).status).toBe(200);
    await sweep(server.database, server.app.deps.outbox, new Date(sent + 365 * DAY_MS + HOUR_MS));
    expect((await server.request('GET', old)).status).toBe(404);
    expect((await server.request('GET', recent)).status).toBe(200);
    const olderLeft = await db.selectFrom('mail_links').select('token_hash').where('address_hash', '=', 'h').execute();
    expect(olderLeft.map((l) => l.token_hash)).toEqual(['b'.repeat(64)]);
    expect(await db.selectFrom('mail_suppressions').selectAll().execute()).toEqual(suppressions);
  });
});
