/**
 * The arithmetic of money that moves, in cents: success fees with their VAT, partners' shares,
 * statements with the minimum payout's carry-over, months and document numbers. Every rounding
 * happens once, on a line; invoices and months are sums of their lines, so they always reconcile.
 *
 * @module
 */

import { addDays } from './calendar';

/** A success fee on an order's value excl. VAT (`percent` of it), and the VAT on the fee, each rounded on the line. */
export function successFee(valueCents: number, percent: number, vatRate: number): { amountCents: number; vatCents: number } {
  const amountCents = Math.round((valueCents * percent) / 100);
  return { amountCents, vatCents: Math.round(amountCents * vatRate) };
}

/** A partner's share of the fee for one qualified request (the enterprise rate for an enterprise lead), in cents. */
export function partnerCreditCents(terms: { perQualifiedRfq: number; perEnterpriseLead: number; partnerShare: number }, enterprise: boolean): number {
  return Math.round((enterprise ? terms.perEnterpriseLead : terms.perQualifiedRfq) * 100 * terms.partnerShare);
}

/** A month's statement: the credits plus what came in from before is paid once it reaches the minimum, else carried on. */
export interface StatementFigures {
  creditsCents: number;
  broughtForwardCents: number;
  /** Paid out this month: the whole balance once it reaches the minimum, else 0. */
  payableCents: number;
  carriedForwardCents: number;
}

export function statementFigures(creditsCents: number, broughtForwardCents: number, minimumPayoutCents: number): StatementFigures {
  const balance = creditsCents + broughtForwardCents;
  const paid = balance > 0 && balance >= minimumPayoutCents;
  return { creditsCents, broughtForwardCents, payableCents: paid ? balance : 0, carriedForwardCents: paid ? 0 : balance };
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Whether `text` is a month as `YYYY-MM`. */
export function isMonth(text: string): boolean {
  return MONTH.test(text);
}

/** A month's first and last Johannesburg days (`YYYY-MM-DD`). */
export function monthDays(month: string): { first: string; last: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  return addDays(`${month}-01`, -1).slice(0, 7);
}

/** Whether `month` has ended on Johannesburg's `today`. */
export function monthHasEnded(month: string, today: string): boolean {
  return today.slice(0, 7) > month;
}

/** A payout's due day: the month's last day plus the payment terms' days (Net 30: 30). */
export function payoutDueOn(month: string, termsDays: number): string {
  return addDays(monthDays(month).last, termsDays);
}

/** An invoice's or statement's number: its series, its year and its number in the year, six digits. */
export function documentNumber(series: 'INV' | 'ST', year: number, n: number): string {
  return `${series}-${year}-${String(n).padStart(6, '0')}`;
}
