import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { OrderReceiptsTable } from '../../db/schema';

export type ReceiptRow = Selectable<OrderReceiptsTable>;

/** The receipts of purchase orders `orderIds`, by order id. */
export async function findReceipts(db: Executor, orderIds: readonly number[]): Promise<Map<number, ReceiptRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_receipts')
    .selectAll()
    .where('purchase_order_id', 'in', [...orderIds])
    .execute();
  return new Map(rows.map((r) => [r.purchase_order_id, r]));
}

/**
 * Records an order's receipt unless one already is (another process got there first): answers
 * whether this one was written. The order keeps no token for a reminder once its receipt is in.
 */
export async function insertReceipt(trx: Executor, row: Insertable<OrderReceiptsTable>): Promise<boolean> {
  const inserted = await trx
    .insertInto('order_receipts')
    .values(row)
    .onConflict((oc) => oc.column('purchase_order_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await trx.updateTable('purchase_orders').set({ receipt_tracking_token: null }).where('id', '=', row.purchase_order_id).execute();
  return true;
}

/** Marks a confirmed order delivered on `deliveredOn`, once: answers whether this call did. */
export async function markOrderDelivered(trx: Executor, orderId: number, deliveredOn: string, markedOn: string): Promise<boolean> {
  const result = await trx
    .updateTable('purchase_orders')
    .set({ delivered_on: deliveredOn, delivery_marked_on: markedOn })
    .where('id', '=', orderId)
    .where('delivered_on', 'is', null)
    .where('confirmed_on', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The domains a supplier writes from: its own address's and each of its workspace users'. */
export async function supplierAddresses(db: Executor, supplierId: number): Promise<string[]> {
  const [supplier, users] = await Promise.all([
    db.selectFrom('suppliers').select('email').where('id', '=', supplierId).executeTakeFirst(),
    db.selectFrom('supplier_users').select('email').where('supplier_id', '=', supplierId).execute(),
  ]);
  return [...(supplier ? [supplier.email] : []), ...users.map((u) => u.email)];
}

/**
 * The orders due their one reminder on Johannesburg day `day`: confirmed, not reminded, not cancelled, with
 * no receipt, of a request whose buyer's data is kept, whose promised day or the day their supplier
 * marked them delivered is past.
 */
export async function findOrdersDueReminder(db: Executor, day: string) {
  return db
    .selectFrom('purchase_orders as po')
    .innerJoin('rfqs as r', 'r.id', 'po.rfq_id')
    .select(['po.id', 'po.rfq_id', 'po.quote_id', 'po.receipt_tracking_token', 'r.primary_email'])
    .where('po.receipt_reminded_at', 'is', null)
    .where('po.cancelled_on', 'is', null)
    .where('po.confirmed_on', 'is not', null)
    .where('r.personal_data_deleted_at', 'is', null)
    .where((eb) => eb.or([eb('po.promised_on', '<', day), eb('po.delivery_marked_on', '<', day)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('order_receipts as o').select('o.id').whereRef('o.purchase_order_id', '=', 'po.id'))))
    .orderBy('po.id')
    .limit(500)
    .execute();
}

/**
 * Claims an order's one reminder at `at`: only the process whose update finds it unclaimed writes
 * it, and the token it needed goes with the claim. Answers whether this one claimed it.
 */
export async function claimReminder(trx: Executor, orderId: number, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('purchase_orders')
    .set({ receipt_reminded_at: at, receipt_tracking_token: null })
    .where('id', '=', orderId)
    .where('receipt_reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
