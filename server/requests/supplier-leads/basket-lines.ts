import type { Transaction } from 'kysely';
import { vatCents } from '../../../sdk/format';
import { SUPPLIER_MESSAGES, type FirmLeadInput } from '../../../contract/schemas/supplier-workspace';
import type { DB, StoredQuoteStatus } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { isPastValidity, validityDay } from '../../domain/validity';
import { ApiError, invalidFields } from '../../errors';
import { quoteReference } from '../../lib/ids';
import { mayEmailBuyer } from '../../mail/guard';
import type { OutboxMessage } from '../../mail/messages';
import { findQuoteInRequest, moveQuote, type QuoteInRequest } from '../quotes/quotes.repository';
import { settleBasket } from '../quotes/orders';
import { StaleStateError, type QuoteDeps } from '../quotes/quotes.service';
import { lineNoOf } from '../rfq/basket.mapper';
import { recordSupplierAudit, type SupplierMember } from '../../supplier/supplier-users.service';
import { remeasureResponse } from './response-time';
import { findAnswerLines, firmLine, setBasketQuoteTotals, withdrawOfferedLines, type AnswerLine } from './supplier-leads.repository';

// A basket's lead answered line by line: each product made firm at its own price or withdrawn with a reason.

type LeadDeps = QuoteDeps & { clock: () => number };

/** `L2` to 1, when it names a line of `lines`; 404 otherwise. */
function namedLine(lines: readonly AnswerLine[], lineId: string): AnswerLine {
  const line = lines.find((l) => l.line_no === lineNoOf(lineId));
  if (!line) throw new ApiError(404, 'line_not_found', SUPPLIER_MESSAGES.lineNotFound(lineId));
  return line;
}

/** 409 for a line no longer open to an answer: ordered from this supplier or another, or withdrawn. */
function refuseClosedLine(line: AnswerLine): void {
  if (line.status === 'offered') return;
  const why = line.status === 'accepted' ? 'ordered' : line.status === 'withdrawn' ? 'withdrawn' : 'ordered elsewhere';
  throw new ApiError(409, 'line_not_open', SUPPLIER_MESSAGES.lineNotOpen(line.product_name, why));
}

/** Whether a basket quote can be answered line by line today: valid, of an open request, not withdrawn or passed over. */
function answerable(state: QuoteInRequest, statuses: readonly StoredQuoteStatus[], day: string): boolean {
  const { quote } = state.quote;
  return statuses.includes(quote.status) && !isPastValidity(quote.valid_until, day) && state.rfq.status === 'open';
}

/**
 * A basket quote's totals after its lines were answered: the lines not withdrawn, VAT on their sum.
 * Once no line it still offers is indicative, the quote itself is firm, with the indicative total
 * it was first made at beside its firm one.
 */
async function settleBasketQuote(trx: Executor, state: QuoteInRequest, now: string, note?: string): Promise<void> {
  const { quote } = state.quote;
  const lines = await findAnswerLines(trx, quote.id);
  const counted = lines.filter((l) => l.status !== 'withdrawn');
  const totalCents = counted.reduce((sum, l) => sum + Number(l.total_cents), 0);
  const vat = vatCents(totalCents, Number(quote.vat_rate));
  const offered = lines.filter((l) => l.status === 'offered');
  const allFirm = offered.length > 0 && offered.every((l) => l.firmed_at !== null);
  const indicativeTotalCents = counted.reduce((sum, l) => sum + Number(l.indicative_unit_price_cents ?? l.unit_price_cents) * l.quantity, 0);
  await setBasketQuoteTotals(trx, quote.id, {
    totalCents,
    vatCents: vat,
    totalInclVatCents: totalCents + vat,
    firm: quote.firmed_at === null && allFirm ? { at: now, indicativeTotalCents } : null,
    note,
  });
}

/**
 * Makes lines of a basket quote firm at the unit prices given (the indicative ones are kept), and
 * its totals follow. Every line named must be one of the quote's still offered; a line already firm
 * at that price is left as it is. Answers whether the buyer was e-mailed.
 */
export async function firmBasketLines(
  deps: LeadDeps,
  trx: Transaction<DB>,
  member: SupplierMember,
  state: QuoteInRequest,
  input: FirmLeadInput,
  nowMs: number,
): Promise<boolean> {
  const { quote } = state.quote;
  // One unit price times the basket's count of products would be no price at all.
  if (input.lines === undefined) throw new ApiError(409, 'not_firmable', SUPPLIER_MESSAGES.basketNotFirmable);
  const single = (['unitPrice', 'leadTimeDays', 'validUntil'] as const).filter((k) => input[k] !== undefined);
  if (single.length > 0) throw invalidFields(Object.fromEntries(single.map((k) => [k, SUPPLIER_MESSAGES.basketLines])));
  if (!answerable(state, ['offered', 'accepted', 'confirmed'], validityDay(nowMs))) throw new ApiError(409, 'not_firmable', SUPPLIER_MESSAGES.notFirmable);
  const lines = await findAnswerLines(trx, quote.id);
  const asked = input.lines.map((l) => ({ line: namedLine(lines, l.lineId), unitPriceCents: Math.round(l.unitPrice * 100) }));
  for (const { line } of asked) refuseClosedLine(line);
  const changes = asked.filter(({ line, unitPriceCents }) => line.firmed_at === null || Number(line.unit_price_cents) !== unitPriceCents);
  if (changes.length === 0) return false; // a repeat: those lines are firm at those prices
  const now = new Date(nowMs).toISOString();
  for (const { line, unitPriceCents } of changes) {
    const changed = unitPriceCents !== Number(line.unit_price_cents);
    const ok = await firmLine(trx, quote.id, line.line_no, {
      now,
      unitPriceCents,
      // A changed price is the supplier's own: no list price or volume discount stands behind it.
      listUnitPriceCents: changed ? unitPriceCents : Number(line.list_unit_price_cents),
      discountPercent: changed ? 0 : Number(line.discount_percent),
      totalCents: unitPriceCents * line.quantity,
      indicativeUnitPriceCents: Number(line.indicative_unit_price_cents ?? line.unit_price_cents),
    });
    if (!ok) throw new StaleStateError();
  }
  await settleBasketQuote(trx, state, now, input.note ? input.note : undefined);
  const named = changes.map(({ line }) => `L${line.line_no + 1}`);
  await recordSupplierAudit(
    trx,
    { supplierId: member.supplierId, userId: member.id, action: 'leads.firm', rows: changes.length, detail: `${quoteReference(quote.id)} ${named.join(', ')}` },
    nowMs,
  );
  await remeasureResponse(trx, member.supplierId, nowMs);
  const buyer = state.rfq.primary_email;
  if (state.rfq.personal_data_deleted_at !== null || !buyer || !(await mayEmailBuyer(trx, buyer))) return false;
  const message: OutboxMessage = { kind: 'buyer-quote-firmed', recipient: buyer, payload: { rfqId: state.rfq.id, quoteId: quote.id, lineIds: named } };
  await deps.outbox.enqueue(trx, [message], new Date(nowMs));
  return true;
}

/**
 * Withdraws lines of a basket quote the buyer has not ordered, with a reason the buyer is told
 * (unless they had declined the quote); they no longer count in its totals, and a quote left with
 * no line offered or ordered is withdrawn whole, and a basket left with nothing to order is awarded.
 * Answers whether anyone was e-mailed.
 */
export async function withdrawBasketLines(
  deps: LeadDeps,
  trx: Transaction<DB>,
  member: SupplierMember,
  state: QuoteInRequest,
  lineIds: readonly string[],
  reason: string,
  nowMs: number,
): Promise<boolean> {
  const { quote } = state.quote;
  if (!answerable(state, ['offered', 'declined', 'accepted', 'confirmed'], validityDay(nowMs))) {
    throw new ApiError(409, 'not_declinable', SUPPLIER_MESSAGES.notDeclinable);
  }
  const lines = await findAnswerLines(trx, quote.id);
  const asked = lineIds.map((id) => namedLine(lines, id));
  for (const line of asked) refuseClosedLine(line);
  const now = new Date(nowMs).toISOString();
  const lineNos = asked.map((l) => l.line_no);
  if ((await withdrawOfferedLines(trx, quote.id, lineNos, now, reason)) !== lineNos.length) throw new StaleStateError();
  const left = lines.some((l) => !lineNos.includes(l.line_no) && (l.status === 'offered' || l.status === 'accepted'));
  if (!left && !(await moveQuote(trx, quote.id, ['offered', 'declined'], 'withdrawn', now, { withdrawal_reason: reason }))) throw new StaleStateError();
  await settleBasketQuote(trx, state, now);
  // Once the buyer ordered some of the basket, a product no valid quote offers any more may leave nothing to order.
  const after = await findQuoteInRequest(trx, quote.id);
  if (!after) throw new StaleStateError();
  const courtesy = after.quotes.some((q) => q.quote.status === 'accepted' || q.quote.status === 'confirmed')
    ? await settleBasket(trx, after, now, validityDay(nowMs), () => new StaleStateError())
    : [];
  if (courtesy.length > 0) await deps.outbox.enqueue(trx, courtesy, new Date(nowMs));
  const named = lineNos.map((n) => `L${n + 1}`);
  await recordSupplierAudit(
    trx,
    {
      supplierId: member.supplierId,
      userId: member.id,
      action: 'leads.decline',
      rows: lineNos.length,
      detail: `${quoteReference(quote.id)} ${named.join(', ')}`,
    },
    nowMs,
  );
  await remeasureResponse(trx, member.supplierId, nowMs);
  const buyer = state.rfq.primary_email;
  // A quote the buyer had turned down goes without a word to them: they chose not to have it.
  if (quote.status === 'declined' || state.rfq.personal_data_deleted_at !== null || !buyer || !(await mayEmailBuyer(trx, buyer))) return courtesy.length > 0;
  const message: OutboxMessage = { kind: 'buyer-quote-declined', recipient: buyer, payload: { rfqId: state.rfq.id, quoteId: quote.id, lineIds: named } };
  await deps.outbox.enqueue(trx, [message], new Date(nowMs));
  return true;
}
