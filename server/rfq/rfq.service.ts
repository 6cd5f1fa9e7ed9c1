import type { Insertable, Kysely, Transaction } from 'kysely';
import { DEMO_EMBED_ID } from '../../sdk/embed/config';
import type { CompanySize, Rfq, RfqSubmission, RfqSubmitResponse } from '../../sdk/index';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { DB, RfqsTable } from '../db/schema';
import type { GroupCommit } from '../db/group-commit';
import { decideRfqMail } from '../mail/guard';
import { rfqMessages } from '../mail/messages';
import type { Outbox } from '../mail/outbox';
import { buildQuotes, type QuoteDraft, type QuoteSet } from '../domain/quote-engine';
import { UnitNotQuotableError } from '../domain/units';
import { intentScore } from '../domain/intent';
import { cityFullName, UnknownPlaceError } from '../domain/interpret';
import type { Supplier } from '../domain/market';
import type { MarketStore } from '../catalogue/market-store';
import { ApiError } from '../errors';
import { hashSecret, maskEmail, newRfqId, newTrackingSecret, quoteReference, randomBytesPooled, trackingToken } from '../lib/ids';
import { rfqStatus, validityDay } from '../domain/validity';
import { complianceView, toApiQuote, toApiSupplier, withTracking, type SupplierView } from '../quotes/quote.mapper';
import { findQuotesForRfq, type FirmColumns, type QuoteRow } from '../quotes/quotes.repository';
import { partnerCredit } from '../partners/partner-credit';
import { isRegisteredPartner } from '../partners/partners.service';
import { findRfqRow, insertRfq } from './rfq.repository';
import { answerOnce, type RememberAnswer, type SubmitResult } from './idempotency';
import { basketParts } from './basket.mapper';

export interface RfqDeps {
  database: Database;
  market: MarketStore;
  config: Config;
  writes: GroupCommit;
  outbox: Outbox;
}

export function supplierView(s: Supplier, cityName: string, province: string, day: string): SupplierView {
  return {
    id: s.id,
    name: s.name,
    location: cityName,
    province,
    rating: s.rating,
    verified: s.verified,
    contactPerson: s.contactPerson,
    email: s.email,
    phone: s.phone,
    responseTimeHours: s.responseTimeHours,
    ...complianceView(s.compliance, day),
  };
}

type NewQuoteRow = Omit<QuoteRow, 'id' | FirmColumns> & { tracking_secret_hash: string };

function quoteRow(rfqId: string, draft: QuoteDraft, secretHash: string, createdAt: string): NewQuoteRow {
  return {
    rfq_id: rfqId,
    supplier_id: draft.supplier.id,
    rank: draft.rank,
    pricing_basis: draft.pricingBasis,
    list_unit_price_cents: draft.listUnitPriceCents,
    unit_price_cents: draft.unitPriceCents,
    discount_percent: draft.discountPercent,
    total_cents: draft.totalCents,
    vat_rate: draft.vatRate,
    vat_cents: draft.vatCents,
    total_incl_vat_cents: draft.totalInclVatCents,
    minimum_order_quantity: draft.minimumOrderQuantity,
    lead_min_days: draft.leadDays.min,
    lead_max_days: draft.leadDays.max,
    payment_terms: draft.paymentTerms,
    validity_days: draft.validityDays,
    valid_until: draft.validUntil,
    price_list_date: draft.priceListDate,
    notes: draft.notes,
    competitive_position: draft.insights.competitivePosition,
    price_difference: draft.insights.priceDifference,
    quality_score: draft.insights.qualityScore,
    reliability_rating: draft.insights.reliabilityRating,
    risk_level: draft.insights.riskLevel,
    recommendation: draft.insights.recommendation,
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

/**
 * A request as the service stores it: the main form's fields, or the embed form's mapped onto
 * them (its budget bands are its own, so the band is kept as text).
 */
export type RfqRequest = Omit<RfqSubmission, 'budgetRange'> & { budgetRange?: string | undefined };

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

/** What a request says of its sender and where it came from, single or basket alike. */
interface Sender {
  budgetRange?: string | undefined;
  supplierCount: number;
  primaryEmail: string;
  additionalEmails: string[];
  companyName?: string | undefined;
  contactName?: string | undefined;
  companySize?: string | undefined;
  embedId?: string | undefined;
  embedSource?: string | undefined;
  partnerId?: string | undefined;
  referrerUrl?: string | undefined;
  timestamp?: string | undefined;
}

/**
 * The partner a request names, only when registered (an unknown id is dropped, not stored), and
 * whether it came from a widget on the demo page, never a partner's: such a request reaches no supplier.
 */
export async function requestOrigin(db: Kysely<DB>, input: Sender): Promise<{ partnerId: string | null; demo: boolean }> {
  const partnerId = input.partnerId !== undefined && (await isRegisteredPartner(db, input.partnerId)) ? input.partnerId : null;
  return { partnerId, demo: partnerId === null && input.embedId !== undefined && DEMO_EMBED_ID.test(input.embedId) };
}

/** The columns of a request's row that a single-product request and a basket share: its sender, where it came from, how it matched. */
export function senderColumns(
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

/**
 * Where no worker fans a request's leads out (e-mail held), writes them with the request: one
 * per quote, to its supplier as the supplier takes its leads.
 */
export async function writeHeldLeads(deps: Pick<RfqDeps, 'outbox'>, trx: Transaction<DB>, rfqId: string, ids: number[], suppliers: Supplier[], now: Date) {
  if (!deps.outbox.holding) return;
  const leads = ids.map((quoteId, i) => ({ quoteId, supplierEmail: suppliers[i]!.email, digestMinutes: suppliers[i]!.leadDigestMinutes }));
  await deps.outbox.writeLeadsNow(trx, rfqId, leads, now);
}

/**
 * Stores a quote request and the quotes computed for it, in one transaction. With an
 * idempotency key, a repeat of the same request answers with the first answer instead. A
 * location Procura does not know is refused as bad input of `locationField`, the caller's name
 * for it.
 */
export function submitRfq(
  deps: RfqDeps,
  input: RfqRequest,
  idempotencyKey: string | undefined,
  now: Date,
  locationField: 'deliveryLocation' | 'location' = 'deliveryLocation',
): Promise<SubmitResult> {
  return answerOnce(deps.database.db, idempotencyKey, input, (remember) => submitNewRfq(deps, input, now, locationField, remember));
}

async function submitNewRfq(
  deps: RfqDeps,
  input: RfqRequest,
  now: Date,
  locationField: 'deliveryLocation' | 'location',
  remember: RememberAnswer,
): Promise<SubmitResult> {
  const market = await deps.market.current();
  const { partnerId, demo } = await requestOrigin(deps.database.db, input);
  let set: QuoteSet;
  try {
    set = buildQuotes(market, input, { now, vatRate: deps.config.vatRate });
  } catch (err) {
    if (err instanceof UnitNotQuotableError) {
      throw new ApiError(400, 'validation_error', 'Request validation failed', { fields: { unit: err.message } });
    }
    if (err instanceof UnknownPlaceError) {
      throw new ApiError(400, 'validation_error', 'Request validation failed', { fields: { [locationField]: err.message } });
    }
    throw err;
  }
  const rfqId = newRfqId();
  const createdAt = now.toISOString();
  const deliveryLocation = set.location.city ? cityFullName(set.location.city) : input.deliveryLocation;

  // One secret for the request's quotes: all their tokens go to the same buyer (see newTrackingSecret).
  const secret = newTrackingSecret();
  const secretHash = hashSecret(secret);
  const rows = set.quotes.map((draft) => quoteRow(rfqId, draft, secretHash, createdAt));
  const today = validityDay(now.getTime());
  const rfqContext = { productName: input.productName, quantity: input.quantity, unit: set.unit, today };
  const suppliers = set.quotes.map((draft) => {
    const home = market.citiesById.get(draft.supplier.homeCityId);
    return supplierView(draft.supplier, home?.name ?? '', home?.province ?? '', today);
  });

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
    product_name: input.productName,
    product_description: input.productDescription,
    quantity: input.quantity,
    unit: set.unit,
    catalogue_item_id: set.product.item?.id ?? null,
    category_id: set.product.category.id,
    intent_score: intentScore(input),
  };

  const body = await deps.writes.run(async (trx) => {
    if (partnerId !== null) {
      rfq.partner_credit = await partnerCredit(trx, { partnerId, host: rfq.referrer_host ?? null, quoted: set.matched > 0 });
    }
    const mail = await decideRfqMail(trx, { primaryEmail: input.primaryEmail, additionalEmails: input.additionalEmails, now });
    const sendLeads = mail.sendLeads && rows.length > 0 && !demo;
    const messages = rfqMessages({ rfqId, buyers: mail.buyers, secret, sendLeads });
    // The request, its quotes, its links and its e-mails: one statement on PostgreSQL.
    const ids = await insertRfq(trx, rfq, rows, { links: mail.links, outbox: deps.outbox.rowsOf(messages, now) });
    const tokens = ids.map((id) => trackingToken(id, secret));
    if (sendLeads)
      await writeHeldLeads(
        deps,
        trx,
        rfqId,
        ids,
        set.quotes.map((q) => q.supplier),
        now,
      );
    const body: RfqSubmitResponse = {
      rfqId,
      productName: input.productName,
      quantity: input.quantity,
      unit: set.unit,
      deliveryLocation,
      supplierCount: input.supplierCount,
      primaryEmail: input.primaryEmail,
      companySize: input.companySize ?? null,
      status: rfqStatus('open', rows, today),
      matching: { requested: set.requested, matched: set.matched, message: set.message },
      quotes: ids.map((id, i) => {
        const quote = toApiQuote({ ...rows[i]!, id }, suppliers[i]!, rfqContext);
        return withTracking(quote, tokens[i]!, deps.config.publicUrl);
      }),
      emailDelivery: { notSent: mail.notSent },
      demo,
      createdAt,
    };
    await remember(trx, body, rfqId, createdAt);
    return body;
  });
  deps.outbox.notify();
  return { status: 201, body, replayed: false };
}

/** A stored request with its quotes and statuses, the e-mail masked, no tracking tokens. */
export async function getRfq(deps: Pick<RfqDeps, 'database' | 'config' | 'market'>, rfqId: string, now: Date): Promise<Rfq> {
  const { db } = deps.database;
  const row = await findRfqRow(db, rfqId);
  if (!row) throw new ApiError(404, 'rfq_not_found', 'RFQ not found');
  const today = validityDay(now.getTime());
  const rfqContext = { productName: row.product_name, quantity: row.quantity, unit: row.unit, today };
  const [rows, market] = await Promise.all([findQuotesForRfq(db, rfqId), deps.market.current()]);
  // The suppliers' VAT numbers and B-BBEE standing come from the market snapshot in memory.
  const quotes = rows.map(({ quote, supplier }) =>
    toApiQuote(quote, toApiSupplier(supplier, market.suppliersById.get(supplier.s_id)?.compliance, today), rfqContext),
  );
  // A basket reads its lines and its quotes' lines too: a single request reads nothing more.
  const basket = row.line_count > 0 ? await basketParts(deps, rfqId, rows, quotes, today) : null;
  return {
    rfqId: row.id,
    productName: row.product_name,
    deliveryLocation: row.delivery_location,
    quantity: row.quantity,
    unit: row.unit,
    supplierCount: row.supplier_count,
    primaryEmail: row.personal_data_deleted_at ? null : maskEmail(row.primary_email),
    companySize: row.company_size as CompanySize | null,
    status: rfqStatus(
      row.status,
      rows.map((r) => r.quote),
      today,
    ),
    awardedQuoteId: row.awarded_quote_id === null ? null : quoteReference(row.awarded_quote_id),
    matching: { requested: row.supplier_count, matched: row.matched_count, message: row.matching_message },
    quotes: basket ? basket.quotes : quotes,
    demo: row.demo === 1,
    createdAt: row.created_at,
    ...(basket ? { lines: basket.lines, split: basket.split } : {}),
  };
}
