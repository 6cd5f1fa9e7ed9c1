// The outbox's vocabulary: every e-mail kind as the services that cause it write it, its priority
// and its row. The modules that write e-mail import this; it imports none of them, nor the sender
// (server/mail-sender/), which renders and sends the rows.
import { randomUUID } from 'node:crypto';
import { ANALYTICS_RETENTION } from '../../contract/analytics-rules';
import { timePrefix } from '../lib/ids';
import type { NewOutboxRow, OutboxRow } from './outbox.repository';

/**
 * Every e-mail the product sends, as the outbox stores it: a kind, one recipient and what the
 * template needs. E-mails are rendered when they are sent, from the stored request and quotes,
 * so writing one costs a short row, not a rendered message.
 */
export type OutboxMessage =
  /**
   * The buyer's quotes. `secret` is the request's tracking secret (each quote's token is its id and
   * the secret; older rows carry the `tokens` themselves): it exists nowhere else in clear, and is
   * dropped once sent.
   */
  | { kind: 'buyer-quotes'; recipient: string; payload: { rfqId: string; secret?: string; tokens?: string[]; linkToken?: string } }
  /** A matched supplier's lead. */
  | { kind: 'supplier-lead'; recipient: string; payload: { rfqId: string; quoteId: number } }
  /**
   * A supplier's leads of its digest window, oldest first, for a supplier that takes them so; the
   * list grows until the row is due ({@link writeLeads}).
   */
  | { kind: 'supplier-lead-digest'; recipient: string; payload: { windowMinutes: number; leads: { rfqId: string; quoteId: number }[] } }
  /**
   * A request's leads, owed together: written with the request as one row, turned into one
   * `supplier-lead` per quote by the outbox worker after the buyer has their answer. No recipient.
   */
  | { kind: 'supplier-leads'; recipient: ''; payload: { rfqId: string } }
  /** A new partner's welcome, and the partners team's notice of them. */
  | { kind: 'partner-welcome' | 'partner-registered'; recipient: string; payload: { partnerId: string } }
  /** The sales team's notice of a demo booking. */
  | { kind: 'demo-request'; recipient: string; payload: { demoRequestId: number } }
  /** A buyer's link to their data. The token exists nowhere else in clear, and is dropped once sent. */
  | { kind: 'data-request'; recipient: string; payload: { token?: string } }
  /** The accepted supplier's order, with its response link; the token is dropped once sent. */
  | { kind: 'supplier-order'; recipient: string; payload: { rfqId: string; quoteId: number; purchaseOrderId?: number; token?: string } }
  /** The courtesy note to a supplier whose quote was not selected. */
  | { kind: 'supplier-not-selected'; recipient: string; payload: { rfqId: string; quoteId: number; outcome: 'awarded' | 'closed' } }
  /**
   * The buyer's copy of the purchase orders one acceptance sent (the split's, one per supplier),
   * linking back to the quote accepted; the token is dropped once sent.
   */
  | {
      kind: 'buyer-order-placed';
      recipient: string;
      payload: { rfqId: string; orders: { quoteId: number; purchaseOrderId: number }[]; trackingToken?: string };
    }
  /** The buyer's notice of the supplier's answer, linking back to their quote; the token is dropped once sent. */
  | {
      kind: 'buyer-order-confirmed' | 'buyer-order-withdrawn';
      recipient: string;
      payload: { rfqId: string; quoteId: number; purchaseOrderId?: number; trackingToken?: string };
    }
  /**
   * The buyer's notice that the supplier says it delivered an order, and the one reminder to
   * confirm receipt, each linking to the receipt form; the token is dropped once sent.
   */
  | {
      kind: 'buyer-order-delivered' | 'buyer-receipt-reminder';
      recipient: string;
      payload: { rfqId: string; quoteId: number; purchaseOrderId: number; trackingToken?: string };
    }
  /** The buyer's notice that a supplier made its quote firm, or withdrew it before the buyer chose. */
  | { kind: 'buyer-quote-firmed' | 'buyer-quote-declined'; recipient: string; payload: { rfqId: string; quoteId: number; lineIds?: string[] } }
  /** A supplier user's one-time sign-in link; the token exists nowhere else in clear, and is dropped once sent. */
  | { kind: 'supplier-sign-in'; recipient: string; payload: { token?: string; supplierName: string; lead?: string } }
  /** A buyer's one-time link to their requests; the token exists nowhere else in clear, and is dropped once sent. */
  | { kind: 'buyer-sign-in'; recipient: string; payload: { token?: string } }
  /** The one notice that a buyer account unused for almost 24 months will be deleted at `deleteOn` (an ISO moment) unless used. */
  | { kind: 'buyer-account-expiring'; recipient: string; payload: { deleteOn: string } }
  /** A company's approver is asked to approve a colleague's order above their limit; the requester is told of a rejection. */
  | { kind: 'buyer-approval-requested' | 'buyer-approval-rejected'; recipient: string; payload: { approvalId: number } }
  /** The link that verifies a supplier application's address; the token exists nowhere else in clear, and is dropped once sent. */
  | { kind: 'supplier-application'; recipient: string; payload: { applicationId: number; token?: string } }
  /** Staff's rejection of a supplier application, with the reason they gave. */
  | { kind: 'supplier-application-rejected'; recipient: string; payload: { applicationId: number } }
  /** The one reminder, 30 days before, that the supplier's B-BBEE evidence expires on `expiresOn`. */
  | { kind: 'supplier-bbee-reminder'; recipient: string; payload: { supplierId: number; expiresOn: string } }
  /** A month's tax invoice, to each of the supplier's people; a statement, to the partner's contact. */
  | { kind: 'supplier-invoice' | 'partner-statement'; recipient: string; payload: { documentId: number } };

/** How long a buyer's sign-in link works. */
export const BUYER_SIGN_IN_LINK_MINUTES = 15;

/** How long a data request's link works. */
export const DATA_REQUEST_MINUTES = ANALYTICS_RETENTION.dataRequestMinutes;

/** How long a supplier user's sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 10;

/** Who waits for what: the buyer is on the results page; a supplier's lead can follow. */
const PRIORITY: Record<OutboxMessage['kind'], number> = {
  'buyer-quotes': 0,
  'data-request': 0,
  'supplier-lead': 1,
  'supplier-lead-digest': 1,
  'supplier-leads': 1,
  'supplier-order': 1,
  'buyer-order-placed': 1,
  'buyer-order-confirmed': 1,
  'buyer-order-withdrawn': 1,
  'buyer-order-delivered': 1,
  'buyer-receipt-reminder': 2,
  'buyer-quote-firmed': 1,
  'buyer-quote-declined': 1,
  'supplier-sign-in': 0,
  'buyer-sign-in': 0,
  'buyer-account-expiring': 2,
  'buyer-approval-requested': 1,
  'buyer-approval-rejected': 1,
  'supplier-application': 0,
  'supplier-application-rejected': 1,
  'supplier-bbee-reminder': 2,
  'partner-welcome': 1,
  'partner-registered': 2,
  'supplier-not-selected': 2,
  'demo-request': 1,
  'supplier-invoice': 2,
  'partner-statement': 2,
};

export interface MessageSettings {
  publicUrl: string;
  /** The domain of Message-IDs: the From address's. */
  messageIdDomain: string;
}

/**
 * A Message-ID: the time in base 36, then a random UUID. Unique as the UUID is; the time first
 * keeps SQLite's unique index of them written in order rather than on a random page per e-mail.
 */
function newMessageId(nowMs: number, domain: string): string {
  return `<${timePrefix(nowMs)}.${randomUUID()}@${domain}>`;
}

/**
 * Outbox rows for messages caused together; `held` when no transport would send them. Each is
 * due at once, or at `sendAt`.
 */
export function outboxRows(
  messages: OutboxMessage[],
  { messageIdDomain, now, held, sendAt = now }: { messageIdDomain: string; now: string; held: boolean; sendAt?: string },
): NewOutboxRow[] {
  const nowMs = Date.parse(now);
  return messages.map((m) => ({
    message_id: newMessageId(nowMs, messageIdDomain),
    kind: m.kind,
    recipient: m.recipient,
    priority: PRIORITY[m.kind],
    payload: JSON.stringify(m.payload),
    status: held ? 'held' : 'pending',
    attempts: 0,
    next_attempt_at: sendAt,
    last_error: null,
    sent_at: null,
    created_at: now,
  }));
}

/**
 * The e-mails a new quote request causes: the buyer's to each address it may e-mail (each with
 * the token of its unsubscribe links), and, unless `sendLeads` is false, the quoting suppliers'
 * leads, as one message that the outbox worker fans out into one per supplier ({@link writeLeads}).
 * Nothing here depends on the ids the quotes will get, so the rows go in with the request's own.
 */
export function rfqMessages(input: { rfqId: string; buyers: { email: string; linkToken: string }[]; secret: string; sendLeads: boolean }): OutboxMessage[] {
  return [
    ...input.buyers.map(
      ({ email, linkToken }): OutboxMessage => ({ kind: 'buyer-quotes', recipient: email, payload: { rfqId: input.rfqId, secret: input.secret, linkToken } }),
    ),
    ...(input.sendLeads ? [{ kind: 'supplier-leads', recipient: '', payload: { rfqId: input.rfqId } } satisfies OutboxMessage] : []),
  ];
}

/** The payload a sent row keeps: without anything secret in it. */
export function sentPayload(row: Pick<OutboxRow, 'kind' | 'payload'>): string | undefined {
  if (row.kind === 'data-request' || row.kind === 'buyer-sign-in') return JSON.stringify({});
  if (row.kind === 'supplier-application') return JSON.stringify({ applicationId: (JSON.parse(row.payload) as { applicationId: number }).applicationId });
  if (row.kind === 'supplier-sign-in') return JSON.stringify({ supplierName: (JSON.parse(row.payload) as { supplierName: string }).supplierName });
  if (
    row.kind === 'supplier-order' ||
    row.kind === 'buyer-order-confirmed' ||
    row.kind === 'buyer-order-withdrawn' ||
    row.kind === 'buyer-order-delivered' ||
    row.kind === 'buyer-receipt-reminder'
  ) {
    const { rfqId, quoteId, purchaseOrderId } = JSON.parse(row.payload) as { rfqId: string; quoteId: number; purchaseOrderId?: number };
    return JSON.stringify({ rfqId, quoteId, purchaseOrderId });
  }
  if (row.kind === 'buyer-order-placed') {
    const { rfqId, orders } = JSON.parse(row.payload) as { rfqId: string; orders: unknown };
    return JSON.stringify({ rfqId, orders });
  }
  if (row.kind !== 'buyer-quotes') return undefined;
  const { rfqId } = JSON.parse(row.payload) as { rfqId: string };
  return JSON.stringify({ rfqId });
}
