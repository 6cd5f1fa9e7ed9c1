// Kept whole: one switch renders every kind of stored message, and the kinds of one request share one cached read of it.
// The read model of the e-mails: each stored message rendered from the rows its payload names, in one switch.
import type { Kysely } from 'kysely';
import type { CompanySize } from '../../sdk/rules';
import type { Quote } from '../../sdk/schemas/rfq';
import { oneLine } from '../../sdk/text';
import { MONTHLY_SPEND_LABELS } from '../../contract/schemas/demo-request';
import { validityDay } from '../domain/validity';
import type { DB } from '../db/schema';
import type { MarketStore } from '../catalogue/market-store';
import { NO_RECORD } from '../domain/scorecard';
import { parseTrackingToken, quoteIdOf, quoteReference, trackingToken } from '../lib/ids';
import { DATA_REQUEST_MINUTES, SIGN_IN_LINK_MINUTES, type MessageSettings, type OutboxMessage } from '../mail/messages';
import type { OutboxRow } from '../mail/outbox.repository';
import { findPartner } from '../partners/partners.repository';
import { mailOpenProof } from '../partners/partner-credit';
import { choosePurchaseOrder, findPurchaseOrderDocument } from '../requests/paperwork/paperwork';
import { toApiQuote, toApiSupplier, withTracking } from '../requests/quotes/quote.mapper';
import { findComplianceOfRfq, findQuoteInRequest, findQuotesForRfq, orderedLines } from '../requests/quotes/quotes.repository';
import { lineNoOf, quotesWithLines } from '../requests/rfq/basket.mapper';
import { findMatchedNames, findRfqRow } from '../requests/rfq/rfq.repository';
import { findDemoRequest } from '../sales/sales.repository';
import {
  buyerOrderConfirmedEmail,
  buyerOrderPlacedEmail,
  buyerOrderWithdrawnEmail,
  buyerQuoteDeclinedEmail,
  buyerQuoteFirmedEmail,
  buyerQuotesEmail,
  dataRequestEmail,
} from './templates/buyer';
import { approvalEmail, buyerAccountEmail } from './templates/buyer-account';
import { applicationEmail } from './templates/supplier-application';
import { bbeeReminderEmail } from './templates/supplier-bbee';
import { forListedSupplier } from './listed-supplier-mail';
import { dataRequestLink, supplierSignInLink } from './links';
import { billingAttachments, billingEmail } from './billing-mail';
import { fromEmail, withAccountLink, type Attachment, type Email, type OrderForMail } from './templates/layout';
import { buyerOrderDeliveredEmail, buyerReceiptReminderEmail } from './templates/buyer-receipts';
import { partnerWelcomeEmail } from './templates/partner';
import { demoRequestEmail, partnerRegisteredEmail } from './templates/staff';
import {
  supplierLeadDigestEmail,
  supplierLeadEmail,
  supplierNotSelectedEmail,
  supplierOrderEmail,
  supplierSignInEmail,
  type SupplierLeadInput,
} from './templates/supplier';

/** Why a stored message cannot be rendered. */
export class UnrenderableMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnrenderableMessageError';
  }
}
/** A template's e-mail, or the reason it gave for having none as the error that says so. */
const rendered = (email: Email | string): Email => {
  if (typeof email === 'string') throw new UnrenderableMessageError(email);
  return email;
};

interface RfqForMail {
  rfq: NonNullable<Awaited<ReturnType<typeof findRfqRow>>>;
  quotes: Quote[];
  /** The suppliers' reasons, by quote reference: the API's quote does not carry them. */
  withdrawalReasons: Map<string, string | null>;
}

/** What an order e-mail tells of the request. */
function orderRequest(rfq: RfqForMail['rfq']) {
  return {
    productName: rfq.product_name,
    productDescription: rfq.product_description,
    quantity: rfq.quantity,
    unit: rfq.unit,
    deliveryLocation: rfq.delivery_location,
  };
}

/** The e-mails a buyer receives about their requests, each ending with the way back to all of them. */
const BUYER_KINDS: ReadonlySet<string> = new Set<OutboxMessage['kind']>([
  'buyer-quotes',
  'buyer-order-placed',
  'buyer-order-confirmed',
  'buyer-order-withdrawn',
  'buyer-order-delivered',
  'buyer-receipt-reminder',
  'buyer-quote-firmed',
  'buyer-quote-declined',
  'data-request',
]);

/**
 * Renders stored messages. Messages of one request share one read of it, so a batch of a
 * request's e-mails costs one query pair.
 */
export class MessageRenderer {
  private readonly cache = new Map<string, Promise<RfqForMail>>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: MessageSettings,
    /** The market in memory, whose suppliers' earned records the quotes cite, as the results page's do. */
    private readonly market: Pick<MarketStore, 'current'>,
    private readonly clock: () => number = Date.now,
  ) {}

  private load(rfqId: string): Promise<RfqForMail> {
    let loaded = this.cache.get(rfqId);
    if (!loaded) {
      loaded = (async () => {
        const rfq = await findRfqRow(this.db, rfqId);
        if (!rfq) throw new UnrenderableMessageError(`RFQ ${rfqId} no longer exists`);
        const context = { productName: rfq.product_name, quantity: rfq.quantity, unit: rfq.unit, today: validityDay(this.clock()) };
        const [rows, compliance, { suppliersById }] = await Promise.all([
          findQuotesForRfq(this.db, rfqId),
          findComplianceOfRfq(this.db, rfqId),
          this.market.current(),
        ]);
        const single = rows.map(({ quote, supplier }) =>
          toApiQuote(
            quote,
            toApiSupplier(supplier, compliance.get(supplier.s_id), context.today, suppliersById.get(supplier.s_id)?.record ?? NO_RECORD),
            context,
          ),
        );
        // A basket's e-mails name each quote's lines.
        const quotes = rfq.line_count > 0 ? await quotesWithLines(this.db, rfqId, rows, single) : single;
        const withdrawalReasons = new Map(rows.map(({ quote }) => [quoteReference(quote.id), quote.withdrawal_reason]));
        return { rfq, quotes, withdrawalReasons };
      })();
      this.cache.set(rfqId, loaded);
      loaded.catch(() => this.cache.delete(rfqId));
    }
    return loaded;
  }

  private async quoteOf(rfqId: string, quoteId: number): Promise<RfqForMail & { quote: Quote }> {
    const loaded = await this.load(rfqId);
    const quote = loaded.quotes.find((q) => q.id === quoteReference(quoteId));
    if (!quote) throw new UnrenderableMessageError(`Quote ${quoteId} no longer exists`);
    return { ...loaded, quote: { ...quote, withdrawalReason: loaded.withdrawalReasons.get(quote.id) ?? undefined } };
  }

  /**
   * An order as its e-mails name it: the purchase order `purchaseOrderId` of the quote (its latest
   * when not given: an e-mail stored before orders were named), and for a basket the quote with
   * the lines of that order alone. Its details are null where the order has none.
   */
  private async orderOf(rfqId: string, quoteId: number, purchaseOrderId: number | undefined) {
    const [loaded, po] = await Promise.all([this.quoteOf(rfqId, quoteId), choosePurchaseOrder(this.db, quoteId, { id: purchaseOrderId })]);
    const lineNos = po ? orderedLines(po) : null;
    const quote =
      loaded.quote.lines && lineNos
        ? { ...loaded.quote, lines: loaded.quote.lines.filter((l) => lineNos.includes(lineNoOf(l.lineId))).map((l) => ({ ...l, status: 'accepted' as const })) }
        : loaded.quote;
    const order: OrderForMail = {
      poNumber: po?.po_number ?? null,
      deliveryAddress: po?.delivery_address ?? null,
      phone: po?.phone ?? null,
      purchaseOrderReference: po?.purchase_order_reference ?? null,
      vatNumber: po?.vat_number ?? null,
    };
    return { ...loaded, quote, order, po, cancelReason: po?.cancel_reason ?? null, lineIds: quote.lines?.map((l) => l.lineId) ?? null };
  }

  /** A lead as its e-mail, or a digest, shows it: its products by the names Procura matched them to, the buyer's words only quoted. */
  private async lead(rfqId: string, quoteId: number): Promise<SupplierLeadInput> {
    const { rfq, quotes } = await this.load(rfqId);
    const quote = quotes.find((q) => q.id === quoteReference(quoteId));
    if (!quote) throw new UnrenderableMessageError(`Quote ${quoteId} no longer exists`);
    const names = await findMatchedNames(this.db, rfqId, rfq.line_count);
    return {
      productName: names[0] ?? rfq.product_name,
      // A basket quote's lines carry the buyer's words for each product it prices.
      buyerWords: quote.lines ? quote.lines.map((l) => l.productName) : [rfq.product_name],
      quantity: rfq.quantity,
      unit: rfq.unit,
      deliveryLocation: rfq.delivery_location,
      budgetRange: rfq.budget_range,
      quote: quote.lines ? { ...quote, lines: quote.lines.map((l) => ({ ...l, productName: names[lineNoOf(l.lineId)] ?? l.productName })) } : quote,
      workspaceUrl: `${this.settings.publicUrl}/supplier?lead=${encodeURIComponent(quote.id)}`,
    };
  }

  /**
   * The files an e-mail carries, read when it is sent (never for the development mailbox's list): a purchase order with the
   * supplier's order and the buyer's e-mails (none once the buyer's data is gone); an invoice or statement with its own.
   */
  async attachments(row: Pick<OutboxRow, 'kind' | 'payload'>): Promise<Attachment[]> {
    if (row.kind === 'buyer-order-placed') {
      const { orders } = JSON.parse(row.payload) as { orders: { quoteId: number; purchaseOrderId: number }[] };
      return (await Promise.all(orders.map((o) => this.purchaseOrderFile(o.quoteId, o.purchaseOrderId)))).flat();
    }
    if (row.kind === 'supplier-invoice' || row.kind === 'partner-statement') return billingAttachments(this.db, row.payload);
    if (row.kind !== 'supplier-order' && row.kind !== 'buyer-order-confirmed' && row.kind !== 'buyer-order-withdrawn') return [];
    const { quoteId, purchaseOrderId } = JSON.parse(row.payload) as { quoteId: number; purchaseOrderId?: number };
    return this.purchaseOrderFile(quoteId, purchaseOrderId);
  }
  private async purchaseOrderFile(quoteId: number, purchaseOrderId: number | undefined): Promise<Attachment[]> {
    const state = await findQuoteInRequest(this.db, quoteId);
    const po = state && (await findPurchaseOrderDocument(this.db, state, { id: purchaseOrderId }));
    return po ? [{ filename: po.fileName, content: po.body, contentType: 'application/pdf' }] : [];
  }

  /**
   * The e-mail of a stored message, its subject and extra headers on one line (`oneLine`): a name or
   * place typed before the text rule, or stored by a path that skips it, cannot start a header of its own.
   */
  async render(row: Pick<OutboxRow, 'kind' | 'payload'>): Promise<Email> {
    const composed = await this.compose(row);
    const email = BUYER_KINDS.has(row.kind)
      ? withAccountLink(composed, `${this.settings.publicUrl}/account/sign-in`)
      : await forListedSupplier(this.db, row, composed, this.settings.publicUrl, new Date(this.clock()));
    const headers = email.headers ? Object.fromEntries(Object.entries(email.headers).map(([k, v]) => [k, oneLine(v)])) : undefined;
    return { ...email, subject: oneLine(email.subject), ...(headers ? { headers } : {}) };
  }

  private async compose(row: Pick<OutboxRow, 'kind' | 'payload'>): Promise<Email> {
    const message = { kind: row.kind, payload: JSON.parse(row.payload) } as OutboxMessage;
    switch (message.kind) {
      case 'buyer-quotes': {
        const { secret, tokens } = message.payload;
        if (!secret && !tokens) throw new UnrenderableMessageError('This e-mail was sent; its tracking links are not kept');
        const { rfq, quotes } = await this.load(message.payload.rfqId);
        const byReference = secret
          ? new Map(quotes.map((q) => [q.id, trackingToken(quoteIdOf(q.id), secret)]))
          : new Map((tokens ?? []).map((t) => [quoteReference(parseTrackingToken(t)?.quoteId ?? 0), t]));
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
          openUrl: rfq.partner_credit === 'pending' ? `${this.settings.publicUrl}/mail/open/${rfq.id}/${await mailOpenProof(this.db, rfq.id)}` : undefined,
          demo: rfq.demo === 1,
        });
      }
      case 'supplier-lead':
        return supplierLeadEmail(await this.lead(message.payload.rfqId, message.payload.quoteId));
      case 'supplier-lead-digest': {
        // A lead whose request is gone (its buyer's data deleted) is left out; the others still go.
        const leads: SupplierLeadInput[] = [];
        for (const { rfqId, quoteId } of message.payload.leads) {
          try {
            leads.push(await this.lead(rfqId, quoteId));
          } catch (err) {
            if (!(err instanceof UnrenderableMessageError)) throw err;
          }
        }
        if (leads.length === 0) throw new UnrenderableMessageError('None of the leads of this digest exists any longer');
        return supplierLeadDigestEmail({ leads, windowMinutes: message.payload.windowMinutes });
      }
      case 'supplier-leads':
        throw new UnrenderableMessageError("A request's leads are sent as one e-mail per supplier, not as one e-mail");
      case 'supplier-order': {
        const { token } = message.payload;
        if (!token) throw new UnrenderableMessageError('This e-mail was sent; its response link is not kept');
        const { rfq, quote, order } = await this.orderOf(message.payload.rfqId, message.payload.quoteId, message.payload.purchaseOrderId);
        const kept = rfq.personal_data_deleted_at === null;
        return supplierOrderEmail({
          request: orderRequest(rfq),
          quote,
          poNumber: order.poNumber,
          buyer: kept ? { email: rfq.primary_email, contactName: rfq.contact_name, companyName: rfq.company_name, ...order } : null,
          companySize: rfq.company_size as CompanySize | null,
          responseUrl: `${this.settings.publicUrl}/supplier-response/${token}`,
        });
      }
      case 'supplier-not-selected': {
        const { rfq, quote } = await this.quoteOf(message.payload.rfqId, message.payload.quoteId);
        return supplierNotSelectedEmail({ request: orderRequest(rfq), quote, outcome: message.payload.outcome });
      }
      case 'buyer-order-placed': {
        const { rfqId, orders, trackingToken } = message.payload;
        const placed = await Promise.all(orders.map((o) => this.orderOf(rfqId, o.quoteId, o.purchaseOrderId)));
        const rfq = placed[0]!.rfq;
        const quotesUrl = trackingToken
          ? fromEmail(`${this.settings.publicUrl}/quote/${trackingToken}`)
          : `${this.settings.publicUrl}/quote-success?rfqId=${rfq.id}`;
        return buyerOrderPlacedEmail({
          request: orderRequest(rfq),
          orders: placed.map(({ quote, order }) => ({ quote, poNumber: order.poNumber })),
          given: placed[0]!.order,
          quotesUrl,
        });
      }
      case 'buyer-order-confirmed':
      case 'buyer-order-withdrawn': {
        const { rfq, quote, quotes, order, cancelReason, lineIds } = await this.orderOf(
          message.payload.rfqId,
          message.payload.quoteId,
          message.payload.purchaseOrderId,
        );
        const { trackingToken } = message.payload;
        const quotesUrl = trackingToken
          ? fromEmail(`${this.settings.publicUrl}/quote/${trackingToken}`)
          : `${this.settings.publicUrl}/quote-success?rfqId=${rfq.id}`;
        const input = { request: orderRequest(rfq), quote, quotesUrl, poNumber: order.poNumber };
        if (message.kind === 'buyer-order-confirmed') return buyerOrderConfirmedEmail({ ...input, given: order });
        // A basket's withdrawn products are open again: what counts is the other quotes still
        // offering them, a supplier already ordered from for other lines among them.
        const reopened = new Set(lineIds);
        const acceptable = quotes.filter((q) =>
          quote.lines === undefined
            ? q.status === 'offered' || q.status === 'declined'
            : q.id !== quote.id && q.status !== 'withdrawn' && (q.lines ?? []).some((l) => l.status === 'offered' && reopened.has(l.lineId)),
        ).length;
        return buyerOrderWithdrawnEmail({ ...input, reason: cancelReason ?? quote.withdrawalReason ?? '', acceptable });
      }
      case 'buyer-order-delivered':
      case 'buyer-receipt-reminder': {
        const { rfqId, quoteId, purchaseOrderId, trackingToken } = message.payload;
        const { quote, po } = await this.orderOf(rfqId, quoteId, purchaseOrderId);
        const receiptUrl = trackingToken
          ? fromEmail(`${this.settings.publicUrl}/quote/${trackingToken}?action=receipt`)
          : `${this.settings.publicUrl}/quote-success?rfqId=${rfqId}`;
        const input = { quote, poNumber: po?.po_number ?? null, promisedOn: po?.promised_on ?? null, deliveredOn: po?.delivered_on ?? null, receiptUrl };
        return message.kind === 'buyer-order-delivered' ? buyerOrderDeliveredEmail(input) : buyerReceiptReminderEmail(input);
      }
      case 'buyer-quote-firmed':
      case 'buyer-quote-declined': {
        const { rfq, quote, quotes } = await this.quoteOf(message.payload.rfqId, message.payload.quoteId);
        const input = { request: orderRequest(rfq), quote, quotesUrl: `${this.settings.publicUrl}/quote-success?rfqId=${rfq.id}` };
        const { lineIds } = message.payload;
        if (message.kind === 'buyer-quote-firmed')
          return buyerQuoteFirmedEmail({ ...input, indicativeUnitPrice: quote.indicativeUnitPrice ?? quote.unitPrice, lineIds });
        if (lineIds) {
          // A basket's withdrawn products: what counts is the other quotes still offering them.
          const withdrawn = (quote.lines ?? []).filter((l) => lineIds.includes(l.lineId));
          const acceptable = quotes.filter(
            (q) => q.id !== quote.id && q.status !== 'withdrawn' && (q.lines ?? []).some((l) => l.status === 'offered' && lineIds.includes(l.lineId)),
          ).length;
          return buyerQuoteDeclinedEmail({ ...input, reason: withdrawn[0]?.withdrawalReason ?? quote.withdrawalReason ?? '', acceptable, lineIds });
        }
        const acceptable = quotes.filter((q) => q.id !== quote.id && (q.status === 'offered' || q.status === 'declined')).length;
        return buyerQuoteDeclinedEmail({ ...input, reason: quote.withdrawalReason ?? '', acceptable });
      }
      case 'supplier-sign-in': {
        const { token, supplierName, lead } = message.payload;
        if (!token) throw new UnrenderableMessageError('This e-mail was sent; its link is not kept');
        return supplierSignInEmail({ link: supplierSignInLink(this.settings.publicUrl, token, lead), supplierName, validMinutes: SIGN_IN_LINK_MINUTES });
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
      case 'buyer-sign-in':
      case 'buyer-account-expiring':
        return rendered(buyerAccountEmail(this.settings.publicUrl, message));
      case 'data-request': {
        const { token } = message.payload;
        if (!token) throw new UnrenderableMessageError('This e-mail was sent; its link is not kept');
        return dataRequestEmail({ link: dataRequestLink(this.settings.publicUrl, token), validMinutes: DATA_REQUEST_MINUTES });
      }
      case 'supplier-application':
      case 'supplier-application-rejected':
      case 'supplier-bbee-reminder':
        return rendered(
          message.kind === 'supplier-bbee-reminder'
            ? await bbeeReminderEmail(this.db, this.settings.publicUrl, message)
            : await applicationEmail(this.db, this.settings.publicUrl, message),
        );
      case 'supplier-invoice':
      case 'partner-statement':
        return rendered(await billingEmail(this.db, this.settings.publicUrl, message));
      case 'buyer-approval-requested':
      case 'buyer-approval-rejected':
        return rendered(await approvalEmail(this.db, this.settings.publicUrl, message));
      default:
        throw new UnrenderableMessageError(`Unknown e-mail kind ${(message as { kind: string }).kind}`);
    }
  }
}
