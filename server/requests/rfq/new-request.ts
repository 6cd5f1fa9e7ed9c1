/**
 * How a new request is written, a single product or a basket alike: its sender's columns, where it came from, its quotes'
 * rows, and the one transaction that holds the request, its quotes, its e-mails and its answer.
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import { DEMO_EMBED_ID } from '../../../sdk/embed/config';
import type { CompanySize } from '../../../sdk/rules';
import type { RfqSubmitResponse } from '../../../sdk/schemas/rfq';
import type { MarketStore } from '../../catalogue/market-store';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { GroupCommit } from '../../db/group-commit';
import { quoteIdsOf } from '../../db/sequence-ids';
import type { DB, QuotesTable, RfqsTable } from '../../db/schema';
import { cityFullName, type LocationInterpretation } from '../../domain/interpret';
import type { MarketSnapshot, Supplier } from '../../domain/market';
import type { QuoteTerms } from '../../domain/quote-engine';
import { rfqStatus, validityDay } from '../../domain/validity';
import { hashSecret, newRfqId, newTrackingSecret, randomBytesPooled, trackingToken } from '../../lib/ids';
import { decideRfqMail, RFQ_MAIL_COUNTS, rfqMailPart } from '../../mail/guard';
import { rfqMessages } from '../../mail/messages';
import type { Outbox } from '../../mail/outbox';
import { isRegisteredPartner } from '../../partners/partners.service';
import { partnerCredit } from '../../partners/partner-credit';
import { complianceView, recordView, toApiQuote, withTracking, type SupplierView } from '../quotes/quote.mapper';
import type { FirmColumns, QuoteRow } from '../quotes/quotes.repository';
import type { RememberAnswer, SubmitResult } from './idempotency';
import { insertRfq } from './rfq.repository';

export interface RfqDeps {
  database: Database;
  market: MarketStore;
  config: Config;
  writes: GroupCommit;
  outbox: Outbox;
}

/** What a request says of its sender and where it came from, single or basket alike. */
interface Sender {
  budgetRange?: string | undefined;
  supplierCount: number;
  deliveryLocation: string;
  primaryEmail: string;
  additionalEmails: string[];
  companyName?: string | undefined;
  contactName?: string | undefined;
  companySize?: CompanySize | undefined;
  embedId?: string | undefined;
  embedSource?: string | undefined;
  partnerId?: string | undefined;
  referrerUrl?: string | undefined;
  timestamp?: string | undefined;
}

/** The host of the page that embedded the widget; the rest of the address is not kept. */
export function referrerHost(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

/**
 * The partner a request names, only when registered (an unknown id is dropped, not stored), and
 * whether it came from a widget on the demo page, never a partner's: such a request reaches no supplier.
 */
export async function requestOrigin(db: Kysely<DB>, input: Sender): Promise<{ partnerId: string | null; demo: boolean }> {
  const partnerId = input.partnerId !== undefined && (await isRegisteredPartner(db, input.partnerId)) ? input.partnerId : null;
  return { partnerId, demo: partnerId === null && input.embedId !== undefined && DEMO_EMBED_ID.test(input.embedId) };
}

function supplierView(s: Supplier, cityName: string, province: string, day: string): SupplierView {
  return {
    id: s.id,
    name: s.name,
    location: cityName,
    province,
    ...recordView(s.record),
    verified: s.verified,
    contactPerson: s.contactPerson,
    email: s.email,
    phone: s.phone,
    responseTimeHours: s.responseTimeHours,
    ...complianceView(s.compliance, day),
  };
}

/** A quote's price columns: a single product's unit prices, or a basket's (whose lines carry the prices). */
export type QuotePrices = Pick<
  Insertable<QuotesTable>,
  'pricing_basis' | 'list_unit_price_cents' | 'unit_price_cents' | 'discount_percent' | 'minimum_order_quantity' | 'minimum_order_cents'
>;

type NewQuoteRow = Omit<QuoteRow, 'id' | FirmColumns> & { tracking_secret_hash: string };

function quoteRow(rfqId: string, q: QuoteTerms, prices: QuotePrices, secretHash: string, createdAt: string): NewQuoteRow {
  return {
    rfq_id: rfqId,
    supplier_id: q.supplier.id,
    rank: q.rank,
    pricing_basis: prices.pricing_basis,
    list_unit_price_cents: prices.list_unit_price_cents,
    unit_price_cents: prices.unit_price_cents,
    discount_percent: prices.discount_percent,
    total_cents: q.totalCents,
    vat_rate: q.vatRate,
    vat_cents: q.vatCents,
    total_incl_vat_cents: q.totalInclVatCents,
    minimum_order_quantity: prices.minimum_order_quantity,
    ...(prices.minimum_order_cents === undefined ? {} : { minimum_order_cents: prices.minimum_order_cents }),
    lead_min_days: q.leadDays.min,
    lead_max_days: q.leadDays.max,
    payment_terms: q.paymentTerms,
    validity_days: q.validityDays,
    valid_until: q.validUntil,
    price_list_date: q.priceListDate,
    notes: q.notes,
    competitive_position: q.insights.competitivePosition,
    price_difference: q.insights.priceDifference,
    quality_score: q.insights.qualityScore,
    reliability_rating: q.insights.reliabilityRating,
    risk_level: q.insights.riskLevel,
    recommendation: q.insights.recommendation,
    tracking_secret_hash: secretHash,
    first_viewed_at: null,
    last_viewed_at: null,
    created_at: createdAt,
    status: 'offered',
    status_changed_at: null,
    accepted_at: null,
    withdrawal_reason: null,
    courtesy_mailed_at: null,
  };
}

/** The columns of a request's row that a single-product request and a basket share: its sender, where it came from, how it matched. */
function senderColumns(
  input: Sender,
  r: {
    rfqId: string;
    createdAt: string;
    partnerId: string | null;
    demo: boolean;
    deliveryLocation: string;
    cityId: string | null;
    matched: number;
    message: string;
  },
) {
  return {
    id: r.rfqId,
    budget_range: input.budgetRange ?? null,
    supplier_count: input.supplierCount,
    matched_count: r.matched,
    matching_message: r.message,
    delivery_location: r.deliveryLocation,
    city_id: r.cityId,
    primary_email: input.primaryEmail,
    additional_emails: JSON.stringify(input.additionalEmails),
    company_name: input.companyName ?? null,
    contact_name: input.contactName ?? null,
    embed_id: input.embedId ?? null,
    embed_source: input.embedSource ?? null,
    partner_id: r.partnerId,
    referrer_host: referrerHost(input.referrerUrl),
    client_timestamp: input.timestamp ?? null,
    created_at: r.createdAt,
    rfq_ref: `r_${randomBytesPooled(10).toString('hex')}`,
    company_size: input.companySize ?? null,
    demo: r.demo ? 1 : 0,
  } satisfies Partial<Insertable<RfqsTable>>;
}

/** A new request as its engine made it: the market it was quoted on, the quotes and how the request matched. */
export interface RequestDraft<Q extends QuoteTerms> {
  market: MarketSnapshot;
  origin: { partnerId: string | null; demo: boolean };
  set: { location: LocationInterpretation; requested: number; matched: number; message: string; quotes: Q[] };
  /** The request's own columns: what it asks for. */
  columns: Pick<Insertable<RfqsTable>, 'product_description' | 'catalogue_item_id' | 'category_id' | 'intent_score' | 'line_count'> & {
    product_name: string;
    quantity: number;
    unit: string;
  };
  /** Each quote's price columns. */
  prices(q: Q): QuotePrices;
}

/** What the request's transaction has written when its answer is made: the quotes' ids, in the drafts' order. */
export type FinishRequest = (trx: Transaction<DB>, ids: number[], answer: RfqSubmitResponse) => Promise<RfqSubmitResponse>;

/**
 * Writes a new request in one transaction: the partner's credit, the request with its quotes, its links and the buyer's
 * e-mails (one statement on PostgreSQL, which, its quotes' ids drawn ahead, travels with the COMMIT), the suppliers' leads where no worker fans them out; then `finish` writes what is
 * its own and completes the answer, which is kept under the request's idempotency key (`remember`). The outbox is woken
 * once the transaction has committed.
 */
export async function commitRequest<Q extends QuoteTerms>(
  deps: RfqDeps,
  input: Sender,
  draft: RequestDraft<Q>,
  now: Date,
  remember: RememberAnswer,
  finish: FinishRequest = async (_trx, _ids, answer) => answer,
): Promise<SubmitResult> {
  const { market, set, origin } = draft;
  const rfqId = newRfqId();
  const createdAt = now.toISOString();
  const deliveryLocation = set.location.city ? cityFullName(set.location.city) : input.deliveryLocation;
  // One secret for the request's quotes: all their tokens go to the same buyer (see newTrackingSecret).
  const secret = newTrackingSecret();
  const secretHash = hashSecret(secret);
  const rows = set.quotes.map((q) => quoteRow(rfqId, q, draft.prices(q), secretHash, createdAt));
  const today = validityDay(now.getTime());
  const views = set.quotes.map((q) => {
    const home = market.citiesById.get(q.supplier.homeCityId);
    return supplierView(q.supplier, home?.name ?? '', home?.province ?? '', today);
  });
  const { partnerId, demo } = origin;
  const rfq: Insertable<RfqsTable> = {
    ...senderColumns(input, {
      rfqId,
      createdAt,
      partnerId,
      demo,
      deliveryLocation,
      cityId: set.location.city?.id ?? null,
      matched: set.matched,
      message: set.message,
    }),
    ...draft.columns,
  };
  const { product_name: productName, quantity, unit } = draft.columns;
  // On PostgreSQL the quotes' ids are drawn ahead, so nothing the transaction writes waits for an answer.
  const drawnIds = await quoteIdsOf(deps.database)?.take(rows.length);

  const mailPart = rfqMailPart({ primaryEmail: input.primaryEmail, additionalEmails: input.additionalEmails, now });

  // The buyer's address is counted with the other requests' of the transaction, in one statement (see RFQ_MAIL_COUNTS).
  const body = await deps.writes.runAfter(RFQ_MAIL_COUNTS, mailPart, async (trx, primaryCounts) => {
    if (partnerId !== null) {
      rfq.partner_credit = await partnerCredit(trx, { partnerId, host: rfq.referrer_host ?? null, quoted: set.matched > 0 });
    }
    const mail = await decideRfqMail(trx, mailPart, primaryCounts);
    const sendLeads = mail.sendLeads && rows.length > 0 && !demo;
    const messages = rfqMessages({ rfqId, buyers: mail.buyers, secret, sendLeads });
    const ids = await insertRfq(trx, rfq, rows, { links: mail.links, outbox: deps.outbox.rowsOf(messages, now) }, drawnIds);
    // Where no worker fans leads out (e-mail held), they are written with the request: one per quote, as its supplier takes them.
    if (sendLeads && deps.outbox.holding) {
      const leads = ids.map((quoteId, i) => ({
        quoteId,
        supplierEmail: set.quotes[i]!.supplier.email,
        digestMinutes: set.quotes[i]!.supplier.leadDigestMinutes,
      }));
      await deps.outbox.writeLeadsNow(trx, rfqId, leads, now);
    }
    const answer = await finish(trx, ids, {
      rfqId,
      productName,
      quantity,
      unit,
      deliveryLocation,
      supplierCount: input.supplierCount,
      primaryEmail: input.primaryEmail,
      companySize: input.companySize ?? null,
      status: rfqStatus('open', rows, today),
      matching: { requested: set.requested, matched: set.matched, message: set.message },
      quotes: ids.map((id, i) => {
        const quote = toApiQuote({ ...rows[i]!, id }, views[i]!, { productName, quantity, unit, today });
        return withTracking(quote, trackingToken(id, secret), deps.config.publicUrl);
      }),
      emailDelivery: { notSent: mail.notSent },
      demo,
      createdAt,
    });
    await remember(trx, answer, rfqId, createdAt);
    return answer;
  });
  deps.outbox.notify();
  return { status: 201, body, replayed: false };
}
