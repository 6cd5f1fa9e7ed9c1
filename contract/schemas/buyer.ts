/**
 * The buyer account's contract: signing in with a one-time link e-mailed to an address that made
 * a request, and the history of that address's requests. Called by Procura's own pages with the
 * buyer session cookie; not part of the published package.
 *
 * @module
 */
import { z } from 'zod';
import { normalizePhone, normalizeVatNumber, ORDER_LIMITS, ORDER_MESSAGES } from '../../sdk/order-rules';
import { RFQ_MESSAGES } from '../../sdk/rules';
import { orderDetailsSchema, quantitySchema, rfqLineSchema } from '../../sdk/schemas/rfq';
import { singleLine } from '../../sdk/schemas/text';
import { isSingleLineText } from '../../sdk/text';

/**
 * What the buyer's account pages and API say, in one place.
 *
 * @example
 * BUYER_MESSAGES.linkSent; // 'If that address made a request …'
 */
export const BUYER_MESSAGES = {
  email: 'Enter an e-mail address, like name@company.co.za',
  linkSent: 'If that address made a request on Procura, a sign-in link is on its way. It works once, within 15 minutes.',
  linkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.',
  signedOut: 'Sign in to see your requests.',
  cursor: 'This page of requests no longer exists: start again from the first.',
  requestNotFound: 'No request of yours has this id.',
  lineId: 'This request has no line with this id.',
  addressLabel: 'Give each address a name of up to 60 characters, such as Main campus',
  addresses: 'Keep at most 10 addresses',
  cityMax: 'City must be at most 100 characters',
  purchaseOrderPrefix: 'Purchase order prefix must be at most 20 characters',
  saved: 'Saved. Your details are kept for your e-mail address.',
};

/**
 * A sign-in link request (`POST /api/buyer/sign-in-link`).
 *
 * @example
 * buyerSignInLinkSchema.parse({ email: 'sipho@example.co.za' });
 */
export const buyerSignInLinkSchema = z.object({
  email: z
    .string({ error: BUYER_MESSAGES.email })
    .trim()
    .min(3, { error: BUYER_MESSAGES.email })
    .max(254, { error: BUYER_MESSAGES.email })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: BUYER_MESSAGES.email })
    .refine(isSingleLineText, { error: BUYER_MESSAGES.email }),
});

/**
 * A link's token exchanged for a session (`POST /api/buyer/session`).
 *
 * @example
 * buyerSessionInputSchema.parse({ token: 'bl_…' });
 */
export const buyerSessionInputSchema = z.object({
  token: z.string({ error: BUYER_MESSAGES.linkInvalid }).regex(/^[\w-]{1,200}$/, { error: BUYER_MESSAGES.linkInvalid }),
});

/**
 * Who is signed in, as `POST /api/buyer/session` answers.
 *
 * @example
 * buyerMeSchema.parse({ email: 'sipho@example.co.za' });
 */
export const buyerMeSchema = z.object({ email: z.string() });
export type BuyerMe = z.infer<typeof buyerMeSchema>;

/**
 * The history's query: the opaque cursor of the page after the one before.
 *
 * @example
 * buyerHistoryQuerySchema.parse({ cursor: 'eyJ…' });
 */
export const buyerHistoryQuerySchema = z.object({
  cursor: z
    .string({ error: BUYER_MESSAGES.cursor })
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: BUYER_MESSAGES.cursor })
    .optional(),
});

/** An order of a request, as its history shows it. */
const buyerOrderSchema = z.object({
  poNumber: z.string(),
  supplierName: z.string(),
  issuedOn: z.string(),
  /** `issued`, `confirmed`, `delivered`, `received` or `cancelled`. */
  state: z.enum(['issued', 'confirmed', 'delivered', 'received', 'cancelled']),
});

/** One request of the history. */
const buyerRequestSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Who made it: `You`, or the colleague's name (their address when they gave none). */
  requestedBy: z.string(),
  /** The product, or the first product and how many more of a basket. */
  product: z.string(),
  lineCount: z.number().int(),
  /** What was asked for: a basket's lines, or a single product's one line, `L1`. */
  lines: z.array(rfqLineSchema),
  city: z.string(),
  /** The request's status, or `awaiting_approval` while an order of it waits for an approver. */
  status: z.string(),
  quoteCount: z.number().int(),
  /** The lowest quoted total incl. VAT, in cents; null with no quote. */
  bestPriceCents: z.number().int().nullable(),
  orders: z.array(buyerOrderSchema),
});

/**
 * A page of the history (`GET /api/buyer/requests?cursor=`): 20 requests, newest first, and the
 * cursor of the next page (null on the last).
 *
 * @example
 * buyerHistorySchema.parse({ requests: [], nextCursor: null });
 */
export const buyerHistorySchema = z.object({ requests: z.array(buyerRequestSchema), nextCursor: z.string().nullable() });
export type BuyerHistory = z.infer<typeof buyerHistorySchema>;

/**
 * `POST /api/buyer/requests/:rfqId/repeat`: the request to send again, and new quantities for
 * some of its lines by line id (`L1` for a single product's); the others keep theirs.
 *
 * @example
 * buyerRepeatInputSchema.parse({ quantities: { L2: 60 } });
 */
export const buyerRepeatInputSchema = z.object({
  quantities: z.record(z.string().regex(/^L\d{1,3}$/, { error: BUYER_MESSAGES.lineId }), quantitySchema).optional(),
});
export type BuyerRepeatInput = z.input<typeof buyerRepeatInputSchema>;

/** A one-line text of up to `max` characters, trimmed, '' read as none (null). */
const optionalLine = (max: number, message: string, field: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .check(singleLine(field))
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** One saved delivery address: its name, the street address, and the city the request form takes. */
const savedAddressSchema = z.object({
  label: z
    .string({ error: BUYER_MESSAGES.addressLabel })
    .trim()
    .min(1, { error: BUYER_MESSAGES.addressLabel })
    .check(singleLine('Label'))
    .max(60, { error: BUYER_MESSAGES.addressLabel }),
  // The accept dialog's street address, with its rules and messages.
  deliveryAddress: orderDetailsSchema.shape.deliveryAddress,
  city: z
    .string({ error: RFQ_MESSAGES.deliveryLocation })
    .trim()
    .min(2, { error: RFQ_MESSAGES.deliveryLocation })
    .check(singleLine('City'))
    .max(100, { error: BUYER_MESSAGES.cityMax }),
});

/**
 * A buyer's saved details as `PUT /api/buyer/profile` takes them, with the request form's and the
 * accept dialog's field rules and messages: the phone a South African number (kept in +27 form),
 * the VAT number 10 digits starting with 4, each address's city as the request form's location.
 *
 * @example
 * buyerProfileInputSchema.parse({ phone: '082 123 4567', addresses: [{ label: 'Main campus', deliveryAddress: '12 Long Street, Durban', city: 'Durban' }] });
 */
export const buyerProfileInputSchema = z.object({
  companyName: optionalLine(200, RFQ_MESSAGES.companyName, 'Company name'),
  contactName: optionalLine(200, RFQ_MESSAGES.contactName, 'Contact name'),
  phone: z
    .string({ error: ORDER_MESSAGES.phone })
    .check(singleLine('Phone number'))
    .max(ORDER_LIMITS.phone.max, { error: ORDER_MESSAGES.phone })
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const phone = normalizePhone(v);
      if (phone === null) ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.phone });
      return phone;
    }),
  vatNumber: z
    .string({ error: ORDER_MESSAGES.vatNumber })
    .check(singleLine('VAT number'))
    .max(40, { error: ORDER_MESSAGES.vatNumber })
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (!v?.trim()) return null;
      const vat = normalizeVatNumber(v);
      if (vat === null) ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.vatNumber });
      return vat;
    }),
  addresses: z.array(savedAddressSchema, { error: BUYER_MESSAGES.addresses }).max(10, { error: BUYER_MESSAGES.addresses }).default([]),
  defaultPurchaseOrderPrefix: optionalLine(20, BUYER_MESSAGES.purchaseOrderPrefix, 'Purchase order prefix'),
});
export type BuyerProfileInput = z.input<typeof buyerProfileInputSchema>;
/** The saved details as checked, ready to store. */
export type BuyerProfileChange = z.output<typeof buyerProfileInputSchema>;

/**
 * A buyer's saved details (`GET`/`PUT /api/buyer/profile`); nulls and no addresses until saved.
 *
 * @example
 * buyerProfileSchema.parse(await (await fetch('/api/buyer/profile')).json()).addresses;
 */
export const buyerProfileSchema = z.object({
  companyName: z.string().nullable(),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  vatNumber: z.string().nullable(),
  addresses: z.array(z.object({ label: z.string(), deliveryAddress: z.string(), city: z.string() })),
  defaultPurchaseOrderPrefix: z.string().nullable(),
});
export type BuyerProfile = z.infer<typeof buyerProfileSchema>;
