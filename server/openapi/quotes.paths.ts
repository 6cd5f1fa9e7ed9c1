import { z } from 'zod';
import {
  acceptQuoteSchema,
  orderDetailsSchema,
  orderReceiptSchema,
  quoteActionResponseSchema,
  rfqBasketSubmissionSchema,
  rfqSchema,
  rfqSubmissionSchema,
  rfqSubmitResponseSchema,
  trackedQuoteResponseSchema,
  trackingQuerySchema,
  purchaseOrderQuerySchema,
} from '../../sdk/schemas/rfq';
import {
  catalogueSearchQuerySchema,
  locationSuggestionsSchema,
  popularProductsSchema,
  popularQuerySchema,
  productSuggestionsSchema,
  quotePreviewQuerySchema,
  quotePreviewSchema,
} from '../../sdk/schemas/catalogue';
import { markDeliveredSchema, supplierResponseSchema, supplierWithdrawalSchema } from '../../sdk/schemas/supplier-responses';
import { callsOf, PAPERWORK_LIMIT, PDF_DOWNLOAD, type Route } from './route';

const quotes = callsOf({ tag: 'Quotes' });
const orders = callsOf({ tag: 'Orders' });
const catalogue = callsOf({ tag: 'Catalogue' });

/** The sentence that ends the description of each read of a quote, request or order by its id or token. */
const TRACKING_LIMIT =
  'At most `TRACKING_RATE_LIMIT` such reads (300 a minute by default) per client address, counted together with the other reads of quotes and requests.';

/**
 * What an action through a tracking or response link refuses: a browser call from a page that is
 * not Procura's, a token naming nothing (`notFound`) and a state that does not allow it (`conflict`).
 */
const linkActionRefusals = (notFound: string, conflict: string): Pick<Route, 'errors' | 'errorText'> => ({
  errors: [403, 409],
  errorText: { 403: "`bad_origin`: a browser call from a page that is not Procura's", 404: notFound, 409: conflict },
});

/** The buyer's and the supplier's actions on a quote or order. */
const ACTION_REFUSALS = linkActionRefusals(
  'No quote or order for this token (`quote_not_found`, `response_not_found`)',
  'The quote or request no longer allows it (`quote_expired`, `quote_withdrawn`, `quote_accepted`, `rfq_awarded`, `rfq_closed`, `rfq_anonymised`, `demo_request`, `order_answered`; for a basket `line_awarded`, `not_a_basket`, `nothing_to_split`); the message says why',
);

/** A purchase order's download: the token's quote, and its order while the buyer's details are kept. */
const ORDER_PDF_ERRORS = {
  404: "No quote or order for this token (`quote_not_found`, `response_not_found`), or no purchase order: the quote is not accepted, or the buyer's details were deleted (`purchase_order_not_found`)",
};

/** A delivery or a receipt of an order. */
const DELIVERY_REFUSALS = linkActionRefusals(
  'No quote or order for this token (`quote_not_found`, `response_not_found`), or no such purchase order of it (`purchase_order_not_found`)',
  'No order to act on, or it is recorded already (`order_not_confirmed`, `delivery_recorded`, `not_ordered`, `receipt_recorded`); the message says why',
);

/** The buyer's quote requests and tracking links, the accepted supplier's response link, and the quote form's catalogue. */
export const QUOTE_PATHS: Route[] = [
  quotes.post('/api/rfq', {
    summary: 'Request quotes: for one product, or for a basket of 1 to 50 `lines` with the cheapest split beside the best single supplier',
    description:
      "Anyone may call, within the `rfq` rate limit per client that the widget's short form shares: the request is matched to suppliers who deliver to the location and quoted at once from their price lists, and the buyer is e-mailed the quotes with their tracking links. Answers 201 with the request id, the matching and the quotes; a retry with the same Idempotency-Key answers the first answer again (`Idempotent-Replayed: true`).",
    body: z.union([rfqSubmissionSchema, rfqBasketSubmissionSchema]),
    ok: [201, rfqSubmitResponseSchema],
    idempotent: true,
    errors: [429],
  }),
  quotes.get('/api/rfq/{rfqId}', {
    summary: 'A request and its quotes (e-mail masked)',
    description: `For whoever holds the request's id, as the results page after sending does: the request with each quote's supplier, price, validity and status, a basket's lines and its cheapest split. No tracking token is answered, so nothing can be accepted from here. ${TRACKING_LIMIT}`,
    ok: [200, rfqSchema],
    errors: [429],
  }),
  quotes.get('/api/quotes/track/{token}', {
    summary: 'A tracked quote with its request and every quote of the request; each call counts a view',
    description: `For whoever holds the tracking link the buyer was e-mailed (\`qt_…\`): the quote, its request and the other quotes to compare it with, and what can still be done with it. \`view=own\` marks the buyer's own visit, counted apart from the views the answer reports. ${TRACKING_LIMIT}`,
    query: trackingQuerySchema,
    ok: [200, trackedQuoteResponseSchema],
    errors: [429],
  }),
  quotes.get('/api/quotes/track/{token}/quotation.pdf', {
    summary: "The quote as a quotation PDF: Procura's reference, the supplier's name, address, VAT number and B-BBEE level, the lines, VAT and totals",
    description: `For whoever holds the tracking link: a download (\`Content-Disposition: attachment\`) to file or forward for approval before ordering, made from the quote as it stands now; sent with \`Cache-Control: no-store\`. ${PAPERWORK_LIMIT}`,
    ...PDF_DOWNLOAD,
  }),
  orders.get('/api/quotes/track/{token}/purchase-order.pdf', {
    query: purchaseOrderQuerySchema,
    summary: 'A purchase order issued when the buyer accepted this quote (marked cancelled after a withdrawal), while the request keeps its personal data',
    description: `For the buyer, through the accepted quote's tracking link: a PDF download with the PO number, the delivery details given when accepting, the supplier, the lines and totals. A basket's supplier ordered from twice has a purchase order each time: \`po\` names one, by default the latest. 404 before the quote is accepted, for a \`po\` that is not one of its orders, and once the buyer's details are deleted. ${PAPERWORK_LIMIT}`,
    ...PDF_DOWNLOAD,
    errorText: ORDER_PDF_ERRORS,
  }),
  orders.get('/api/supplier-responses/{token}/purchase-order.pdf', {
    summary: "The purchase order of the supplier's accepted quote, for the supplier's response link",
    description: `For the accepted supplier, through the response link e-mailed with the order (\`sr_…\`): the same purchase order the buyer holds, as a PDF download. 404 once the buyer's details are deleted. ${PAPERWORK_LIMIT}`,
    ...PDF_DOWNLOAD,
    errorText: ORDER_PDF_ERRORS,
  }),
  ...(
    [
      [
        'accept',
        'Accept the quote',
        'Every other quote of the request is not selected and the request is awarded; the supplier receives the order with the buyer\'s contact, the delivery details of the body and a response link, the other suppliers a courtesy note. For a basket, `lineIds` (e.g. `["L1", "L3"]`) awards only those lines to this supplier, by default every line of its quote not awarded to another; the other quotes\' offers of them are not selected, the lines left stay open, and the request is awarded once no line is left to order. Lines a supplier already ordered from still offers (one reopened after another supplier withdrew) are its second order, with a purchase order of their own, when `lineIds` names them. Refused (409) for a quote past its validity or withdrawn by its supplier, on a request already awarded or closed, and for a basket line already awarded to another supplier (`line_awarded`). When the request was made by a company\'s requester and the order total incl. VAT is above their spending limit, nothing is ordered: the quote reads `awaiting_approval`, no supplier is told, and the company\'s approvers are e-mailed (see `POST /api/buyer/approvals/{id}/approve`); while it waits, any other acceptance or the close of the request is refused (409 `awaiting_approval`).',
      ],
      [
        'decline',
        'Decline the quote',
        'Only this quote; it can still be accepted while valid. Refused (409) once accepted, and on a request already awarded or closed.',
      ],
      [
        'close',
        "Close the quote's request without a winner",
        'Every quote still offered or declined is not selected, and its supplier receives a courtesy note. Refused (409) once the request is awarded.',
      ],
    ] as const
  ).map(
    ([action, summary, effect]): Route =>
      quotes.post(`/api/quotes/track/{token}/${action}`, {
        summary,
        description: `${action === 'accept' ? "The body gives what the supplier needs to deliver: the street address and a South African phone number (required), a purchase-order reference and a VAT number (10 digits starting with 4) when there are any; they are deleted with the buyer's e-mail address." : 'No body.'} Answers the quote and its request as they now stand (no view is counted). ${effect} Repeating an action that already took effect changes nothing and answers the same. A browser call must come from Procura's own pages (its Origin); clients that send no Origin may call.`,
        ...(action === 'accept' ? { body: acceptQuoteSchema } : {}),
        ok: [200, quoteActionResponseSchema],
        ...ACTION_REFUSALS,
      }),
  ),
  quotes.post('/api/quotes/track/{token}/accept-split', {
    summary: "Accept a basket's cheapest split in one step",
    description:
      "The token opens any quote of the basket; the body is the order details, as for accepting one quote. Each supplier of the split the request's answer shows (`split.split`: the lines no supplier was awarded, from the quotes still valid) gets the order of its lines, as if each were accepted on its own, in one step; the request is awarded once no line is left to order. Answers the token's quote and its request as they now stand. Refused (409) for a single-product request (`not_a_basket`) and for a basket with nothing left to order (`nothing_to_split`, or the request's own refusal). A browser call must come from Procura's own pages (its Origin).",
    body: orderDetailsSchema,
    ok: [200, quoteActionResponseSchema],
    ...ACTION_REFUSALS,
  }),
  quotes.post('/api/quotes/track/{token}/receipt', {
    summary: 'The buyer confirms receipt of an order and rates the supplier',
    description:
      "Only the holder of the quote's tracking token, for an accepted or confirmed quote: the Johannesburg day it arrived (not before the order, not after today), whether everything arrived, a rating from 1 to 5 and an optional comment (at most 1,000 characters). It acts on the quote's newest order without a receipt (a confirmed one first), or the one `purchaseOrderNumber` names. On time is on or before the order's promised day (the day of acceptance plus the quote's longest lead time). Only a receipt of an order the supplier confirmed, from a buyer not at the supplier's own e-mail domain, counts in its track record. Recorded once: the same body again answers the same, another is 409 `receipt_recorded`. Deleting the buyer's data clears the comment and keeps the outcome. Answers the quote as the tracking link shows it.",
    body: orderReceiptSchema,
    ok: [200, trackedQuoteResponseSchema],
    ...DELIVERY_REFUSALS,
  }),
  orders.get('/api/supplier-responses/{token}', {
    summary: "The accepted order behind a supplier's response link, with the buyer's contact",
    description: `For the accepted supplier, through the response link e-mailed with the order: what was ordered, the buyer's contact and delivery details (null once deleted), and whether the order was confirmed or withdrawn. It names no request id, so the other quotes stay out of the supplier's sight. ${TRACKING_LIMIT}`,
    ok: [200, supplierResponseSchema],
    errors: [429],
  }),
  orders.post('/api/supplier-responses/{token}/confirm', {
    summary: 'The supplier confirms the accepted order',
    description:
      "For the accepted supplier, through the response link: the order is confirmed and the buyer is e-mailed; answers the order as it now stands. A repeat answers the same; after a withdrawal, 409. A browser call must come from Procura's own pages (its Origin).",
    ok: [200, supplierResponseSchema],
    ...ACTION_REFUSALS,
  }),
  orders.post('/api/supplier-responses/{token}/withdraw', {
    summary: 'The supplier withdraws the accepted quote, with a reason',
    description:
      'For the accepted supplier, through the response link: the request opens again and its quotes not selected but still valid can be accepted; the buyer is e-mailed the reason. Answers the order as it now stands; a repeat answers the same, and after a confirmation, 409.',
    body: supplierWithdrawalSchema,
    ok: [200, supplierResponseSchema],
    ...ACTION_REFUSALS,
  }),
  orders.post('/api/supplier-responses/{token}/delivered', {
    summary: 'The supplier says it delivered the confirmed order',
    description:
      "For the accepted supplier, through the response link, once it confirmed: the Johannesburg day it delivered (not before the order, not after today), for the quote's newest confirmed order not yet marked, or the one `purchaseOrderNumber` names. The buyer is e-mailed once, with the link to confirm receipt. The same day again changes nothing; another day is 409 `delivery_recorded`. A browser call must come from Procura's own pages (its Origin).",
    body: markDeliveredSchema,
    ok: [200, supplierResponseSchema],
    ...DELIVERY_REFUSALS,
  }),
  catalogue.get('/api/catalogue/products', {
    summary: 'Product suggestions',
    description:
      "Public, for the quote form's product field: the catalogue products matching the typed text `q` (name first, then keywords, description or category), with their unit, category and the suppliers' average price; under two characters, this month's most requested.",
    query: catalogueSearchQuerySchema,
    ok: [200, productSuggestionsSchema],
  }),
  catalogue.get('/api/catalogue/locations', {
    summary: 'City suggestions',
    description:
      'Public, for the delivery location field: the South African cities whose name, province or another name (Jozi, Port Elizabeth) matches `q`, each with a note saying how the text named it.',
    query: catalogueSearchQuerySchema,
    ok: [200, locationSuggestionsSchema],
  }),
  catalogue.get('/api/catalogue/popular', {
    summary: "Products with this month's request counts",
    description:
      "Public: the `limit` products buyers asked quotes for most this calendar month, most asked first, each as the product field suggests it with the month's request count.",
    query: popularQuerySchema,
    ok: [200, popularProductsSchema],
  }),
  catalogue.get('/api/catalogue/preview', {
    summary: 'Live cost preview and supplier matching',
    description:
      "Public, for the quote form's side panel while it is filled in: an estimated total excl. and incl. VAT from the catalogue's prices, and how many suppliers serve the product and location. Nothing is stored and no supplier is asked.",
    query: quotePreviewQuerySchema,
    ok: [200, quotePreviewSchema],
  }),
];
