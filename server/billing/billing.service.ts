import type { Kysely } from 'kysely';
import type { RevenueModel } from '../../contract/revenue';
import { writeCsv } from '../../contract/csv';
import type { Config } from '../config';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import { isMonth, monthDays, partnerCreditCents, successFee } from '../domain/billing';
import { johannesburgDay } from '../domain/calendar';
import { ApiError, invalidFields } from '../errors';
import { recordAudit } from '../staff/audit.service';
import type { BillingDocument, MonthBooks, MonthFee, PaidPayout } from '../../contract/schemas/finance';
import {
  documentsOfMonth,
  feesBetween,
  findPayout,
  type DocumentRow,
  insertLedgerLines,
  ledgerLinesBetween,
  ledgerSums,
  setPayoutPaid,
} from './billing.repository';

/** What the ledger's figures are reckoned by: the server's settings. */
export type BillingTerms = Pick<Config, 'successFeePercent' | 'vatRate' | 'revenue' | 'billing'>;

/** An order a supplier confirmed, as its success fee needs it. */
export interface ConfirmedOrder {
  purchaseOrderId: number;
  poNumber: string;
  rfqId: string;
  supplierId: number;
  /** The order's value excl. VAT. */
  valueCents: number;
}

/** Writes each confirmed order's success fee, in the transaction that confirms it. */
export async function chargeSuccessFees(
  trx: Executor,
  orders: readonly ConfirmedOrder[],
  terms: Pick<BillingTerms, 'successFeePercent' | 'vatRate'>,
  now: Date,
): Promise<void> {
  const day = johannesburgDay(now.getTime());
  await insertLedgerLines(
    trx,
    orders.map((o) => {
      const fee = successFee(o.valueCents, terms.successFeePercent, terms.vatRate);
      return {
        kind: 'success_fee',
        amount_cents: fee.amountCents,
        vat_cents: fee.vatCents,
        basis_cents: o.valueCents,
        supplier_id: o.supplierId,
        rfq_id: o.rfqId,
        purchase_order_id: o.purchaseOrderId,
        po_number: o.poNumber,
        on_day: day,
        created_at: now.toISOString(),
      };
    }),
  );
}

/** Writes a partner's share of a request that has just qualified, in the transaction that qualifies it. */
export async function creditPartner(
  trx: Executor,
  credit: { partnerId: string; rfqId: string; enterprise: boolean },
  revenue: Readonly<RevenueModel>,
  now: Date,
): Promise<void> {
  await insertLedgerLines(trx, [
    {
      kind: 'partner_credit',
      amount_cents: partnerCreditCents(revenue, credit.enterprise),
      partner_id: credit.partnerId,
      rfq_id: credit.rfqId,
      on_day: johannesburgDay(now.getTime()),
      created_at: now.toISOString(),
    },
  ]);
}

/** Refuses a month not written as `YYYY-MM`. */
export function checkMonth(month: string): void {
  if (!isMonth(month)) throw invalidFields({ month: 'Give the month as YYYY-MM, such as 2026-12.' });
}

const payoutNotFound = () => new ApiError(404, 'payout_not_found', 'Payout not found');

/**
 * Records a payout paid (`paidOn`, the bank's reference) and writes its ledger line; once. Paying
 * it again with the same details answers the same; other details are refused.
 */
export async function markPayoutPaid(
  db: Kysely<DB>,
  id: number,
  paid: { paidOn: string; bankReference: string },
  staffId: number,
  now: Date,
): Promise<PaidPayout> {
  return db.transaction().execute(async (trx) => {
    const payout = await findPayout(trx, id);
    if (!payout) throw payoutNotFound();
    if (paid.paidOn < payout.issued_on || paid.paidOn > johannesburgDay(now.getTime())) {
      throw invalidFields({ paidOn: `Paid on must be from ${payout.issued_on}, when the statement was issued, to today` });
    }
    if (payout.paid_on !== null) {
      if (payout.paid_on === paid.paidOn && payout.bank_reference === paid.bankReference) return paidPayout(payout);
      throw new ApiError(409, 'payout_paid', `This payout was recorded paid on ${payout.paid_on}.`);
    }
    await setPayoutPaid(trx, id, paid.paidOn, paid.bankReference);
    await recordAudit(trx, { staffId, action: 'payouts.paid', rows: 1, detail: `payout ${id} of ${payout.number}` }, now.toISOString());
    await insertLedgerLines(trx, [
      {
        kind: 'partner_payout',
        amount_cents: Number(payout.amount_cents),
        partner_id: payout.partner_id,
        payout_id: id,
        on_day: paid.paidOn,
        created_at: now.toISOString(),
      },
    ]);
    return paidPayout({ ...payout, paid_on: paid.paidOn, bank_reference: paid.bankReference });
  });
}

/** A payout as the API answers it. */
function paidPayout(p: NonNullable<Awaited<ReturnType<typeof findPayout>>>): PaidPayout {
  return {
    id: Number(p.id),
    partnerId: p.partner_id,
    number: p.number,
    amountCents: Number(p.amount_cents),
    dueOn: p.due_on,
    paidOn: p.paid_on,
    bankReference: p.bank_reference,
  };
}

/** An issued invoice or statement as the API answers it, with the statement's payout. */
function billingDocument(d: DocumentRow): BillingDocument {
  return {
    id: Number(d.id),
    kind: d.kind,
    number: d.number,
    supplierId: d.supplier_id,
    supplierName: d.supplier_name,
    partnerId: d.partner_id,
    partnerName: d.partner_name,
    issuedOn: d.issued_on,
    subtotalCents: Number(d.subtotal_cents),
    vatCents: Number(d.vat_cents),
    totalCents: Number(d.total_cents),
    broughtForwardCents: Number(d.brought_forward_cents),
    carriedForwardCents: Number(d.carried_forward_cents),
    payout:
      d.payout_id === null
        ? null
        : { id: Number(d.payout_id), amountCents: Number(d.payout_cents), dueOn: d.due_on!, paidOn: d.paid_on, bankReference: d.bank_reference },
  };
}

/** A success fee as the books list it, with its reversal once written. */
function monthFee(f: Awaited<ReturnType<typeof feesBetween>>[number]): MonthFee {
  return {
    purchaseOrderId: Number(f.purchase_order_id),
    poNumber: f.po_number!,
    rfqId: f.rfq_id!,
    supplierId: f.supplier_id!,
    supplierName: f.supplier_name,
    onDay: f.on_day,
    valueCents: Number(f.basis_cents ?? 0),
    amountCents: Number(f.amount_cents),
    vatCents: Number(f.vat_cents ?? 0),
    reversal: f.reversed_on === null ? null : { onDay: f.reversed_on, reason: f.reversal_reason ?? '' },
  };
}

/** A month's books: each figure a sum of the ledger's lines written in it, and the fees written in it. */
export async function monthBooks(db: Kysely<DB>, month: string): Promise<MonthBooks> {
  checkMonth(month);
  const { first, last } = monthDays(month);
  const [sums, fees, documents] = await Promise.all([ledgerSums(db, first, last), feesBetween(db, first, last), documentsOfMonth(db, month)]);
  const of = (kind: Parameters<typeof sums.get>[0]) => {
    const s = sums.get(kind);
    return { amountCents: s?.amount ?? 0, vatCents: s?.vat ?? 0, lines: s?.lines ?? 0 };
  };
  return {
    month,
    sums: { successFees: of('success_fee'), feeReversals: of('fee_reversal'), partnerCredits: of('partner_credit'), partnerPayouts: of('partner_payout') },
    fees: fees.map(monthFee),
    documents: documents.map(billingDocument),
  };
}

const TAX_TYPE = { standard: 'Standard Rate (15%)', none: 'No VAT' };

/**
 * A month's ledger lines as an accounting package imports them (Sage Business Cloud Accounting,
 * Xero): date, reference (the invoice or statement number once issued), contact, description,
 * amount excl. VAT, VAT and tax type: fees are income, positive; a reversal, a partner's share and a
 * payout are negative.
 */
export async function financeCsv(db: Kysely<DB>, month: string): Promise<string> {
  const { first, last } = monthDays(month);
  const [lines, documents] = await Promise.all([
    ledgerLinesBetween(db, ['success_fee', 'fee_reversal', 'partner_credit', 'partner_payout'], first, last),
    documentsOfMonth(db, month),
  ]);
  const invoiceOf = new Map(documents.filter((d) => d.kind === 'invoice').map((d) => [d.supplier_id, d.number]));
  const statementOf = new Map(documents.filter((d) => d.kind === 'statement').map((d) => [d.partner_id, d.number]));
  // Numbers, which the CSV writes as they are (a negative amount is no formula): rand to the cent.
  const rand = (cents: number) => cents / 100;
  const rows = lines.map((l) => {
    const amount = Number(l.amount_cents);
    const vat = Number(l.vat_cents ?? 0);
    const supplier = l.supplier_name ?? `Supplier ${l.supplier_id}`;
    const partner = l.partner_name ?? `Partner ${l.partner_id}`;
    switch (l.kind) {
      case 'success_fee':
        return [
          l.on_day,
          invoiceOf.get(l.supplier_id) ?? l.po_number,
          supplier,
          `Success fee on ${l.po_number} (${rand(Number(l.basis_cents))} excl. VAT)`,
          rand(amount),
          rand(vat),
          TAX_TYPE.standard,
        ];
      case 'fee_reversal':
        return [
          l.on_day,
          invoiceOf.get(l.supplier_id) ?? l.po_number,
          supplier,
          `Success fee reversed on ${l.po_number}`,
          rand(-amount),
          rand(-vat),
          TAX_TYPE.standard,
        ];
      case 'partner_credit':
        return [l.on_day, statementOf.get(l.partner_id) ?? l.rfq_id, partner, `Revenue share of request ${l.rfq_id}`, rand(-amount), rand(0), TAX_TYPE.none];
      default:
        return [l.on_day, l.statement_number, partner, `Payout of ${l.statement_number}`, rand(-amount), rand(0), TAX_TYPE.none];
    }
  });
  return writeCsv(['Date', 'Reference', 'Contact', 'Description', 'Amount excl. VAT', 'VAT', 'Tax type'], rows);
}
