import type { Kysely } from 'kysely';
import { formatRand } from '../../sdk/format';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import { documentNumber, monthDays, monthHasEnded, payoutDueOn, previousMonth, statementFigures, type StatementFigures } from '../domain/billing';
import { johannesburgDay } from '../domain/calendar';
import { ApiError } from '../errors';
import type { OutboxMessage } from '../mail/messages';
import type { Outbox } from '../mail/outbox';
import { recordAudit } from '../staff/audit.service';
import {
  billingRecipients,
  carriedForwardOf,
  claimMonth,
  closedMonthsAround,
  documentsOfMonth,
  insertDocument,
  insertDocumentLines,
  insertPayout,
  isMonthClosed,
  ledgerLinesBetween,
  nextDocumentNumber,
  type DocumentRow,
  type LedgerLineRow,
} from './billing.repository';
import { checkMonth, type BillingTerms } from './billing.service';

/** One supplier's invoice for a month: one line per order, each with its fee and VAT. */
export interface InvoicePlan {
  number: string | null;
  supplierId: number;
  supplierName: string | null;
  lines: { poNumber: string | null; rfqId: string | null; kind: 'success_fee' | 'fee_reversal'; valueCents: number; feeCents: number; vatCents: number }[];
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
}

/** One partner's statement for a month. */
export interface StatementPlan extends StatementFigures {
  number: string | null;
  partnerId: string;
  partnerName: string | null;
  qualifiedRequests: number;
  /** When the payable balance is due; null when nothing is payable. */
  dueOn: string | null;
}

export interface MonthClose {
  month: string;
  /**
   * `issued` by this close, `closed` before it (nothing new: the documents as issued, their totals
   * only, since their lines are the ledger's), or a `preview` of what a close would issue.
   */
  outcome: 'issued' | 'closed' | 'preview';
  invoices: InvoicePlan[];
  statements: StatementPlan[];
}

const monthError = (message: string) => new ApiError(409, 'month_not_closable', message);

/** A month's name as staff read it: "December 2026". */
function monthName(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The invoices a month's fee lines make: one per supplier, its sums the sums of its lines. */
function planInvoices(lines: readonly LedgerLineRow[]): InvoicePlan[] {
  const bySupplier = new Map<number, InvoicePlan>();
  for (const l of lines) {
    const supplierId = l.supplier_id!;
    const invoice = bySupplier.get(supplierId) ?? {
      number: null,
      supplierId,
      supplierName: l.supplier_name,
      lines: [],
      subtotalCents: 0,
      vatCents: 0,
      totalCents: 0,
    };
    const sign = l.kind === 'fee_reversal' ? -1 : 1;
    const fee = sign * Number(l.amount_cents);
    const vat = sign * Number(l.vat_cents ?? 0);
    invoice.lines.push({
      poNumber: l.po_number,
      rfqId: l.rfq_id,
      kind: l.kind as 'success_fee' | 'fee_reversal',
      valueCents: sign * Number(l.basis_cents ?? 0),
      feeCents: fee,
      vatCents: vat,
    });
    invoice.subtotalCents += fee;
    invoice.vatCents += vat;
    invoice.totalCents += fee + vat;
    bySupplier.set(supplierId, invoice);
  }
  return [...bySupplier.values()].filter((i) => i.lines.length > 0);
}

/** The statements a month's credits and the balances carried in make: one per partner with either. */
function planStatements(
  credits: readonly LedgerLineRow[],
  carried: Map<string, { cents: number; name: string | null }>,
  month: string,
  terms: BillingTerms,
): StatementPlan[] {
  const byPartner = new Map<string, { cents: number; count: number; name: string | null }>();
  for (const c of credits) {
    const p = byPartner.get(c.partner_id!) ?? { cents: 0, count: 0, name: c.partner_name };
    p.cents += Number(c.amount_cents);
    p.count += 1;
    byPartner.set(c.partner_id!, p);
  }
  const partners = [...new Set([...byPartner.keys(), ...carried.keys()])].sort();
  const minimum = Math.round(terms.revenue.minimumPayout * 100);
  return partners.map((partnerId) => {
    const own = byPartner.get(partnerId);
    const figures = statementFigures(own?.cents ?? 0, carried.get(partnerId)?.cents ?? 0, minimum);
    return {
      number: null,
      partnerId,
      partnerName: own?.name ?? carried.get(partnerId)?.name ?? null,
      qualifiedRequests: own?.count ?? 0,
      ...figures,
      dueOn: figures.payableCents > 0 ? payoutDueOn(month, Number(terms.revenue.paymentTerms.replace('Net ', ''))) : null,
    };
  });
}

/**
 * What closing `month` issues: each supplier's invoice of the fees written since the month before
 * closed (all earlier ones at the first close) and each partner's statement. Months close in order,
 * once each has ended in Johannesburg.
 */
async function planClose(db: Executor, month: string, terms: BillingTerms, today: string) {
  checkMonth(month);
  if (!monthHasEnded(month, today)) throw monthError(`${monthName(month)} has not ended yet in Johannesburg.`);
  const { before, after } = await closedMonthsAround(db, month);
  if (after !== undefined) throw monthError(`${monthName(after)} is closed already: months are closed in order.`);
  if (before !== undefined && before !== previousMonth(month)) throw monthError(`Close ${monthName(previousMonth(month))} first: months are closed in order.`);
  // The first close takes every line written before it; each later one its own month's.
  const from = before === undefined ? '0000-01-01' : monthDays(month).first;
  const to = monthDays(month).last;
  const [fees, credits, carried] = await Promise.all([
    ledgerLinesBetween(db, ['success_fee', 'fee_reversal'], from, to),
    ledgerLinesBetween(db, ['partner_credit'], from, to),
    before === undefined ? new Map<string, { cents: number; name: string | null }>() : carriedForwardOf(db, before),
  ]);
  const invoices = planInvoices(fees);
  if (invoices.length > 0 && terms.billing.vatNumber === null) {
    throw new ApiError(
      409,
      'vat_number_missing',
      "A tax invoice names Procura's VAT number: set BILLING_VAT_NUMBER before closing a month with fees to invoice.",
    );
  }
  return { plan: { month, invoices, statements: planStatements(credits, carried, month, terms) }, fees, credits };
}

/** A closed month's documents as its close issued them. */
function issuedClose(month: string, rows: readonly DocumentRow[]): MonthClose {
  return {
    month,
    outcome: 'closed',
    invoices: rows
      .filter((r) => r.kind === 'invoice')
      .map((r) => ({
        number: r.number,
        supplierId: r.supplier_id!,
        supplierName: r.supplier_name,
        lines: [],
        subtotalCents: Number(r.subtotal_cents),
        vatCents: Number(r.vat_cents),
        totalCents: Number(r.total_cents),
      })),
    statements: rows
      .filter((r) => r.kind === 'statement')
      .map((r) => ({
        number: r.number,
        partnerId: r.partner_id!,
        partnerName: r.partner_name,
        qualifiedRequests: 0,
        creditsCents: Number(r.subtotal_cents),
        broughtForwardCents: Number(r.brought_forward_cents),
        payableCents: r.payout_cents === null ? 0 : Number(r.payout_cents),
        carriedForwardCents: Number(r.carried_forward_cents),
        dueOn: r.due_on,
      })),
  };
}

/**
 * Closes a month that has ended in Johannesburg: issues each supplier's tax invoice and each
 * partner's statement, numbered in the database, with a payout due for each statement whose
 * balance reaches the minimum. A month closes once: closing it again, or at the same time from
 * another process, issues nothing and answers what the first close issued. `preview` answers what
 * would be issued and writes nothing.
 */
export async function closeMonth(
  db: Kysely<DB>,
  month: string,
  terms: BillingTerms,
  now: Date,
  /** Who closes: a staff member, or null for the command line (audited either way); the outbox its e-mails go through. */
  options: { staffId: number | null; preview?: boolean; outbox: Outbox },
): Promise<MonthClose> {
  const today = johannesburgDay(now.getTime());
  const at = now.toISOString();
  const closedAlready = async () => {
    const rows = await documentsOfMonth(db, month);
    return issuedClose(month, rows);
  };
  if (options.preview) {
    if (await isMonthClosed(db, month)) return closedAlready();
    return { outcome: 'preview', ...(await planClose(db, month, terms, today)).plan };
  }
  const issued = await db.transaction().execute(async (trx) => {
    checkMonth(month);
    if (!(await claimMonth(trx, month, options.staffId === null ? 'cli' : `staff:${options.staffId}`, at))) return undefined;
    const { plan, fees, credits } = await planClose(trx, month, terms, today);
    const year = Number(month.slice(0, 4));
    const issuer = terms.billing;
    const recipients = await billingRecipients(
      trx,
      plan.invoices.map((i) => i.supplierId),
      plan.statements.map((s) => s.partnerId),
    );
    const messages: OutboxMessage[] = [];
    for (const invoice of plan.invoices) {
      invoice.number = documentNumber('INV', year, await nextDocumentNumber(trx, 'INV', year));
      const first = fees.find((l) => l.supplier_id === invoice.supplierId)!;
      const supplier = {
        name: invoice.supplierName ?? `Supplier ${invoice.supplierId}`,
        address: first.supplier_address,
        vatNumber: first.supplier_vat_number,
      };
      const id = await insertDocument(trx, {
        kind: 'invoice',
        number: invoice.number,
        month,
        supplier_id: invoice.supplierId,
        issued_on: today,
        subtotal_cents: invoice.subtotalCents,
        vat_cents: invoice.vatCents,
        total_cents: invoice.totalCents,
        parties_json: JSON.stringify({ issuer, supplier, vatRate: terms.vatRate }),
        created_at: at,
      });
      await insertDocumentLines(
        trx,
        id,
        fees.filter((l) => l.supplier_id === invoice.supplierId).map((l) => Number(l.id)),
      );
      for (const p of recipients.people.filter((u) => u.supplier_id === invoice.supplierId)) {
        messages.push({ kind: 'supplier-invoice', recipient: p.email, payload: { documentId: id } });
      }
    }
    for (const statement of plan.statements) {
      statement.number = documentNumber('ST', year, await nextDocumentNumber(trx, 'ST', year));
      const id = await insertDocument(trx, {
        kind: 'statement',
        number: statement.number,
        month,
        partner_id: statement.partnerId,
        issued_on: today,
        subtotal_cents: statement.creditsCents,
        vat_cents: 0,
        total_cents: statement.creditsCents + statement.broughtForwardCents,
        brought_forward_cents: statement.broughtForwardCents,
        carried_forward_cents: statement.carriedForwardCents,
        parties_json: JSON.stringify({
          issuer,
          partner: { partnerId: statement.partnerId, name: statement.partnerName ?? statement.partnerId },
          minimumPayoutCents: Math.round(terms.revenue.minimumPayout * 100),
          paymentTerms: terms.revenue.paymentTerms,
        }),
        created_at: at,
      });
      await insertDocumentLines(
        trx,
        id,
        credits.filter((l) => l.partner_id === statement.partnerId).map((l) => Number(l.id)),
      );
      const contact = recipients.partners.get(statement.partnerId);
      if (contact) messages.push({ kind: 'partner-statement', recipient: contact, payload: { documentId: id } });
      if (statement.dueOn !== null) {
        await insertPayout(trx, {
          statement_id: id,
          partner_id: statement.partnerId,
          amount_cents: statement.payableCents,
          due_on: statement.dueOn,
          created_at: at,
        });
      }
    }
    await recordAudit(
      trx,
      {
        staffId: options.staffId,
        action: 'finance.close-month',
        rows: plan.invoices.length + plan.statements.length,
        detail: `${month}: ${documents(plan)}`,
      },
      at,
    );
    await options.outbox.enqueue(trx, messages, now);
    return plan;
  });
  if (issued) options.outbox.notify();
  return issued ? { outcome: 'issued', ...issued } : closedAlready();
}

/** "1 invoice and 3 statements": what a close issues, counted. */
function documents(close: Pick<MonthClose, 'invoices' | 'statements'>): string {
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  return `${count(close.invoices.length, 'invoice')} and ${count(close.statements.length, 'statement')}`;
}

/** A close as the command line prints it: what was issued (or would be), one line per document. */
export function closeReport(close: MonthClose): string {
  const rand = (cents: number) => formatRand(cents / 100);
  const head = {
    issued: `Closed ${monthName(close.month)}: ${documents(close)} issued.`,
    closed: `${monthName(close.month)} was closed already; nothing new was issued. It issued ${documents(close)}.`,
    preview: `Closing ${monthName(close.month)} would issue ${documents(close)} (nothing was issued).`,
  }[close.outcome];
  const invoices = close.invoices.map(
    (i) =>
      `  ${i.number ?? 'invoice'}  ${i.supplierName ?? `supplier ${i.supplierId}`}: fees ${rand(i.subtotalCents)} + VAT ${rand(i.vatCents)} = ${rand(i.totalCents)}`,
  );
  const statements = close.statements.map(
    (s) =>
      `  ${s.number ?? 'statement'}  ${s.partnerName ?? `partner ${s.partnerId}`}: share ${rand(s.creditsCents)}, brought forward ${rand(s.broughtForwardCents)}, ` +
      (s.dueOn === null ? `carried over ${rand(s.carriedForwardCents)}` : `payout ${rand(s.payableCents)} due ${s.dueOn}`),
  );
  return [head, ...invoices, ...statements].join('\n');
}
