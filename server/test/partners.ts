import { expect } from 'vitest';
import { partnerCredentialsSchema, type PartnerCredentials } from '../../sdk/schemas/partners';
import { MessageRenderer } from '../mail-sender/renderer';
import { responseTokenOf, validOrder, type TestServer } from './harness';

/** A valid partner registration; override any field. */
export function validRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    companyName: 'Coastal Cleaning Directory',
    contactEmail: 'dev@coastal.example.co.za',
    contactName: 'Thandi Nkosi',
    website: 'https://coastal.example.co.za',
    businessType: 'directory',
    integrationType: 'both',
    monthlyTraffic: '10k-50k',
    useCase: 'Quotes beside every cleaning-supplier listing in our directory',
    ...overrides,
  };
}

/** A valid request from the widget's short form, naming no partner; override any field. */
export function validEmbedRfq(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    productName: 'Thick Bleach 5L',
    productDescription: 'Thick bleach for ablution blocks at three sites, 5 litre cans',
    quantity: 40,
    budgetRange: '1k-5k',
    location: 'Durban',
    contactEmail: 'ops@example.co.za',
    source: 'embed-widget',
    ...overrides,
  };
}

/** Registers a partner and answers its credentials and the headers that authenticate it. */
export async function registerPartner(server: TestServer, overrides: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/partners/register', { body: validRegistration(overrides) });
  expect(res.status).toBe(201);
  const { credentials }: PartnerCredentials = partnerCredentialsSchema.parse(res.json);
  return { ...credentials, headers: { authorization: `Bearer ${credentials.apiKey}`, 'x-partner-id': credentials.partnerId } };
}

/** The links of the quote e-mail a request's buyer received, as its HTML carries them. */
export async function quoteEmailLinks(server: TestServer, rfqId: string): Promise<string[]> {
  const rows = await server.database.db.selectFrom('outbox').select(['kind', 'payload']).where('kind', '=', 'buyer-quotes').execute();
  const row = rows.find((r) => (JSON.parse(r.payload) as { rfqId: string }).rfqId === rfqId);
  expect(row, `a quote e-mail for ${rfqId}`).toBeDefined();
  const email = await new MessageRenderer(server.database.db, server.app.deps.outbox.settings, server.app.deps.market).render(row!);
  return [...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

/** The buyer opens a link of the request's quote e-mail that goes through `/mail/open/`: answers where it led. */
export async function openQuoteEmail(
  server: TestServer,
  rfqId: string,
  which: (link: string) => boolean = (link) => link.includes('/mail/open/'),
): Promise<string> {
  const link = (await quoteEmailLinks(server, rfqId)).find(which);
  expect(link, 'a link through /mail/open/').toBeDefined();
  const res = await fetch(server.url + new URL(link!).pathname + new URL(link!).search, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

/**
 * A request from `contactEmail` through the widget on a page of `site`, naming partner `p`, whose
 * buyer then opens the quote e-mail: credited to the partner when `site` is its host, and qualified.
 */
export async function qualifiedWidgetRequest(server: TestServer, p: { partnerId: string }, site: string, contactEmail: string, companySize: string) {
  const res = await widgetRequest(server, { contactEmail, companySize, partnerId: p.partnerId, source: 'embed-widget', referrerUrl: site });
  expect(res.status).toBe(201);
  await openQuoteEmail(server, res.json.rfqId);
  return res;
}

/** A request for Thick Bleach 5L to Durban as a partner's widget sends it; `fields` give the buyer, the partner and the rest. */
export function widgetRequest(server: TestServer, fields: Record<string, unknown>) {
  return server.request('POST', '/api/embed/rfq', {
    body: {
      productName: 'Thick Bleach 5L',
      productDescription: 'Thick bleach for ablution blocks at three sites',
      quantity: 40,
      location: 'Durban',
      ...fields,
    },
  });
}

/** A partner's widget request on its own site, accepted by its buyer and confirmed by the supplier: a success fee and a qualified credit. */
export async function confirmedPartnerOrder(server: TestServer, partner: { partnerId: string }) {
  const res = await widgetRequest(server, {
    contactEmail: 'facilities@buyer.example.co.za',
    partnerId: partner.partnerId,
    referrerUrl: 'https://coastal.example.co.za/',
    source: 'embed-widget',
    companySize: '11-50',
  });
  expect(res.status).toBe(201);
  const rfqId = res.json.rfqId as string;
  const quote = res.json.quotes[0] as { trackingToken: string; totalPrice: number; supplier: { id: number } };
  expect((await server.request('POST', `/api/quotes/track/${quote.trackingToken}/accept`, { body: validOrder() })).status).toBe(200);
  const token = await responseTokenOf(server, rfqId);
  expect((await server.request('POST', `/api/supplier-responses/${token}/confirm`)).status).toBe(200);
  return { rfqId, quote };
}
