import { centsToRand, vatCents } from '../../sdk/format';
import { SUPPLIER_MESSAGES, type FirmLeadInput, type LeadFilter, type SupplierLead } from '../../contract/schemas/supplier-workspace';
import { isPastValidity, quoteStatus, validityDay } from '../domain/validity';
import { ApiError } from '../errors';
import { quoteReference } from '../lib/ids';
import { mayEmailBuyer } from '../mail/guard';
import type { OutboxMessage } from '../mail/messages';
import { findOrderDetails, findPurchaseOrdersOfQuotes, findQuoteInRequest, moveQuote, type PurchaseOrderRow } from '../quotes/quotes.repository';
import { toOrderSummary } from '../quotes/quote.mapper';
import { purchaseOrderDocument, type PaperDocument } from '../quotes/paperwork';
import { findLinesOfQuotes } from '../rfq/rfq.repository';
import { runAction, StaleStateError, type QuoteDeps } from '../quotes/quotes.service';
import { answerOrderOfQuote } from '../supplier-responses/supplier-responses.service';
import { recordSupplierAudit, type SupplierMember } from '../supplier/supplier-users.service';
import { findLeadAnswers, findLeads, findWorkspaceStart, firmQuote, setResponseTime, supplierOfQuote, type LeadRow } from './supplier-leads.repository';
import { measuredResponseHours, type AnsweredLead } from '../domain/track-record';
import { marketChanged } from '../catalogue/market-store';
import type { Executor } from '../db/executor';

export type LeadDeps = QuoteDeps & { clock: () => number };

const notFound = () => new ApiError(404, 'lead_not_found', SUPPLIER_MESSAGES.leadNotFound);

/** `Q-12` to 12; anything else is no lead. */
function quoteIdOfRef(reference: string): number {
  const match = /^Q-([1-9]\d{0,15})$/.exec(reference);
  if (!match) throw notFound();
  return Number(match[1]);
}

/** A quote of this supplier's, or 404: another supplier's lead is as unknown as one that does not exist. */
async function ownQuoteId(deps: Pick<LeadDeps, 'database'>, member: SupplierMember, reference: string): Promise<number> {
  const quoteId = quoteIdOfRef(reference);
  if ((await supplierOfQuote(deps.database.db, quoteId)) !== member.supplierId) throw notFound();
  return quoteId;
}

/**
 * A lead as the workspace shows it: the buyer's contact only once this quote is accepted, and only while kept. A basket's
 * buyer may accept several quotes, each for its own lines, so the quote's own status says it was won, not the request's award.
 */
function toLead(row: LeadRow, day: string, lines: LeadLines, orders: readonly PurchaseOrderRow[]): SupplierLead {
  const status = quoteStatus(row.status, row.valid_until, day);
  const won = status === 'accepted' || status === 'confirmed';
  const kept = row.personal_data_deleted_at === null;
  return {
    quoteId: quoteReference(row.id),
    requestedAt: row.created_at,
    productName: row.product_name,
    quantity: row.quantity,
    unit: row.unit,
    deliveryLocation: row.delivery_location,
    status,
    unitPrice: centsToRand(row.unit_price_cents),
    totalPrice: centsToRand(row.total_cents),
    totalPriceInclVat: centsToRand(row.total_incl_vat_cents),
    leadTimeDays: { min: row.lead_min_days, max: row.lead_max_days },
    validUntil: row.valid_until,
    firmedAt: row.firmed_at,
    indicativeUnitPrice: centsToRand(row.indicative_unit_price_cents ?? row.unit_price_cents),
    indicativeTotalPrice: centsToRand(row.indicative_total_cents ?? row.total_cents),
    withdrawalReason: row.withdrawal_reason,
    ...(row.line_count > 0
      ? {
          lines: (lines.get(row.id) ?? []).map((l) => ({
            productName: l.product_name,
            quantity: l.quantity,
            unit: l.unit,
            unitPrice: centsToRand(l.unit_price_cents),
            totalPrice: centsToRand(l.total_cents),
            ordered: won && l.status === 'accepted',
          })),
        }
      : {}),
    buyer: won
      ? {
          email: kept ? row.primary_email : null,
          contactName: kept ? row.contact_name : null,
          companyName: kept ? row.company_name : null,
          phone: kept ? row.phone : null,
          deliveryAddress: kept ? row.delivery_address : null,
          purchaseOrderReference: kept ? row.purchase_order_reference : null,
          vatNumber: kept ? row.vat_number : null,
          productDescription: kept && row.line_count === 0 ? row.product_description : null,
        }
      : null,
    orders: orders.filter((po) => po.quote_id === row.id).map((po) => toOrderSummary(po, row.lead_max_days)),
  };
}

/** The lines of basket quotes, by quote id. */
type LeadLines = Awaited<ReturnType<typeof findLinesOfQuotes>>;

/** The lines of those of `rows` that are a basket's quotes, read in one statement. */
function linesOf(db: Executor, rows: readonly Pick<LeadRow, 'id' | 'line_count'>[]): Promise<LeadLines> {
  return findLinesOfQuotes(
    db,
    rows.filter((r) => r.line_count > 0).map((r) => r.id),
  );
}

/** The purchase orders of those of `rows` the buyer ordered from, read in one statement. */
function ordersOf(db: Executor, rows: readonly Pick<LeadRow, 'id' | 'status'>[]): Promise<PurchaseOrderRow[]> {
  return findPurchaseOrdersOfQuotes(
    db,
    rows.filter((r) => r.status === 'accepted' || r.status === 'confirmed' || r.status === 'withdrawn').map((r) => r.id),
  );
}

/** A purchase order of this supplier's lead (`poNumber`, or its latest) as a PDF; 404 when it has none such. */
export async function leadPurchaseOrder(
  deps: Pick<LeadDeps, 'database'>,
  member: SupplierMember,
  reference: string,
  poNumber?: string,
): Promise<PaperDocument> {
  const state = await findQuoteInRequest(deps.database.db, await ownQuoteId(deps, member, reference));
  if (!state) throw notFound();
  return purchaseOrderDocument(deps.database.db, state, { poNumber });
}

/** Every request this supplier was quoted for, newest first, narrowed to a status. */
export async function listLeads(deps: Pick<LeadDeps, 'database' | 'clock'>, member: SupplierMember, status: LeadFilter | undefined): Promise<SupplierLead[]> {
  const day = validityDay(deps.clock());
  const rows = await findLeads(deps.database.db, member.supplierId, status, day);
  const [lines, orders] = await Promise.all([linesOf(deps.database.db, rows), ordersOf(deps.database.db, rows)]);
  return rows.map((row) => toLead(row, day, lines, orders));
}

/** One lead of this supplier's, as things now stand. */
async function leadOf(deps: Pick<LeadDeps, 'database' | 'clock'>, member: SupplierMember, quoteId: number): Promise<SupplierLead> {
  const lead = (await listLeads(deps, member, undefined)).find((l) => l.quoteId === quoteReference(quoteId));
  if (lead) return lead;
  // Older than the list's page: read it alone.
  const state = await findQuoteInRequest(deps.database.db, quoteId);
  if (!state) throw notFound();
  const { quote } = state.quote;
  const day = validityDay(deps.clock());
  const given = await findOrderDetails(deps.database.db, quote.id);
  const row = {
    ...quote,
    product_name: state.rfq.product_name,
    quantity: state.rfq.quantity,
    unit: state.rfq.unit,
    delivery_location: state.rfq.delivery_location,
    line_count: state.rfq.line_count,
    personal_data_deleted_at: state.rfq.personal_data_deleted_at,
    primary_email: state.rfq.primary_email,
    contact_name: state.rfq.contact_name,
    company_name: state.rfq.company_name,
    product_description: state.rfq.product_description,
    phone: given.phone,
    delivery_address: given.deliveryAddress,
    purchase_order_reference: given.purchaseOrderReference,
    vat_number: given.vatNumber,
  };
  const [lines, orders] = await Promise.all([linesOf(deps.database.db, [row]), ordersOf(deps.database.db, [row])]);
  return toLead(row, day, lines, orders);
}

const YEAR_MS = 365 * 86_400_000;

/** When a lead stopped being open to an answer, as the measure reads it: the buyer chose another, or its validity ended; null while it is open. */
function leadClosedAt(row: Awaited<ReturnType<typeof findLeadAnswers>>[number], nowMs: number): string | null {
  if (row.status === 'not_selected') return row.status_changed_at;
  const validityEnd = `${row.valid_until}T23:59:59+02:00`;
  return Date.parse(validityEnd) < nowMs ? validityEnd : null;
}

/**
 * Measures again, in the transaction of one of its answers, how fast the supplier answers its
 * leads since it had workspace access (12 months at most), and quotes it with that figure from
 * the next request on (docs/quoting.md, "Measured response time").
 */
async function remeasureResponse(trx: Executor, supplierId: number, nowMs: number): Promise<void> {
  const start = await findWorkspaceStart(trx, supplierId);
  if (start === null) return;
  const since = new Date(Math.max(Date.parse(start), nowMs - YEAR_MS)).toISOString();
  const leads: AnsweredLead[] = (await findLeadAnswers(trx, supplierId, since)).map((row) => ({
    createdAt: row.created_at,
    // Made firm, declined before the buyer acted, or the buyer's order answered.
    answeredAt: row.firmed_at ?? (row.status === 'withdrawn' || row.status === 'confirmed' ? row.status_changed_at : null),
    closedAt: leadClosedAt(row, nowMs),
  }));
  const hours = measuredResponseHours(leads, nowMs);
  if (hours !== null && (await setResponseTime(trx, supplierId, hours))) await marketChanged(trx);
}

/**
 * Makes an offered quote within its validity firm, at the unit price given or the indicative one,
 * with the lead time, validity and note given. The indicative figures are kept beside the firm
 * ones, the buyer is e-mailed once, and the write is audited. A repeat changes nothing.
 */
export async function firmLead(deps: LeadDeps, member: SupplierMember, reference: string, input: FirmLeadInput): Promise<SupplierLead> {
  const quoteId = await ownQuoteId(deps, member, reference);
  const nowMs = deps.clock();
  const now = new Date(nowMs);
  const day = validityDay(nowMs);
  if (input.validUntil !== undefined && isPastValidity(input.validUntil, day)) {
    throw new ApiError(400, 'validation_error', 'Request validation failed', { fields: { validUntil: SUPPLIER_MESSAGES.validUntil } });
  }
  let mailed = false;
  await runAction(deps.writes, async (trx) => {
    const state = await findQuoteInRequest(trx, quoteId);
    if (!state) throw notFound();
    const { quote } = state.quote;
    if (quote.firmed_at) return; // a repeat: the quote is firm already
    // One unit price times the basket's count of products would be no price at all.
    if (state.rfq.line_count > 0) throw new ApiError(409, 'not_firmable', SUPPLIER_MESSAGES.basketNotFirmable);
    if (quote.status !== 'offered' || isPastValidity(quote.valid_until, day) || state.rfq.status !== 'open') {
      throw new ApiError(409, 'not_firmable', SUPPLIER_MESSAGES.notFirmable);
    }
    const unitPriceCents = input.unitPrice === undefined ? quote.unit_price_cents : Math.round(input.unitPrice * 100);
    const changed = unitPriceCents !== quote.unit_price_cents;
    const totalCents = unitPriceCents * state.rfq.quantity;
    const vat = vatCents(totalCents, Number(quote.vat_rate));
    const ok = await firmQuote(trx, quoteId, {
      now: now.toISOString(),
      unitPriceCents,
      // A changed price is the supplier's own: no list price or volume discount stands behind it.
      listUnitPriceCents: changed ? unitPriceCents : quote.list_unit_price_cents,
      discountPercent: changed ? 0 : Number(quote.discount_percent),
      totalCents,
      vatCents: vat,
      totalInclVatCents: totalCents + vat,
      indicativeUnitPriceCents: quote.unit_price_cents,
      indicativeTotalCents: quote.total_cents,
      leadMinDays: input.leadTimeDays ?? quote.lead_min_days,
      leadMaxDays: input.leadTimeDays ?? quote.lead_max_days,
      validUntil: input.validUntil ?? quote.valid_until,
      note: input.note ? input.note : null,
    });
    if (!ok) throw new StaleStateError();
    await recordSupplierAudit(trx, { supplierId: member.supplierId, userId: member.id, action: 'leads.firm', rows: 1, detail: quoteReference(quoteId) }, nowMs);
    await remeasureResponse(trx, member.supplierId, nowMs);
    const buyer = state.rfq.primary_email;
    if (state.rfq.personal_data_deleted_at === null && buyer && (await mayEmailBuyer(trx, buyer))) {
      const message: OutboxMessage = { kind: 'buyer-quote-firmed', recipient: buyer, payload: { rfqId: state.rfq.id, quoteId } };
      await deps.outbox.enqueue(trx, [message], now);
      mailed = true;
    }
  });
  if (mailed) deps.outbox.notify();
  return leadOf(deps, member, quoteId);
}

/**
 * Withdraws a quote the buyer has not accepted (offered, or declined by the buyer, and still
 * valid), with a reason the buyer is told, unless they had declined it; the request's status follows
 * from its quotes. A repeat changes nothing.
 */
export async function declineLead(deps: LeadDeps, member: SupplierMember, reference: string, reason: string): Promise<SupplierLead> {
  const quoteId = await ownQuoteId(deps, member, reference);
  const nowMs = deps.clock();
  const now = new Date(nowMs);
  const day = validityDay(nowMs);
  let mailed = false;
  await runAction(deps.writes, async (trx) => {
    const state = await findQuoteInRequest(trx, quoteId);
    if (!state) throw notFound();
    const { quote } = state.quote;
    if (quote.status === 'withdrawn' && quote.accepted_at === null) return; // a repeat
    if (!(quote.status === 'offered' || quote.status === 'declined') || isPastValidity(quote.valid_until, day) || state.rfq.status !== 'open') {
      throw new ApiError(409, 'not_declinable', SUPPLIER_MESSAGES.notDeclinable);
    }
    if (!(await moveQuote(trx, quoteId, ['offered', 'declined'], 'withdrawn', now.toISOString(), { withdrawal_reason: reason }))) throw new StaleStateError();
    await recordSupplierAudit(
      trx,
      { supplierId: member.supplierId, userId: member.id, action: 'leads.decline', rows: 1, detail: quoteReference(quoteId) },
      nowMs,
    );
    await remeasureResponse(trx, member.supplierId, nowMs);
    const buyer = state.rfq.primary_email;
    // A quote the buyer had turned down goes without a word to them: they chose not to have it.
    if (quote.status === 'offered' && state.rfq.personal_data_deleted_at === null && buyer && (await mayEmailBuyer(trx, buyer))) {
      await deps.outbox.enqueue(trx, [{ kind: 'buyer-quote-declined', recipient: buyer, payload: { rfqId: state.rfq.id, quoteId } }], now);
      mailed = true;
    }
  });
  if (mailed) deps.outbox.notify();
  return leadOf(deps, member, quoteId);
}

/** The supplier confirms, from its workspace, the order the buyer placed by accepting its quote. */
export async function confirmLead(deps: LeadDeps, member: SupplierMember, reference: string): Promise<SupplierLead> {
  const quoteId = await ownQuoteId(deps, member, reference);
  const nowMs = deps.clock();
  // The audit row is written in the order's own transaction: a confirmation is never left unrecorded.
  await answerOrderOfQuote(deps, quoteId, { kind: 'confirm' }, new Date(nowMs), null, async (trx) => {
    await recordSupplierAudit(
      trx,
      { supplierId: member.supplierId, userId: member.id, action: 'leads.confirm', rows: 1, detail: quoteReference(quoteId) },
      nowMs,
    );
    await remeasureResponse(trx, member.supplierId, nowMs);
  });
  return leadOf(deps, member, quoteId);
}
