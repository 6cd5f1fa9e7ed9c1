import {
  buyerHistoryQuerySchema,
  buyerHistorySchema,
  buyerMeSchema,
  buyerProfileInputSchema,
  buyerProfileSchema,
  buyerRepeatInputSchema,
  buyerSessionInputSchema,
  buyerSignInLinkSchema,
} from '../../contract/schemas/buyer';
import { myDataDeletedSchema } from '../../contract/schemas/analytics';
import { rfqSubmitResponseSchema } from '../../sdk/schemas/rfq';
import { supplierLinkSentSchema } from '../../contract/schemas/supplier-workspace';
import { callsOf, type Route } from './route';

const BUYER_ERRORS = {
  401: '`unauthorized`: no live buyer session',
  403: "`bad_origin`: a state change from a page that is not Procura's",
  404: '`rfq_not_found`: no request of the signed-in address has this id',
};

/** Signing in and out: from Procura's own pages (their Origin), with no session needed. */
const access = callsOf({ tag: 'Buyer account', errorText: BUYER_ERRORS, errors: [403] });
/** What a live buyer session reads and changes. */
const account = callsOf({ tag: 'Buyer account', errorText: BUYER_ERRORS, errors: [401] });

/** A returning buyer: sign-in links, the session, and the history of the address's requests. */
export const BUYER_PATHS: Route[] = [
  access.post('/api/buyer/sign-in-link', {
    summary: 'E-mail a 15-minute, single-use sign-in link to an address that made a request; the same answer for any address',
    description:
      "Called by Procura's sign-in page (its Origin), within a rate limit per client: an address that made a request, or has an account, is e-mailed a link to `/account/sign-in` (at most 3 to an address in any hour; earlier links stay valid, 3 at most). Answers 202 with the same message whatever the address, so nobody learns whether it is known.",
    body: buyerSignInLinkSchema,
    ok: [202, supplierLinkSentSchema],
    errors: [429],
  }),
  access.post('/api/buyer/session', {
    summary: "Exchange a buyer's sign-in link for a session",
    description:
      'Spends the link once and sets the HttpOnly `procura_buyer` cookie (`__Host-procura_buyer` on https), which ends after 12 hours unused or 7 days, and beside it `procura_buyer_present=1`, readable by the page, which tells it a session may exist (it holds nothing else and goes with the session). An expired or used link answers 400 `invalid_token`; tries are limited per client.',
    body: buyerSessionInputSchema,
    ok: [200, buyerMeSchema],
    errors: [429],
  }),
  access.delete('/api/buyer/session', {
    summary: 'Sign the buyer out',
    description:
      "Ends the session the `procura_buyer` cookie names and deletes the cookie and `procura_buyer_present`; 204 whether or not one was live. From Procura's own pages (their Origin).",
    ok: [204, null],
  }),
  account.get('/api/buyer/requests', {
    summary: "The signed-in buyer's requests, newest first, 20 a page",
    description:
      "Every request made with the signed-in address as its primary e-mail, with its lines (a single product as its one line, `L1`), city, status, quotes' count and best price, and its orders with their PO numbers and delivery state. `nextCursor` is opaque: pass it as `cursor` for the next page; null on the last.",
    query: buyerHistoryQuerySchema,
    ok: [200, buyerHistorySchema],
  }),
  account.post('/api/buyer/requests/{rfqId}/repeat', {
    summary: 'Send one of the signed-in buyer’s requests again, with new quantities by line id',
    description:
      "A new request with the same product or lines, quantities, unit, city and contact as the request `rfqId` the signed-in address made, the quantities given in `quantities` (by line id: `L1` for a single product's) replacing theirs. It is sent through the very path of `POST /api/rfq`: the same checks and field messages, the `rfq` rate limit per client, the same e-mails and caps, and the same answer, 201 with the new request and its fresh quotes; a retry with the same Idempotency-Key answers the first answer again (`Idempotent-Replayed: true`). A line the request does not have is refused as `quantities.{lineId}`. From Procura's own pages (their Origin).",
    body: buyerRepeatInputSchema,
    ok: [201, rfqSubmitResponseSchema],
    idempotent: true,
    errors: [403, 429],
  }),
  account.get('/api/buyer/profile', {
    summary: "The signed-in buyer's saved details",
    description:
      'The company, contact, phone, VAT number, delivery addresses and purchase-order prefix saved for the signed-in address; nulls and no addresses until saved.',
    ok: [200, buyerProfileSchema],
  }),
  account.put('/api/buyer/profile', {
    summary: "Replace the signed-in buyer's saved details",
    description:
      "Checked with the request form's and the accept dialog's rules and messages: `phone` a South African number (kept in +27 form), `vatNumber` 10 digits starting with 4, each address's `deliveryAddress` 5 to 300 characters and `city` as the form's delivery location; at most 10 addresses, a blank field is none. Stored per account address and deleted with the account. From Procura's own pages (their Origin).",
    body: buyerProfileInputSchema,
    ok: [200, buyerProfileSchema],
    errors: [403],
  }),
  account.delete('/api/buyer/account', {
    summary: "Delete the signed-in buyer's account and the personal data of every request it made",
    description:
      "As a data request's link does (`POST /api/privacy/my-data/delete`): the account, its saved details, sessions and sign-in links go, every request the address sent loses its personal data (it stays, anonymous), the address leaves the requests it was copied on, and every e-mail to it is deleted. Answers how many requests and e-mails, and deletes the session's cookies. From Procura's own pages (their Origin).",
    ok: [200, myDataDeletedSchema],
    errors: [403],
  }),
];
