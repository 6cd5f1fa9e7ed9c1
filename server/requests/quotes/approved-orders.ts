// An acceptance held for a company's approval, once an approver decides: approved, its orders
// placed exactly as the acceptance would have placed them (the quotes' validity checked as of
// the approval); rejected, its quotes offered again.
import type { Transaction } from 'kysely';
import type { OrderDetails, RfqLine } from '../../../sdk/schemas/rfq';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { validityDay } from '../../domain/validity';
import { quoteReference } from '../../lib/ids';
import type { OutboxMessage } from '../../mail/messages';
import { toApiLine } from '../rfq/basket.mapper';
import { findRfqLines } from '../rfq/rfq.repository';
import { decide, placeAcceptance } from './accept';
import { decideBasketAccept, notFound, readBasketLines } from './orders';
import { findEndedHolds, findQuoteInRequest, lockRequestOfQuote, moveQuote } from './quotes.repository';
import { type QuoteDeps, runAction, StaleStateError } from './quotes.service';

/** An acceptance as it was held. */
export interface HeldOrder {
  kind: 'accept' | 'split';
  awards: { quoteId: number; lineNos: number[] | null }[];
  details: OrderDetails;
  token: string;
}

const stale = () => new StaleStateError();

/**
 * Places a held acceptance's orders, in one transaction with `decided` (which marks the approval
 * decided, throwing when it no longer waits): the quotes offered again for a moment, then
 * accepted as the buyer accepted them, with every refusal an acceptance would meet, the
 * validity's included.
 */
export async function placeHeldOrder(
  deps: Pick<QuoteDeps, 'database' | 'writes' | 'outbox'>,
  held: HeldOrder,
  now: Date,
  decided: (trx: Transaction<DB>) => Promise<void>,
): Promise<void> {
  const at = now.toISOString();
  const day = validityDay(now.getTime());
  const first = held.awards[0]!.quoteId;
  await runAction(deps.writes, async (trx) => {
    await lockRequestOfQuote(trx, deps.database.dialect, first);
    await decided(trx);
    for (const a of held.awards) if (!(await moveQuote(trx, a.quoteId, ['awaiting_approval'], 'offered', at))) throw stale();
    const current = await findQuoteInRequest(trx, first);
    if (!current) throw notFound();
    if (current.rfq.line_count > 0) {
      const lines = await readBasketLines(trx, current);
      for (const a of held.awards) {
        const decision = decideBasketAccept(current, lines, a.quoteId, a.lineNos, day);
        if (decision.kind === 'refuse') throw decision.error;
        if (decision.kind === 'repeat') throw stale();
      }
    } else {
      const decision = decide('accept', current, day);
      if (decision.kind === 'refuse') throw decision.error;
      if (decision.kind === 'repeat') throw stale();
    }
    await placeAcceptance(trx, deps.outbox, current, held, at, day, now, stale);
  });
  deps.outbox.notify();
}

/** Offers a held acceptance's quotes again, in the caller's transaction: the acceptance will never be decided. */
export async function offerHeldAgain(trx: Executor, held: Pick<HeldOrder, 'awards'>, at: string): Promise<void> {
  for (const a of held.awards) await moveQuote(trx, a.quoteId, ['awaiting_approval'], 'offered', at);
}

/**
 * Which of the requests `rfqIds` hold an acceptance that can no longer be placed at `now`: a held
 * quote past its validity (the approval would be refused), or the request's personal data deleted.
 */
export function endedHolds(db: Executor, rfqIds: readonly string[], now: Date): Promise<string[]> {
  return findEndedHolds(db, rfqIds, validityDay(now.getTime()));
}

/** Offers a held acceptance's quotes again, with `decided` and the e-mails it sends, in one transaction. */
export async function releaseHeldOrder(
  deps: Pick<QuoteDeps, 'database' | 'writes' | 'outbox'>,
  held: Pick<HeldOrder, 'awards'>,
  now: Date,
  decided: (trx: Transaction<DB>) => Promise<OutboxMessage[]>,
): Promise<void> {
  const at = now.toISOString();
  await runAction(deps.writes, async (trx) => {
    await lockRequestOfQuote(trx, deps.database.dialect, held.awards[0]!.quoteId);
    const messages = await decided(trx);
    await offerHeldAgain(trx, held, at);
    await deps.outbox.enqueue(trx, messages, now);
  });
  deps.outbox.notify();
}

/** What a held acceptance orders, for its approvers: the request's product, each supplier's lines, and the earliest validity. */
export interface HeldSummary {
  product: string;
  suppliers: { supplierName: string; quoteId: string; lines: RfqLine[] }[];
  validUntil: string;
}

export async function heldOrderSummary(db: Executor, awards: HeldOrder['awards']): Promise<HeldSummary | null> {
  const state = await findQuoteInRequest(db, awards[0]!.quoteId);
  if (!state) return null;
  const { rfq } = state;
  const rfqLines = rfq.line_count > 0 ? await findRfqLines(db, rfq.id) : [];
  const suppliers = awards.flatMap((a) => {
    const q = state.quotes.find((x) => x.quote.id === a.quoteId);
    if (!q) return [];
    const lines =
      a.lineNos === null
        ? [toApiLine({ line_no: 0, product_name: rfq.product_name, quantity: rfq.quantity, unit: rfq.unit })]
        : rfqLines.filter((l) => a.lineNos!.includes(l.line_no)).map(toApiLine);
    return [{ supplierName: q.supplier.s_name, quoteId: quoteReference(q.quote.id), lines, validUntil: q.quote.valid_until }];
  });
  return {
    product: rfq.product_name,
    suppliers: suppliers.map(({ validUntil: _v, ...s }) => s),
    validUntil: suppliers.map((s) => s.validUntil).sort()[0] ?? '',
  };
}
