import type { Kysely } from 'kysely';
import type { FeeReversal } from '../../contract/schemas/finance';
import type { DB } from '../db/schema';
import { johannesburgDay } from '../domain/calendar';
import { ApiError } from '../errors';
import { recordAudit } from '../staff/audit.service';
import { feeOfOrder, insertFeeReversal } from './billing.repository';

const reversedAlready = (poNumber: string, on: string) => new ApiError(409, 'fee_reversed', `The success fee on ${poNumber} was reversed on ${on}.`);

/**
 * Reverses an order's success fee, once, for `reason` (an order confirmed but never delivered):
 * a `fee_reversal` line equal to the fee, written today. The ledger is never changed, and a closed
 * month stays closed: the reversal is a line of the month it is written in, so it comes off the
 * supplier's next invoice, negative.
 */
export async function reverseFee(db: Kysely<DB>, purchaseOrderId: number, reason: string, staffId: number, now: Date): Promise<FeeReversal> {
  const onDay = johannesburgDay(now.getTime());
  return db.transaction().execute(async (trx) => {
    const fee = await feeOfOrder(trx, purchaseOrderId);
    if (!fee) {
      throw new ApiError(404, 'fee_not_found', 'This order has no success fee to reverse: a fee is written only when its supplier confirms the order.');
    }
    const poNumber = fee.po_number!;
    if (fee.reversed_on !== null) throw reversedAlready(poNumber, fee.reversed_on);
    const line = {
      amount_cents: Number(fee.amount_cents),
      vat_cents: Number(fee.vat_cents ?? 0),
      basis_cents: Number(fee.basis_cents ?? 0),
      supplier_id: fee.supplier_id,
      rfq_id: fee.rfq_id,
      purchase_order_id: purchaseOrderId,
      po_number: poNumber,
      reason,
      on_day: onDay,
      created_at: now.toISOString(),
    };
    // A reversal written by another call since the read above: this one writes nothing.
    if (!(await insertFeeReversal(trx, { kind: 'fee_reversal', ...line }))) throw reversedAlready(poNumber, onDay);
    await recordAudit(trx, { staffId, action: 'finance.reverse-fee', rows: 1, detail: `success fee on ${poNumber}` }, now.toISOString());
    return { purchaseOrderId, poNumber, onDay, reason, amountCents: line.amount_cents, vatCents: line.vat_cents };
  });
}
