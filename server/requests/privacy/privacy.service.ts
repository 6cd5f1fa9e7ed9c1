import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { ANALYTICS_RETENTION } from '../../../contract/analytics-rules';
import { ANALYTICS_MESSAGES, type MyData, type MyDataDeleted } from '../../../contract/schemas/analytics';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import { ApiError } from '../../errors';
import { hashSecret, quoteReference } from '../../lib/ids';
import { centsToRand } from '../../../sdk/format';
import { mayMailMailbox } from '../../mail/guard';
import { deleteAccountOf } from '../../buyer/buyer-accounts';
import { expireEndedApprovals } from '../../buyer/approvals.service';
import { deleteIdempotencyRecordsOf, findLinesOfQuotes } from '../rfq/rfq.repository';
import { quoteTotals } from '../paperwork/paperwork';
import { orderDetailsOf } from '../quotes/quotes.repository';
import { DATA_REQUEST_MINUTES, type OutboxMessage } from '../../mail/messages';
import type { Outbox } from '../../mail/outbox';
import {
  anonymiseRfqs,
  deleteDataRequestsOf,
  deleteEmailsTo,
  emailsTo,
  findOpenDataRequest,
  insertDataRequest,
  purchaseOrdersOf,
  rfqsNaming,
  setAdditionalEmails,
} from './privacy.repository';

/** At most this many data request e-mails go to one address in 24 hours, whoever asks. */
const DATA_REQUESTS_PER_DAY = ANALYTICS_RETENTION.dataRequestsPerDay;

/** The one answer to a data request, whether or not Procura holds anything, or sends anything. */
export const DATA_REQUEST_ACCEPTED = 'Thank you. If that address can receive e-mail from Procura, a link to your data is on its way. It works for one hour.';

/** What each kind of e-mail was, for the buyer's list: every kind has its words. */
const EMAIL_ABOUT: Record<OutboxMessage['kind'], string> = {
  'buyer-quotes': 'Your quotes for a request',
  'buyer-quote-firmed': 'A supplier made its price firm',
  'buyer-quote-declined': 'A supplier withdrew its quote',
  'buyer-order-placed': 'Your purchase order, sent to a supplier',
  'buyer-order-confirmed': 'A supplier confirmed your order',
  'buyer-order-withdrawn': 'A supplier withdrew from your order',
  'buyer-order-delivered': 'A supplier says your order was delivered',
  'buyer-receipt-reminder': 'A reminder to confirm receipt of your order',
  'data-request': 'The link to your data',
  'buyer-sign-in': 'The link to sign in to your requests',
  'buyer-account-expiring': 'Notice that your unused account will be deleted',
  'buyer-approval-requested': 'An order of a colleague’s that waits for your approval',
  'buyer-approval-rejected': 'Your order that an approver of your company rejected',
  'supplier-lead': 'A lead for a supplier',
  'supplier-lead-digest': 'Leads for a supplier',
  'supplier-leads': 'Leads for suppliers',
  'supplier-order': 'An order for a supplier',
  'supplier-not-selected': 'A supplier told it was not selected',
  'supplier-sign-in': 'A sign-in link to the supplier workspace',
  'supplier-application': 'The link that verifies a supplier application',
  'supplier-application-rejected': 'A supplier application’s rejection',
  'supplier-bbee-reminder': 'A reminder that a supplier’s B-BBEE evidence expires',
  'partner-welcome': 'Partner welcome',
  'partner-registered': 'Partner registration notice',
  'demo-request': 'A demo booking',
  'supplier-invoice': 'A tax invoice for a supplier',
  'partner-statement': 'A partner statement',
};

export interface PrivacyDeps {
  database: Database;
  outbox: Outbox;
  logger: Logger;
  clock: () => number;
}

/**
 * Sends a one-time link to the data Procura holds for `email`. The answer is the same whatever
 * happens, so it tells nobody whether an address is known; an address gets at most
 * {@link DATA_REQUESTS_PER_DAY} such e-mails a day, so nobody can flood it. Logged without the address.
 */
export async function requestData(deps: PrivacyDeps, input: { email: string }): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase();
  const now = new Date(deps.clock());
  const token = `dr_${randomBytes(32).toString('base64url')}`;
  const sent = await deps.database.db.transaction().execute(async (trx) => {
    if (!(await mayMailMailbox(trx, email, 'data_requests', DATA_REQUESTS_PER_DAY, now))) return false;
    await insertDataRequest(trx, {
      token_hash: hashSecret(token),
      email,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + DATA_REQUEST_MINUTES * 60_000).toISOString(),
    });
    await deps.outbox.enqueue(trx, [{ kind: 'data-request', recipient: email, payload: { token } }], now);
    return true;
  });
  if (sent) deps.outbox.notify();
  deps.logger.info({ linkSent: sent }, 'data request');
  return { message: DATA_REQUEST_ACCEPTED };
}

async function openRequest(db: Executor, token: string, now: Date) {
  const request = await findOpenDataRequest(db, hashSecret(token), now.toISOString());
  if (!request) throw new ApiError(410, 'link_expired', ANALYTICS_MESSAGES.dataRequestToken);
  return request;
}

/** Everything Procura still holds for the link's address: its RFQs and the e-mails to it. */
export async function myData(deps: PrivacyDeps, token: string): Promise<MyData> {
  const request = await openRequest(deps.database.db, token, new Date(deps.clock()));
  const { db } = deps.database;
  const [rfqs, emails] = await Promise.all([rfqsNaming(db, request.email), emailsTo(db, request.email)]);
  const orders = await purchaseOrdersOf(
    db,
    rfqs.filter((r) => r.sender).map((r) => r.id),
  );
  // A basket's order is the lines ordered from its quote, not the whole quote.
  const baskets = new Set(rfqs.filter((r) => r.line_count > 0).map((r) => r.id));
  const basketLines = await findLinesOfQuotes(
    db,
    orders.filter((po) => baskets.has(po.rfq_id)).map((po) => po.quote_id),
  );
  const ordered = (quoteId: number) =>
    (basketLines.get(quoteId) ?? []).filter((l) => l.status === 'accepted').map((l) => ({ totalCents: Number(l.total_cents) }));
  deps.logger.info({ rfqs: rfqs.length, emails: emails.length }, 'data request opened');
  return {
    email: request.email,
    expiresAt: request.expires_at,
    rfqs: rfqs.map((r) => {
      // Copied on someone else's request: the request, and this address, but not the sender's details.
      const own = r.sender;
      return {
        rfqId: r.id,
        role: own ? 'sender' : 'copied',
        createdAt: r.created_at,
        productName: r.product_name,
        productDescription: own ? r.product_description : null,
        quantity: r.quantity,
        unit: r.unit,
        deliveryLocation: r.delivery_location,
        budgetRange: own ? r.budget_range : null,
        primaryEmail: own ? r.primary_email : null,
        additionalEmails: own ? (JSON.parse(r.additional_emails) as string[]) : [request.email],
        companyName: own ? r.company_name : null,
        contactName: own ? r.contact_name : null,
        ...orderDetailsOf(own ? r : undefined),
        quoteCount: Number(r.quote_count ?? 0),
        purchaseOrders: orders
          .filter((po) => po.rfq_id === r.id)
          .map((po) => {
            const totals = quoteTotals(po, baskets.has(po.rfq_id) ? ordered(po.quote_id) : undefined);
            return {
              poNumber: po.po_number,
              issuedOn: po.issued_on,
              cancelledOn: po.cancelled_on,
              quoteId: quoteReference(po.quote_id),
              supplierName: (JSON.parse(po.supplier_json) as { name: string }).name,
              ...orderDetailsOf(po),
              totalPrice: centsToRand(totals.totalCents),
              vatAmount: centsToRand(totals.vatCents),
              totalPriceInclVat: centsToRand(totals.totalInclVatCents),
            };
          }),
      };
    }),
    emails: emails.map((e) => ({
      kind: e.kind,
      about: EMAIL_ABOUT[e.kind as OutboxMessage['kind']] ?? e.kind,
      status: e.status,
      createdAt: e.created_at,
      sentAt: e.sent_at,
    })),
  };
}

/**
 * Deletes, at once, what Procura holds for a lower-cased address: its buyer account with the
 * details saved for it, the personal data of the RFQs it sent (they stay, anonymous, as every
 * request does 72 hours after it ends; a supplier whose quote was accepted then sees no contact,
 * and no other quote can be accepted, and an order of them still held for a company's approval
 * is closed unordered), the address on the ones it was copied on, every e-mail to
 * it and its data requests, as are the records that would answer a repeat of those requests. A
 * data request's link, the buyer's own account deletion and the retention sweep all run it.
 */
export async function eraseAddress(trx: Executor, email: string, now: Date): Promise<MyDataDeleted> {
  const rfqs = await rfqsNaming(trx, email);
  const anonymised = await anonymiseRfqs(
    trx,
    rfqs.filter((r) => r.sender).map((r) => r.id),
    now.toISOString(),
  );
  let uncopied = 0;
  for (const r of rfqs.filter((x) => !x.sender)) {
    await setAdditionalEmails(
      trx,
      r.id,
      (JSON.parse(r.additional_emails) as string[]).filter((e) => e !== email),
    );
    uncopied++;
  }
  const emails = await deleteEmailsTo(trx, email);
  await deleteDataRequestsOf(trx, email);
  // A repeat of one of these requests would have been answered from its record: it goes too.
  await deleteIdempotencyRecordsOf(
    trx,
    rfqs.map((r) => r.id),
  );
  await deleteAccountOf(trx, email, now);
  // An order of these requests still held for approval (by an account other than this address's)
  // closes: no order details outlive the request's personal data.
  await expireEndedApprovals(
    trx,
    now,
    rfqs.map((r) => r.id),
  );
  return { rfqs: anonymised + uncopied, emails };
}

/** Deletes, at once, what Procura holds for the link's address ({@link eraseAddress}); the link is spent. */
export async function deleteMyData(deps: PrivacyDeps, token: string): Promise<MyDataDeleted> {
  const now = new Date(deps.clock());
  const result = await deps.database.db.transaction().execute(async (trx) => {
    const request = await openRequest(trx, token, now);
    return eraseAddress(trx, request.email, now);
  });
  deps.logger.info(result, 'data deleted on request');
  return result;
}
