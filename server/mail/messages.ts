import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ANALYTICS_RETENTION } from '../../sdk/analytics-rules';
import type { Quote } from '../../sdk/index';
import type { DB } from '../db/schema';
import { parseTrackingToken, quoteReference } from '../lib/ids';
import { toApiQuote, toApiSupplier, withTracking } from '../quotes/quote.mapper';
import { findPartner } from '../partners/partners.repository';
import { findQuotesForRfq } from '../quotes/quotes.repository';
import { findRfqRow } from '../rfq/rfq.repository';
import type { NewOutboxRow, OutboxRow } from './outbox.repository';
import { findDemoRequest } from '../sales/sales.repository';
import { MONTHLY_SPEND_LABELS } from '../../sdk/schemas/sales';
import { buyerQuotesEmail, dataRequestEmail, demoRequestEmail, partnerRegisteredEmail, partnerWelcomeEmail, supplierLeadEmail, type Email } from './templates';

/**
 * Every e-mail the product sends, as the outbox stores it: a kind, one recipient and what the
 * template needs. E-mails are rendered when they are sent, from the stored request and quotes,
 * so writing one costs a short row, not a rendered message.
 */
export type OutboxMessage =
  /** The buyer's quotes. The tracking tokens exist nowhere else in clear, and are dropped once sent. */
  | { kind: 'buyer-quotes'; recipient: string; payload: { rfqId: string; tokens?: string[]; linkToken?: string } }
  /** A matched supplier's lead. */
  | { kind: 'supplier-lead'; recipient: string; payload: { rfqId: string; quoteId: number } }
  /** A new partner's welcome, and the partners team's notice of them. */
  | { kind: 'partner-welcome' | 'partner-registered'; recipient: string; payload: { partnerId: string } }
  /** The sales team's notice of a demo booking. */
  | { kind: 'demo-request'; recipient: string; payload: { demoRequestId: number } }
  /** A buyer's link to their data. The token exists nowhere else in clear, and is dropped once sent. */
  | { kind: 'data-request'; recipient: string; payload: { token?: string } };

/** How long a data request's link works. */
export const DATA_REQUEST_MINUTES = ANALYTICS_RETENTION.dataRequestMinutes;

/** The page a data request's link opens; the token rides in the fragment, which browsers never send. */
export function dataRequestLink(publicUrl: string, token: string): string {
  return `${publicUrl}/privacy/my-data#token=${token}`;
}

/** Who waits for what: the buyer is on the results page; a supplier's lead can follow. */
const PRIORITY: Record<OutboxMessage['kind'], number> = { 'buyer-quotes': 0, 'data-request': 0, 'supplier-lead': 1, 'partner-welcome': 1, 'partner-registered': 2, 'demo-request': 1 };

export interface MessageSettings {
  publicUrl: string;
  /** The domain of Message-IDs: the From address's. */
  messageIdDomain: string;
}

/** Outbox rows for messages caused together; `held` when no transport would send them. */
export function outboxRows(messages: OutboxMessage[], { messageIdDomain, now, held }: { messageIdDomain: string; now: string; held: boolean }): NewOutboxRow[] {
  return messages.map((m) => ({
    message_id: `<${randomUUID()}@${messageIdDomain}>`,
    kind: m.kind,
    recipient: m.recipient,
    priority: PRIORITY[m.kind],
    payload: JSON.stringify(m.payload),
    status: held ? 'held' : 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    sent_at: null,
    created_at: now,
  }));
}

/**
 * The e-mails a new quote request causes: the buyer's to each address it may e-mail (each with
 * the token of its unsubscribe links), and, unless `sendLeads` is false, each quoting supplier's lead.
 */
export function rfqMessages(input: {
  rfqId: string;
  buyers: { email: string; linkToken: string }[];
  quotes: { quoteId: number; token: string; supplierEmail: string }[];
  sendLeads: boolean;
}): OutboxMessage[] {
  const tokens = input.quotes.map((q) => q.token);
  return [
    ...input.buyers.map(
      ({ email, linkToken }): OutboxMessage => ({ kind: 'buyer-quotes', recipient: email, payload: { rfqId: input.rfqId, tokens, linkToken } }),
    ),
    ...(input.sendLeads ? input.quotes : []).map(
      (q): OutboxMessage => ({ kind: 'supplier-lead', recipient: q.supplierEmail, payload: { rfqId: input.rfqId, quoteId: q.quoteId } }),
    ),
  ];
}

/** The payload a sent row keeps: without anything secret in it. */
export function sentPayload(row: Pick<OutboxRow, 'kind' | 'payload'>): string | undefined {
  if (row.kind === 'data-request') return JSON.stringify({});
  if (row.kind !== 'buyer-quotes') return undefined;
  const { rfqId } = JSON.parse(row.payload) as { rfqId: string };
  return JSON.stringify({ rfqId });
}

/** Why a stored message cannot be rendered. */
export class UnrenderableMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnrenderableMessageError';
  }
}

interface RfqForMail {
  rfq: NonNullable<Awaited<ReturnType<typeof findRfqRow>>>;
  quotes: Quote[];
}

/**
 * Renders stored messages. Messages of one request share one read of it, so a batch of a
 * request's e-mails costs one query pair.
 */
export class MessageRenderer {
  private readonly cache = new Map<string, Promise<RfqForMail>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: MessageSettings,
  ) {}

  private load(rfqId: string): Promise<RfqForMail> {
    let loaded = this.cache.get(rfqId);
    if (!loaded) {
      loaded = (async () => {
        const rfq = await findRfqRow(this.db, rfqId);
        if (!rfq) throw new UnrenderableMessageError(`RFQ ${rfqId} no longer exists`);
        const context = { productName: rfq.product_name, quantity: rfq.quantity, unit: rfq.unit };
        const quotes = (await findQuotesForRfq(this.db, rfqId)).map(({ quote, supplier }) => toApiQuote(quote, toApiSupplier(supplier), context));
        return { rfq, quotes };
      })();
      this.cache.set(rfqId, loaded);
      loaded.catch(() => this.cache.delete(rfqId));
    }
    return loaded;
  }

  async render(row: Pick<OutboxRow, 'kind' | 'payload'>): Promise<Email> {
    const message = { kind: row.kind, payload: JSON.parse(row.payload) } as OutboxMessage;
    switch (message.kind) {
      case 'buyer-quotes': {
        const { tokens } = message.payload;
        if (!tokens) throw new UnrenderableMessageError('This e-mail was sent; its tracking links are not kept');
        const { rfq, quotes } = await this.load(message.payload.rfqId);
        const byReference = new Map(tokens.map((t) => [quoteReference(parseTrackingToken(t)?.quoteId ?? 0), t]));
        return buyerQuotesEmail({
          linkToken: message.payload.linkToken,
          messageIdDomain: this.settings.messageIdDomain,
          rfqId: rfq.id,
          productName: rfq.product_name,
          matchingMessage: rfq.matching_message,
          quotes: quotes.map((q) => {
            const token = byReference.get(q.id);
            return token ? withTracking(q, token, this.settings.publicUrl) : q;
          }),
          publicUrl: this.settings.publicUrl,
        });
      }
      case 'supplier-lead': {
        const { rfq, quotes } = await this.load(message.payload.rfqId);
        const quote = quotes.find((q) => q.id === quoteReference(message.payload.quoteId));
        if (!quote) throw new UnrenderableMessageError(`Quote ${message.payload.quoteId} no longer exists`);
        return supplierLeadEmail({
          productName: rfq.product_name,
          quantity: rfq.quantity,
          unit: rfq.unit,
          deliveryLocation: rfq.delivery_location,
          budgetRange: rfq.budget_range,
          quote,
          buyerCompany: rfq.company_name,
          buyerEmail: rfq.primary_email,
        });
      }
      case 'partner-welcome':
      case 'partner-registered': {
        const p = await findPartner(this.db, message.payload.partnerId);
        if (!p) throw new UnrenderableMessageError(`Partner ${message.payload.partnerId} no longer exists`);
        const input = {
          partnerId: p.id,
          companyName: p.company_name,
          contactName: p.contact_name,
          contactEmail: p.contact_email,
          website: p.website,
          businessType: p.business_type,
          integrationType: p.integration_type,
          monthlyTraffic: p.monthly_traffic,
          useCase: p.use_case,
          publicUrl: this.settings.publicUrl,
        };
        return message.kind === 'partner-welcome' ? partnerWelcomeEmail(input) : partnerRegisteredEmail(input);
      }
      case 'demo-request': {
        const d = await findDemoRequest(this.db, message.payload.demoRequestId);
        if (!d) throw new UnrenderableMessageError(`Demo request ${message.payload.demoRequestId} no longer exists`);
        return demoRequestEmail({
          demoRequestId: d.id,
          companyName: d.company_name,
          contactPerson: d.contact_person,
          email: d.email,
          phone: d.phone,
          monthlySpend: d.monthly_spend ? (MONTHLY_SPEND_LABELS[d.monthly_spend as keyof typeof MONTHLY_SPEND_LABELS] ?? d.monthly_spend) : null,
          currentSuppliers: d.current_suppliers,
          painPoints: d.pain_points,
          publicUrl: this.settings.publicUrl,
        });
      }
      case 'data-request': {
        const { token } = message.payload;
        if (!token) throw new UnrenderableMessageError('This e-mail was sent; its link is not kept');
        return dataRequestEmail({ link: dataRequestLink(this.settings.publicUrl, token), validMinutes: DATA_REQUEST_MINUTES });
      }
      default:
        throw new UnrenderableMessageError(`Unknown e-mail kind ${(message as { kind: string }).kind}`);
    }
  }
}
