import { basketName, centsToRand, vatCents } from '../../../sdk/format';
import {
  SUPPLIER_MESSAGES,
  type DeclineLeadInput,
  type FirmLeadInput,
  type LeadDeliveredInput,
  type LeadFilter,
  type SupplierLead,
} from '../../../contract/schemas/supplier-workspace';
import { markDelivered } from '../deliveries/deliveries.service';
import { isPastValidity, quoteStatus, validityDay } from '../../domain/validity';
import { ApiError, invalidFields } from '../../errors';
import { quoteReference } from '../../lib/ids';
import { mayEmailBuyer } from '../../mail/guard';
import type { OutboxMessage } from '../../mail/messages';
import {
  findOrderDetails,
  findPurchaseOrdersOfQuotes,
  findQuoteInRequest,
  moveQuote,
  orderDetailsOf,
  type PurchaseOrderRow,
} from '../quotes/quotes.repository';
import { toOrderSummary } from '../quotes/quote.mapper';
import { purchaseOrderDocument, type PaperDocument } from '../paperwork/paperwork';
import { findLinesOfQuotes } from '../rfq/rfq.repository';
import { runAction, StaleStateError, type QuoteDeps } from '../quotes/quotes.service';
import { answerOrderOfQuote } from '../supplier-responses/supplier-responses.service';
import { recordSupplierAudit, type SupplierMember } from '../../supplier/supplier-users.service';
import { findLeads, firmQuote, supplierOfQuote, type LeadRow } from './supplier-leads.repository';
import { firmBasketLines, withdrawBasketLines } from './basket-lines';
import { remeasureResponse } from './response-time';
import type { Executor } from '../../db/executor';

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
  // An order waiting for the buyer's company to approve it is, to its supplier, still an offer.
  const status = quoteStatus(row.status === 'awaiting_approval' ? 'offered' : row.status, row.valid_until, day);
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
    vatRate: Number(row.vat_rate),
    leadTimeDays: { min: row.lead_min_days, max: row.lead_max_days },
    validUntil: row.valid_until,
    firmedAt: row.firmed_at,
    indicativeUnitPrice: centsToRand(row.indicative_unit_price_cents ?? row.unit_price_cents),
    indicativeTotalPrice: centsToRand(row.indicative_total_cents ?? row.total_cents),
    withdrawalReason: row.withdrawal_reason,
    ...(row.line_count > 0 ? basketOfLead(row, lines.get(row.id) ?? [], won) : {}),
    buyer: won
      ? {
          email: kept ? row.primary_email : null,
          contactName: kept ? row.contact_name : null,
          companyName: kept ? row.company_name : null,
          ...orderDetailsOf(kept ? row : undefined),
          productDescription: kept && row.line_count === 0 ? row.product_description : null,
        }
      : null,
    orders: orders.filter((po) => po.quote_id === row.id).map((po) => toOrderSummary(po, row.lead_max_days)),
  };
}

/**
 * A basket lead as it stands for its supplier: the products still open to it, ordered from it or
 * withdrawn by it (one the buyer ordered from another supplier is no longer its lead, unless none
 * is left, when the lead shows what it quoted), counted and totalled over those open or ordered.
 */
function basketOfLead(
  row: LeadRow,
  quoted: readonly LeadLineRow[],
  won: boolean,
): Partial<Pick<SupplierLead, 'productName' | 'quantity' | 'unit' | 'totalPrice' | 'totalPriceInclVat'>> & Pick<SupplierLead, 'lines'> {
  const live = quoted.filter((l) => l.status === 'offered' || l.status === 'accepted');
  const shown = live.length > 0 ? quoted.filter((l) => l.status !== 'not_selected') : quoted;
  const lines = shown.map((l) => ({
    lineId: `L${l.line_no + 1}`,
    productName: l.product_name,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: centsToRand(l.unit_price_cents),
    totalPrice: centsToRand(l.total_cents),
    ordered: won && l.status === 'accepted',
    status: LINE_STATES[l.status],
    firmedAt: l.firmed_at,
    indicativeUnitPrice: centsToRand(l.indicative_unit_price_cents ?? l.unit_price_cents),
    withdrawalReason: l.withdrawal_reason,
  }));
  if (live.length === 0) return { lines };
  const totalCents = live.reduce((sum, l) => sum + Number(l.total_cents), 0);
  return {
    lines,
    productName: basketName(live.map((l) => l.product_name)),
    quantity: live.length,
    unit: live.length === 1 ? 'product' : 'products',
    totalPrice: centsToRand(totalCents),
    totalPriceInclVat: centsToRand(totalCents + vatCents(totalCents, Number(row.vat_rate))),
  };
}

/** A quote line's status as its supplier reads it. */
const LINE_STATES = { offered: 'open', accepted: 'ordered', withdrawn: 'withdrawn', not_selected: 'ordered_elsewhere' } as const;

/** The lines of basket quotes, by quote id. */
type LeadLines = Awaited<ReturnType<typeof findLinesOfQuotes>>;
type LeadLineRow = NonNullable<ReturnType<LeadLines['get']>>[number];

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
    if (state.rfq.line_count > 0) {
      mailed = await firmBasketLines(deps, trx, member, state, input, nowMs);
      return;
    }
    if (input.lines !== undefined) throw invalidFields({ lines: SUPPLIER_MESSAGES.notBasket });
    if (quote.firmed_at) return; // a repeat: the quote is firm already
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
export async function declineLead(deps: LeadDeps, member: SupplierMember, reference: string, input: DeclineLeadInput): Promise<SupplierLead> {
  const quoteId = await ownQuoteId(deps, member, reference);
  const { reason } = input;
  const nowMs = deps.clock();
  const now = new Date(nowMs);
  const day = validityDay(nowMs);
  let mailed = false;
  await runAction(deps.writes, async (trx) => {
    const state = await findQuoteInRequest(trx, quoteId);
    if (!state) throw notFound();
    const { quote } = state.quote;
    if (input.lineIds !== undefined) {
      if (state.rfq.line_count === 0) throw invalidFields({ lineIds: SUPPLIER_MESSAGES.notBasket });
      mailed = await withdrawBasketLines(deps, trx, member, state, input.lineIds, reason, nowMs);
      return;
    }
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

/** The supplier says, from its workspace, that it delivered a confirmed order of its lead; the write is audited. */
export async function markLeadDelivered(deps: LeadDeps, member: SupplierMember, reference: string, input: LeadDeliveredInput): Promise<SupplierLead> {
  const quoteId = await ownQuoteId(deps, member, reference);
  const nowMs = deps.clock();
  await markDelivered(deps, quoteId, input, new Date(nowMs), null, async (trx) => {
    await recordSupplierAudit(
      trx,
      { supplierId: member.supplierId, userId: member.id, action: 'leads.delivered', rows: 1, detail: quoteReference(quoteId) },
      nowMs,
    );
  });
  return leadOf(deps, member, quoteId);
}
