import {
  declineLeadSchema,
  leadDeliveredSchema,
  firmLeadSchema,
  supplierCoverageInputSchema,
  supplierCoverageSchema,
  supplierInviteSchema,
  supplierLeadSchema,
  supplierLeadsQuerySchema,
  supplierLeadsSchema,
  supplierLinkHolderSchema,
  supplierLinkSentSchema,
  supplierMeSchema,
  supplierProfileChangeSchema,
  supplierProfileSchema,
  supplierSessionInputSchema,
  supplierSignInLinkSchema,
  supplierStatsSchema,
  supplierInviteSentSchema,
  supplierTeamSchema,
} from '../../contract/schemas/supplier-workspace';
import {
  newSupplierOfferSchema,
  offerImportResultSchema,
  offerImportSchema,
  supplierOfferChangeSchema,
  supplierOfferSchema,
  supplierOffersSchema,
} from '../../contract/schemas/supplier-offers';
import { purchaseOrderQuerySchema } from '../../sdk/schemas/rfq';
import { supplierInvoicesSchema } from '../../contract/schemas/supplier-billing';
import { performanceQuerySchema, supplierPerformanceSchema } from '../../contract/schemas/supplier-performance';
import { callsOf, PAPERWORK_LIMIT, PDF_DOWNLOAD, type Route } from './route';

const SUPPLIER_ERRORS = {
  401: '`unauthorized`: no live supplier session',
  403: "`bad_origin`: a state change from a page that is not Procura's",
  404: "Not found: another supplier's lead, person, invitation or offer answers the same (`lead_not_found`, `user_not_found`, `invitation_not_found`, `offer_not_found`), or a line not on the lead's quote (`line_not_found`)",
  409: 'The lead no longer allows it (`not_firmable`, `not_declinable`, `not_accepted`, `order_answered`), nor the basket line named (`line_not_open`), the person cannot be removed (`not_yourself`), or the product is already on the price list (`offer_exists`)',
};

/** Who may read the workspace's data: the supplier's people, signed in. */
const SIGNED_IN = "For a supplier's signed-in people, with the session cookie.";
/** Who may change it: the same people, from Procura's own pages. */
const SIGNED_IN_CHANGE = "For a supplier's signed-in people, with the session cookie, from Procura's own pages (their Origin).";

/** A call from the page a sign-in link opens, the link's token in its body: refused while the link is expired or used. */
const WITH_LINK_TOKEN: Pick<Route, 'body' | 'errors' | 'errorText'> = {
  body: supplierSessionInputSchema,
  errors: [429],
  errorText: { 400: '`invalid_token`: the link expired or was used' },
};

/** Signing in and out: the people are not signed in yet, or need not be. */
const access = callsOf({ tag: 'Supplier workspace', errorText: SUPPLIER_ERRORS, errors: [403] });
/** The workspace itself, for signed-in people. */
const workspace = callsOf({ tag: 'Supplier workspace', supplier: true, errorText: SUPPLIER_ERRORS });

/** The supplier workspace: access, the supplier's people, its details, coverage and price list, its figures and its leads. */
export const SUPPLIER_PATHS: Route[] = [
  access.post('/api/supplier/sign-in-link', {
    summary: 'E-mail a 10-minute, single-use sign-in link to a supplier user; the same answer for any address',
    description:
      "Called by Procura's sign-in page (its Origin), within a rate limit per client: a known, enabled supplier user is e-mailed a link (at most 3 to an address in any hour; earlier links stay valid, 3 at most), opening the lead named when one is. Answers 202 with the same message, after the same steps, whatever the address, so nobody learns whether it is known.",
    body: supplierSignInLinkSchema,
    ok: [202, supplierLinkSentSchema],
    errors: [429],
  }),
  access.post('/api/supplier/sign-in-link/peek', {
    summary: "Whom a sign-in link is for (the person's and the supplier's names), without spending it: the page asks for a click first",
    description:
      "Called by the page the link opens (its Origin), within a rate limit per client, with the token in the body: answers the names the page shows on its 'Sign in as' button. Nothing is spent, so a link scanner or a page opened by mistake leaves the link usable; 400 `invalid_token` for a link expired, used or of a disabled person.",
    ...WITH_LINK_TOKEN,
    ok: [200, supplierLinkHolderSchema],
  }),
  access.post('/api/supplier/session', {
    summary: "Exchange a sign-in link's token for a supplier session (Set-Cookie)",
    description:
      'Called by the page the link opens (its Origin), within a rate limit per client: the link is spent and a session starts, its cookie set HttpOnly. Answers the signed-in person and their supplier, with its readiness to quote, as `GET /api/supplier/me` does; 400 `invalid_token` for a link expired, used or of a disabled person.',
    ...WITH_LINK_TOKEN,
    ok: [200, supplierMeSchema],
  }),
  access.post('/api/supplier/sign-out', {
    summary: 'End the supplier session',
    description:
      "Called by Procura's pages (their Origin), signed in or not: the session the cookie names ends and the cookie is deleted. Answers 204 with no body.",
    ok: [204, null],
  }),
  workspace.get('/api/supplier/me', {
    summary: 'The signed-in supplier user and their supplier',
    description: `${SIGNED_IN} Answers who is signed in (id, name, e-mail), their supplier's id and name, for the workspace's header, and its \`readiness\`: a supplier is quoted once it has at least one price-list item in stock and a delivery area, and the workspace shows a ready-to-quote checklist until it has both.`,
    ok: [200, supplierMeSchema],
  }),
  workspace.get('/api/supplier/users', {
    summary: "The supplier's people who have signed in, and those invited who have not yet",
    description: `${SIGNED_IN} Answers every person with access to the workspace (name, e-mail, when added, last sign-in and whether staff disabled them) and the invitations not yet taken up.`,
    ok: [200, supplierTeamSchema],
  }),
  workspace.post('/api/supplier/users', {
    summary: 'Invite a colleague, who is e-mailed a sign-in link; the same answer whatever the address',
    description: `${SIGNED_IN_CHANGE} Answers 202 with the same message whether the address can join (added and e-mailed a link), is already of this team, or is another supplier's person's (nothing is sent); listed as invited until they sign in, and audited. At most 20 invitations per supplier in any 24 hours, and each e-mail counts against the address's sign-in links.`,
    body: supplierInviteSchema,
    ok: [202, supplierInviteSentSchema],
    errors: [429],
  }),
  workspace.delete('/api/supplier/invitations/{invitationId}', {
    summary: 'Withdraw an invitation; a person it added who never signed in goes with it',
    description: `${SIGNED_IN_CHANGE} The invitation goes, and with it the person it added if they never signed in; audited. Answers 204; 404 \`invitation_not_found\` for another supplier's invitation or one already gone.`,
    ok: [204, null],
  }),
  workspace.delete('/api/supplier/users/{userId}', {
    summary: 'Remove a colleague, with their address and sessions',
    description: `${SIGNED_IN_CHANGE} The person goes at once with their address, links and sessions, and the change is audited; answers 204, 409 \`not_yourself\` for the caller's own account.`,
    ok: [204, null],
    errors: [409],
  }),
  workspace.get('/api/supplier/stats', {
    summary:
      "How the supplier's leads went over 12 months: received, made firm, declined, accepted, confirmed, win rate and median hours to a firm price; in all, by month and by product",
    description: `${SIGNED_IN} Counted from the supplier's stored quotes in Johannesburg's months, demo requests aside; the figures the workspace's overview shows.`,
    ok: [200, supplierStatsSchema],
  }),
  workspace.get('/api/supplier/performance', {
    summary: "The supplier's own scorecard and its orders of the last 12 months with their outcomes, newest first, 20 a page",
    description: `${SIGNED_IN} The scorecard is the public one (\`GET /api/suppliers/{supplier}/scorecard\`). Each order gives its purchase order number, lead, product, value excl. VAT, promised and delivered days, the buyer's receipt (received day, in full, rating, on time) and whether it counts in the record; when not, \`notCountedReason\` says why: \`own_domain\` (the buyer's e-mail domain is the supplier's own) or \`not_confirmed\` (the supplier had not confirmed the order when the buyer recorded its receipt). No buyer's address, name or comment. \`cursor\` is the answer's \`nextCursor\`; one that names no page is a 400.`,
    query: performanceQuerySchema,
    ok: [200, supplierPerformanceSchema],
    errorText: { 400: '`validation_error`: a cursor that names no page of orders' },
  }),
  workspace.get('/api/supplier/coverage', {
    summary: 'Where the supplier delivers (cities, provinces or the whole country) with the days a delivery takes, and the provinces one may choose',
    description: `${SIGNED_IN} Answers the places the supplier is matched for, each with its delivery days and what buyers are quoted for it (worked out by the quote engine: the supplier's days and its dispatch days, at least one, then a distance allowance from its home city), and the provinces the editor offers.`,
    ok: [200, supplierCoverageSchema],
  }),
  workspace.put('/api/supplier/coverage', {
    summary: 'Replace where the supplier delivers; the next quote uses it',
    description: `${SIGNED_IN_CHANGE} The whole list is replaced in one audited change: each city one Procura knows, each province one of theirs, each place once (a bad one is named by its position). Answers the coverage as it now stands.`,
    body: supplierCoverageInputSchema,
    ok: [200, supplierCoverageSchema],
  }),
  workspace.get('/api/supplier/offers', {
    summary:
      "The supplier's price list by product name: each offer's unit price, minimum order, volume prices, stock and dates, whether it is quoted today, and the day the list last changed",
    description: `${SIGNED_IN} Answers the offers the supplier is quoted from, so it can check them before the next request arrives.`,
    ok: [200, supplierOffersSchema],
  }),
  workspace.post('/api/supplier/offers', {
    summary: 'Add a catalogue product to the price list; the next quote uses it. Refused (409 `offer_exists`) for a product already listed',
    description: `${SIGNED_IN_CHANGE} The product's category joins the supplier's, and the change is audited; answers 201 with the offer.`,
    body: newSupplierOfferSchema,
    ok: [201, supplierOfferSchema],
    errors: [409],
  }),
  workspace.patch('/api/supplier/offers/{offerId}', {
    summary:
      'Change an offer: unit price, minimum order, volume prices (each above the minimum order and below the unit price), in stock, first and last day. An offer out of stock or outside its dates is not quoted; the next quote uses the change',
    description: `${SIGNED_IN_CHANGE} Only the fields sent change, and the rules across fields are checked against the offer as it then stands; answers the offer as it now stands, 404 for another supplier's offer.`,
    body: supplierOfferChangeSchema,
    ok: [200, supplierOfferSchema],
  }),
  workspace.delete('/api/supplier/offers/{offerId}', {
    summary: 'Take a product off the price list',
    description: `${SIGNED_IN_CHANGE} The supplier is no longer quoted for that product from the next request on, and the change is audited; answers 204, 404 for another supplier's offer.`,
    ok: [204, null],
  }),
  workspace.post('/api/supplier/offers/import', {
    summary:
      'Replace the price list from pasted text (`name | description | price | unit | category` lines, or a CSV with a header), read and checked as the admin import reads a product line; all or none, every bad line named (400 `invalid_lines`). Each line names a product of the catalogue; every offer the text does not list is removed. With `dryRun`, the preview',
    description: `${SIGNED_IN_CHANGE} Answers each line as read, what would be removed and every bad line with its reason; without \`dryRun\`, after the list is replaced in one audited change.`,
    body: offerImportSchema,
    ok: [200, offerImportResultSchema],
  }),
  workspace.get('/api/supplier/profile', {
    summary: "The supplier's own details: contact, terms, VAT number, registered address and B-BBEE standing",
    description: `${SIGNED_IN} Answers the details buyers see on quotes, quotation PDFs and purchase orders, as the supplier last set them.`,
    ok: [200, supplierProfileSchema],
  }),
  workspace.patch('/api/supplier/profile', {
    summary: 'Change any of those details; the next quote uses them',
    description: `${SIGNED_IN_CHANGE} Only the fields sent change, in one audited change that every server process quotes from next; answers the details as they now stand.`,
    body: supplierProfileChangeSchema,
    ok: [200, supplierProfileSchema],
  }),
  workspace.get('/api/supplier/leads', {
    summary: "The supplier's leads, newest first; the buyer's contact only once the buyer accepted",
    description: `${SIGNED_IN} Every request the supplier was quoted for, optionally narrowed to one \`status\`: the product, quantity, location, its quote's figures and status, and what can still be done with it.`,
    query: supplierLeadsQuerySchema,
    ok: [200, supplierLeadsSchema],
  }),
  workspace.post('/api/supplier/leads/{quoteId}/firm', {
    summary: 'Make an offered quote within its validity firm, at the price given or the indicative one, or a basket quote line by line; the buyer is e-mailed',
    description: `${SIGNED_IN_CHANGE} A single product's quote: the unit price, lead time, validity and note given replace the indicative ones, which stay beside them on the buyer's pages. A basket's quote takes \`lines\` instead, each a line id (\`L1\` is the first) with its firm unit price excl. VAT: each line keeps the indicative price it replaced and when it was firmed, the quote's totals become its lines' (VAT on their sum), and once no line it offers is indicative the quote itself is firm. A line id not on the quote answers 404 \`line_not_found\`; a line already ordered, from this supplier or another, or withdrawn answers 409 \`line_not_open\`. The change is audited and answers the lead as it now stands. A repeat changes nothing.`,
    body: firmLeadSchema,
    ok: [200, supplierLeadSchema],
    errors: [409],
  }),
  workspace.post('/api/supplier/leads/{quoteId}/decline', {
    summary: 'Withdraw a quote the buyer has not accepted, or some products of a basket quote, with a reason the buyer is e-mailed',
    description: `${SIGNED_IN_CHANGE} Only while the quote is still valid and offered or declined by the buyer; the request's status follows from its quotes; a repeat changes nothing. With \`lineIds\` (a basket's quote only, also one already ordered from) only those products are withdrawn: they no longer count in the quote's totals or its coverage, the buyer's pages show them withdrawn with the reason, and withdrawing the last line still offered or ordered withdraws the quote. A line id not on the quote answers 404 \`line_not_found\`; a line already ordered or withdrawn answers 409 \`line_not_open\`. Answers the lead as it now stands.`,
    body: declineLeadSchema,
    ok: [200, supplierLeadSchema],
    errors: [409],
  }),
  workspace.post('/api/supplier/leads/{quoteId}/confirm', {
    summary: 'Confirm the order the buyer placed by accepting this quote',
    description: `${SIGNED_IN_CHANGE} The same confirmation as the order e-mail's response link: the buyer is e-mailed, and a repeat answers the same. Answers the lead as it now stands; 409 before the buyer accepted or after a withdrawal.`,
    ok: [200, supplierLeadSchema],
    errors: [409],
  }),
  workspace.post('/api/supplier/leads/{quoteId}/delivered', {
    summary: 'Mark a confirmed order of this lead delivered',
    description: `${SIGNED_IN_CHANGE} The same as the response link's: the Johannesburg day it delivered (not before the order, not after today), for the newest confirmed order not yet marked or the one \`purchaseOrderNumber\` names; the buyer is e-mailed once, the same day again changes nothing, and the write is audited. Answers the lead as it now stands; 409 for an order not confirmed (\`order_not_confirmed\`) or marked on another day (\`delivery_recorded\`).`,
    body: leadDeliveredSchema,
    ok: [200, supplierLeadSchema],
    errors: [409],
  }),
  workspace.get('/api/supplier/leads/{quoteId}/purchase-order.pdf', {
    summary: 'A purchase order the buyer placed on this lead, as a PDF',
    description: `${SIGNED_IN} The same document as the order e-mail's attachment and the response link's download: \`po\` names one of the lead's orders (its \`orders\`), by default the latest; once the supplier withdrew, the cancelled one. 404 before the buyer ordered, for another supplier's lead, and once the buyer's details are deleted. ${PAPERWORK_LIMIT}`,
    query: purchaseOrderQuerySchema,
    ...PDF_DOWNLOAD,
  }),
  workspace.get('/api/supplier/invoices', {
    summary: "The supplier's tax invoices of success fees, newest first, each order's fee with it",
    description: `${SIGNED_IN} Each month's close issues one (\`INV-2026-000123\`) to a supplier with fees: its lines are the orders' success fees (a reversal negative) with each order's value excl. VAT, then the sums and VAT.`,
    ok: [200, supplierInvoicesSchema],
  }),
  workspace.get('/api/supplier/invoices/{number}.pdf', {
    summary: 'A tax invoice as a PDF',
    description: `${SIGNED_IN} The document the invoice's e-mail carries, the same bytes each time; another supplier's invoice answers 404 \`invoice_not_found\` as a missing one does. ${PAPERWORK_LIMIT}`,
    ...PDF_DOWNLOAD,
  }),
];
