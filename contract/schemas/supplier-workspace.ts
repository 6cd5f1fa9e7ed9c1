// Kept whole: the workspace's calls (sign-in, leads, details, coverage, performance) share its
// messages; the price list has a module of its own.
/**
 * The supplier workspace's contract: signing in with one-time links, the supplier's people, and
 * its leads with firming up and declining. Called by Procura's own pages with the supplier
 * session cookie; not part of the published package.
 *
 * @module
 */
import { z } from 'zod';
import type { QuoteStatus } from '../../sdk/rules';
import { isoDateSchema, randSchema } from '../../sdk/schemas/common';
import { normalizePhone, ORDER_MESSAGES } from '../../sdk/order-rules';
import { bbeeStandingSchema, purchaseOrderSummarySchema } from '../../sdk/schemas/rfq';
import { markDeliveredSchema, type MarkDeliveredInput } from '../../sdk/schemas/supplier-responses';
import { multiLine, multiLineText, singleLine } from '../../sdk/schemas/text';
import { isSingleLineText } from '../../sdk/text';
import { complianceChangeFields, complianceChangeRule, complianceOnFileFields } from './compliance';
import { MAX_UNIT_PRICE } from './supplier-offers';
import { readinessSchema } from './readiness';

/**
 * What the supplier pages and API say, in one place.
 *
 * @example
 * SUPPLIER_MESSAGES.linkSent; // 'If that address belongs to …'
 */
export const SUPPLIER_MESSAGES = {
  email: 'Enter an e-mail address, like name@company.co.za',
  name: 'Enter the person’s name',
  linkSent: 'If that address belongs to a supplier on Procura, a sign-in link is on its way. It works once, within 10 minutes.',
  linkInvalid: 'This sign-in link has expired or was already used. Ask for a new one.',
  signedOut: 'Sign in to continue.',
  leadNotFound: 'Lead not found',
  userNotFound: 'No such person in your team',
  invitationNotFound: 'No such invitation in your team',
  /** The one answer to a colleague's invitation, whether the address could join the team or not. */
  invited: 'Invited. If that address can join your team, a sign-in link is on its way to it; the person shows as invited until they first sign in.',
  emailTaken: 'That address already belongs to someone on Procura.',
  notYourself: 'You cannot remove yourself. Ask a colleague to remove you.',
  unitPrice: 'Enter a unit price from R0.01 to R10,000,000',
  leadTimeDays: 'Enter a lead time of 0 to 365 days',
  validUntil: 'Enter a date from today on',
  note: 'Keep the note to 500 characters',
  reason: 'Please give a reason of 5 to 1,000 characters',
  notFirmable: 'Only an offered quote within its validity can be made firm.',
  basketNotFirmable: 'A quote for several products is made firm line by line: give each product’s unit price, not one for all.',
  notDeclinable: 'Only a quote the buyer has not accepted can be withdrawn, while it is valid and the request is open.',
  lineIds: 'Choose at least one product, at most 100',
  lines: 'Give at least one product’s price, at most 100',
  lineTwice: 'Name each product once',
  lineId: 'Name a product by its line id: L1, L2, …',
  notBasket: 'This lead is for one product: firm it up or withdraw it whole.',
  basketLines: 'A quote for several products is made firm line by line: give each product’s unit price in lines.',
  lineNotFound: (lineId: string) => `${lineId} is not a product of this quote.`,
  lineNotOpen: (product: string, why: 'ordered' | 'ordered elsewhere' | 'withdrawn') =>
    why === 'withdrawn'
      ? `You already withdrew ${product}.`
      : why === 'ordered'
        ? `The buyer already ordered ${product} from you.`
        : `The buyer already ordered ${product} from another supplier.`,
  contactPerson: 'Enter the contact person’s name (2 to 100 characters)',
  paymentTerms: 'Enter your payment terms (2 to 100 characters), such as 30 days from invoice',
  validityDays: 'Enter how many days a quote stays valid: 1 to 90',
  minimumOrder: 'Enter a minimum order from R0 to R1,000,000 excl. VAT',
  profileEmpty: 'Change at least one detail',
  coverageEmpty: 'Add at least one place you deliver to',
  coverageCity: 'Choose a city from the list',
  coverageProvince: 'Choose a province from the list',
  coverageTwice: 'This place is already on the list',
  leadDays: 'Enter a lead time of 0 to 60 days',
  leadEmails: 'Choose how lead e-mails come: each lead, every 15 minutes or hourly',
  registrationNumber: 'Enter the registration number as YYYY/NNNNNN/NN',
} as const;

/**
 * How a supplier takes its lead e-mails: each lead as it comes, or a digest of the leads of the
 * last 15 minutes or hour (each lead with its own link), and the digest's window in minutes.
 */
export const LEAD_EMAIL_WINDOWS = { each: 0, 'every-15-minutes': 15, hourly: 60 } as const;
/**
 * One of {@link LEAD_EMAIL_WINDOWS}.
 *
 * @example
 * const choice: LeadEmails = 'hourly';
 */
export type LeadEmails = keyof typeof LEAD_EMAIL_WINDOWS;

/** The choice a stored window stands for; a window the product never writes reads as each lead. */
export function leadEmailsOf(minutes: number): LeadEmails {
  return (Object.keys(LEAD_EMAIL_WINDOWS) as LeadEmails[]).find((k) => LEAD_EMAIL_WINDOWS[k] === minutes) ?? 'each';
}

const email = z
  .string({ error: SUPPLIER_MESSAGES.email })
  .trim()
  .min(3, { error: SUPPLIER_MESSAGES.email })
  .max(254, { error: SUPPLIER_MESSAGES.email })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: SUPPLIER_MESSAGES.email })
  .refine(isSingleLineText, { error: SUPPLIER_MESSAGES.email });

/**
 * `POST /api/supplier/sign-in-link`: the address to send a link to.
 *
 * @example
 * supplierSignInLinkSchema.parse({ email: 'sales@cleanco.co.za' });
 */
export const supplierSignInLinkSchema = z.object({
  email,
  /** The lead the supplier was opening (`Q-123`): the e-mailed link opens the workspace on it. */
  lead: z
    .string()
    .regex(/^Q-\d{1,15}$/)
    .optional()
    .catch(undefined),
});
/**
 * The one answer to a sign-in link request, whether or not the address is known.
 *
 * @example
 * supplierLinkSentSchema.parse({ message: SUPPLIER_MESSAGES.linkSent });
 */
export const supplierLinkSentSchema = z.object({ message: z.string() });

/**
 * `POST /api/supplier/session`: the token of a sign-in link.
 *
 * @example
 * supplierSessionInputSchema.parse({ token: 'sl_…' });
 */
export const supplierSessionInputSchema = z.object({
  token: z.string({ error: SUPPLIER_MESSAGES.linkInvalid }).regex(/^[\w-]{1,200}$/, { error: SUPPLIER_MESSAGES.linkInvalid }),
});
/**
 * Whom a sign-in link is for (`POST /api/supplier/sign-in-link/peek` with `{ token }`, which does
 * not spend it): the page asks "Sign in as {name} at {supplierName}?" before the click that does.
 *
 * @example
 * const { name, supplierName } = supplierLinkHolderSchema.parse(json);
 */
export const supplierLinkHolderSchema = z.object({ name: z.string(), supplierName: z.string() });
/**
 * Whom a sign-in link is for.
 *
 * @example
 * const holder: SupplierLinkHolder = await supplier.peekLink(token);
 */
export type SupplierLinkHolder = z.infer<typeof supplierLinkHolderSchema>;
/**
 * Who is signed in to the workspace, for which supplier, and whether it is ready to quote (`GET /api/supplier/me`).
 *
 * @example
 * supplierMeSchema.parse(json).supplier.name;
 */
export const supplierMeSchema = z.object({
  user: z.object({ id: z.number().int(), email: z.string(), name: z.string() }),
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  /** Whether the supplier is quoted yet: the workspace's ready-to-quote checklist until it is. */
  readiness: readinessSchema,
});
/**
 * The signed-in supplier user.
 *
 * @example
 * const me: SupplierMe = await supplier.me();
 */
export type SupplierMe = z.infer<typeof supplierMeSchema>;

/**
 * One of a supplier's people.
 *
 * @example
 * supplierUserSchema.parse(json.users[0]).lastSignInAt;
 */
export const supplierUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  disabled: z.boolean(),
});
/**
 * One of a supplier's people.
 *
 * @example
 * const user: SupplierUser = users[0];
 */
export type SupplierUser = z.infer<typeof supplierUserSchema>;

/**
 * Someone the team invited who has not signed in yet. An address that could not join (it is
 * another supplier's person's) is listed the same, and stays invited.
 *
 * @example
 * supplierInvitationSchema.parse(json.invitations[0]).invitedAt;
 */
const supplierInvitationSchema = z.object({ id: z.number().int(), email: z.string(), name: z.string(), invitedAt: z.string() });
/**
 * `GET /api/supplier/users`: the team's people who have signed in, and those invited who have not yet.
 *
 * @example
 * supplierTeamSchema.parse(json).invitations.length;
 */
export const supplierTeamSchema = z.object({ users: z.array(supplierUserSchema), invitations: z.array(supplierInvitationSchema) });
/**
 * The team's people and invitations.
 *
 * @example
 * const { users, invitations }: SupplierTeam = await supplier.team();
 */
export type SupplierTeam = z.infer<typeof supplierTeamSchema>;

/**
 * The one answer to a colleague's invitation (`POST /api/supplier/users`), whatever the address.
 *
 * @example
 * supplierInviteSentSchema.parse({ message: SUPPLIER_MESSAGES.invited });
 */
export const supplierInviteSentSchema = z.object({ message: z.string() });

/**
 * A person to add: `POST /api/supplier/users` (a colleague) and `POST /api/admin/suppliers/:id/invite` (staff).
 *
 * @example
 * supplierInviteSchema.parse({ email: 'thabo@cleanco.co.za', name: 'Thabo Mokoena' });
 */
export const supplierInviteSchema = z.object({
  email,
  name: z
    .string({ error: SUPPLIER_MESSAGES.name })
    .trim()
    .check(singleLine('Name'))
    .min(1, { error: SUPPLIER_MESSAGES.name })
    .max(120, { error: SUPPLIER_MESSAGES.name }),
});
/**
 * What the invite forms send.
 *
 * @example
 * const input: SupplierInviteInput = { email: 'thabo@cleanco.co.za', name: 'Thabo Mokoena' };
 */
export type SupplierInviteInput = z.input<typeof supplierInviteSchema>;

/**
 * A quote's statuses as its supplier reads them: an order waiting for the buyer's company to
 * approve it is still an offer to the supplier, who hears of it only once it is approved.
 *
 * @example
 * SUPPLIER_QUOTE_STATUSES.includes('awaiting_approval'); // false
 */
const SUPPLIER_QUOTE_STATUSES = [
  'offered',
  'accepted',
  'not_selected',
  'declined',
  'confirmed',
  'withdrawn',
  'expired',
] as const satisfies readonly QuoteStatus[];

/**
 * The statuses a lead list can be narrowed to: a quote's statuses, and `firm` for offered quotes made firm.
 *
 * @example
 * LEAD_FILTERS.includes('firm'); // true
 */
export const LEAD_FILTERS = [...SUPPLIER_QUOTE_STATUSES, 'firm'] as const;
/**
 * One of {@link LEAD_FILTERS}.
 *
 * @example
 * const filter: LeadFilter = 'firm';
 */
export type LeadFilter = (typeof LEAD_FILTERS)[number];

/**
 * `GET /api/supplier/leads?status=`.
 *
 * @example
 * supplierLeadsQuerySchema.parse({ status: 'offered' });
 */
export const supplierLeadsQuerySchema = z.object({ status: z.enum(LEAD_FILTERS).optional() }).strict();

/**
 * One request the supplier was quoted for. The buyer's contact appears only once the buyer
 * accepted this supplier's quote, and only while Procura keeps it.
 *
 * @example
 * supplierLeadSchema.parse(json.leads[0]).quoteId; // 'Q-12'
 */
export const supplierLeadSchema = z.object({
  quoteId: z.string(),
  requestedAt: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  deliveryLocation: z.string(),
  status: z.enum(SUPPLIER_QUOTE_STATUSES),
  unitPrice: randSchema,
  totalPrice: randSchema,
  totalPriceInclVat: randSchema,
  /** The VAT rate the quote was made at (0.15): an order's lines come to their sum plus VAT at it. */
  vatRate: z.number(),
  leadTimeDays: z.object({ min: z.number().int(), max: z.number().int() }),
  validUntil: isoDateSchema,
  firmedAt: z.string().nullable(),
  indicativeUnitPrice: randSchema,
  indicativeTotalPrice: randSchema,
  withdrawalReason: z.string().nullable(),
  /**
   * A basket's lead only: each product still open to this supplier, ordered from it or withdrawn
   * by it (a product the buyer ordered from another supplier is left out), with its price. The
   * lead's `quantity`, `unit` and totals count the products open or ordered from it.
   */
  lines: z
    .array(
      z.object({
        /** The basket line (`L1` is the first), as `firm` and `decline` name it. */
        lineId: z.string(),
        productName: z.string(),
        quantity: z.number().int(),
        unit: z.string(),
        unitPrice: randSchema,
        totalPrice: randSchema,
        ordered: z.boolean(),
        /**
         * `open` to an answer or an order; `ordered` from this supplier; `withdrawn` by it;
         * `ordered_elsewhere`, shown only once no product of the lead is open or ordered from it.
         */
        status: z.enum(['open', 'ordered', 'withdrawn', 'ordered_elsewhere']),
        /** When the supplier made this line's price firm; null while indicative. */
        firmedAt: z.string().nullable(),
        /** The indicative unit price the firm one replaced (the unit price while indicative). */
        indicativeUnitPrice: randSchema,
        withdrawalReason: z.string().nullable(),
      }),
    )
    .optional(),
  buyer: z
    .object({
      email: z.string().nullable(),
      contactName: z.string().nullable(),
      companyName: z.string().nullable(),
      phone: z.string().nullable(),
      deliveryAddress: z.string().nullable(),
      /** The buyer's own reference for the order, as given for its latest purchase order. */
      purchaseOrderReference: z.string().nullable(),
      vatNumber: z.string().nullable(),
      /** What the buyer wrote about the product (a basket's is each line's own). */
      productDescription: z.string().nullable(),
    })
    .nullable(),
  /**
   * The purchase orders the buyer placed on this quote, once won (a basket's supplier may be
   * ordered from twice); each PDF is `GET /api/supplier/leads/{quoteId}/purchase-order.pdf?po=…`.
   */
  orders: z.array(purchaseOrderSummarySchema),
});
/**
 * One of the supplier's leads.
 *
 * @example
 * const lead: SupplierLead = leads[0];
 */
export type SupplierLead = z.infer<typeof supplierLeadSchema>;

/**
 * `GET /api/supplier/leads`: newest first.
 *
 * @example
 * supplierLeadsSchema.parse(json).leads;
 */
export const supplierLeadsSchema = z.object({ leads: z.array(supplierLeadSchema) });

const unitPrice = z
  .number({ error: SUPPLIER_MESSAGES.unitPrice })
  .min(0.01, { error: SUPPLIER_MESSAGES.unitPrice })
  .max(MAX_UNIT_PRICE, { error: SUPPLIER_MESSAGES.unitPrice });

const lineId = z.string({ error: SUPPLIER_MESSAGES.lineId }).regex(/^L[1-9]\d{0,2}$/, { error: SUPPLIER_MESSAGES.lineId });

/** No line named twice in one answer. */
const onceEach = (ids: readonly string[]) => new Set(ids).size === ids.length;

/**
 * `POST /api/supplier/leads/:quoteId/firm`: what changes, if anything, from the indicative quote.
 * A basket's lead is made firm line by line: `lines`, each with its firm unit price excl. VAT.
 *
 * @example
 * firmLeadSchema.parse({ unitPrice: 42.5, note: 'Delivered Tuesdays' });
 * firmLeadSchema.parse({ lines: [{ lineId: 'L2', unitPrice: 14.5 }] });
 */
export const firmLeadSchema = z
  .object({
    unitPrice: unitPrice.optional(),
    lines: z
      .array(z.strictObject({ lineId, unitPrice }), { error: SUPPLIER_MESSAGES.lines })
      .min(1, { error: SUPPLIER_MESSAGES.lines })
      .max(100, { error: SUPPLIER_MESSAGES.lines })
      .refine((lines) => onceEach(lines.map((l) => l.lineId)), { error: SUPPLIER_MESSAGES.lineTwice })
      .optional(),
    leadTimeDays: z
      .number({ error: SUPPLIER_MESSAGES.leadTimeDays })
      .int({ error: SUPPLIER_MESSAGES.leadTimeDays })
      .min(0, { error: SUPPLIER_MESSAGES.leadTimeDays })
      .max(365, { error: SUPPLIER_MESSAGES.leadTimeDays })
      .optional(),
    validUntil: isoDateSchema.optional(),
    note: z.string({ error: SUPPLIER_MESSAGES.note }).trim().check(multiLine('Note')).max(500, { error: SUPPLIER_MESSAGES.note }).optional(),
  })
  .strict();
/**
 * What the firm-up form sends.
 *
 * @example
 * const input: FirmLeadInput = {};
 */
export type FirmLeadInput = z.input<typeof firmLeadSchema>;

/**
 * `POST /api/supplier/leads/:quoteId/decline`: why the supplier withdraws its quote; of a
 * basket's lead, `lineIds` withdraws only those products (the quote stays for the others).
 *
 * @example
 * declineLeadSchema.parse({ reason: 'Out of stock until January' });
 * declineLeadSchema.parse({ lineIds: ['L3'], reason: 'Discontinued by the maker' });
 */
export const declineLeadSchema = z.object({
  reason: multiLineText('Reason', { min: 5, max: 1000 }, SUPPLIER_MESSAGES.reason),
  lineIds: z
    .array(lineId, { error: SUPPLIER_MESSAGES.lineIds })
    .min(1, { error: SUPPLIER_MESSAGES.lineIds })
    .max(100, { error: SUPPLIER_MESSAGES.lineIds })
    .refine(onceEach, { error: SUPPLIER_MESSAGES.lineTwice })
    .optional(),
});
/**
 * What the decline form sends.
 *
 * @example
 * const input: DeclineLeadInput = { reason: 'Out of stock until January' };
 */
export type DeclineLeadInput = z.input<typeof declineLeadSchema>;

/**
 * `PATCH /api/admin/supplier-users/:userId`: staff disable or enable a supplier user.
 *
 * @example
 * supplierUserStateSchema.parse({ disabled: true });
 */
export const supplierUserStateSchema = z.object({ disabled: z.boolean() }).strict();

/**
 * `POST /api/supplier/leads/:quoteId/delivered`: the day the supplier delivered a confirmed order
 * (the same rule as the response link's, {@link markDeliveredSchema}).
 *
 * @example
 * leadDeliveredSchema.parse({ deliveredOn: '2026-12-09' });
 */
export const leadDeliveredSchema = markDeliveredSchema;
/**
 * What the workspace's "Mark delivered" sends.
 *
 * @example
 * const input: LeadDeliveredInput = { deliveredOn: '2026-12-09' };
 */
export type LeadDeliveredInput = MarkDeliveredInput;

/**
 * A supplier user as staff see them (`GET /api/admin/supplier-users`).
 *
 * @example
 * supplierAccessSchema.parse(json.users[0]).supplierName;
 */
export const supplierAccessSchema = supplierUserSchema.extend({
  supplierId: z.number().int(),
  supplierName: z.string(),
  lastPriceChangeAt: z.string().nullable(),
});
/**
 * A supplier user as staff see them.
 *
 * @example
 * const row: SupplierAccess = users[0];
 */
export type SupplierAccess = z.infer<typeof supplierAccessSchema>;

/**
 * `GET /api/admin/supplier-users`.
 *
 * @example
 * supplierAccessListSchema.parse(json).users;
 */
export const supplierAccessListSchema = z.object({ users: z.array(supplierAccessSchema) });

/**
 * `GET /api/supplier/profile`: the supplier's own details as buyers and their paperwork see them:
 * contact, terms (payment terms, how long a quote stays valid, the least an order may come to,
 * excl. VAT) and the VAT number, registered address and B-BBEE standing on its quotations and
 * purchase orders (`bbee`: as it counts today).
 *
 * @example
 * supplierProfileSchema.parse(json).bbee.recognitionPercent; // 125
 */
export const supplierProfileSchema = z.object({
  name: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  paymentTerms: z.string(),
  validityDays: z.number().int(),
  minimumOrder: randSchema,
  leadEmails: z.enum(Object.keys(LEAD_EMAIL_WINDOWS) as [LeadEmails, ...LeadEmails[]]),
  /** The CIPC company registration number its purchase orders carry; null while none is on file. */
  registrationNumber: z.string().nullable(),
  ...complianceOnFileFields,
  bbee: bbeeStandingSchema,
});
/**
 * The supplier's own details.
 *
 * @example
 * const profile: SupplierProfile = await supplier.profile();
 */
export type SupplierProfile = z.infer<typeof supplierProfileSchema>;

/**
 * A company registration number as CIPC writes it, `YYYY/NNNNNN/NN` (the year, the number in it,
 * the kind of company), read with spaces around its parts forgiven; null when it is not one.
 *
 * @example
 * registrationNumberOf(' 2015 / 123456 / 07 '); // '2015/123456/07'
 */
export function registrationNumberOf(text: string): string | null {
  const compact = text.replace(/\s+/g, '');
  return /^(1[89]|20)\d{2}\/\d{6}\/\d{2}$/.test(compact) ? compact : null;
}

const profileText = (message: string, field: string) =>
  z.string({ error: message }).trim().check(singleLine(field)).min(2, { error: message }).max(100, { error: message });

/**
 * `PATCH /api/supplier/profile`: any of the supplier's contact, terms and paperwork details, and
 * how its lead e-mails come. The phone is a South African number, the company registration number
 * CIPC's `YYYY/NNNNNN/NN`; the VAT number, address and B-BBEE standing follow the same rules as staff's standing edit. The next quote uses the new terms.
 *
 * @example
 * supplierProfileChangeSchema.parse({ paymentTerms: '30 days from statement', minimumOrder: 500 });
 */
export const supplierProfileChangeSchema = z
  .strictObject({
    contactPerson: profileText(SUPPLIER_MESSAGES.contactPerson, 'Contact person').optional(),
    phone: z
      .string({ error: ORDER_MESSAGES.phone })
      .check(singleLine('Phone number'))
      .optional()
      .transform((v, ctx) => {
        if (v === undefined) return undefined;
        const phone = normalizePhone(v);
        if (phone !== null) return phone;
        ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.phone });
        return z.NEVER;
      }),
    paymentTerms: profileText(SUPPLIER_MESSAGES.paymentTerms, 'Payment terms').optional(),
    validityDays: z
      .number({ error: SUPPLIER_MESSAGES.validityDays })
      .int({ error: SUPPLIER_MESSAGES.validityDays })
      .min(1, { error: SUPPLIER_MESSAGES.validityDays })
      .max(90, { error: SUPPLIER_MESSAGES.validityDays })
      .optional(),
    minimumOrder: z
      .number({ error: SUPPLIER_MESSAGES.minimumOrder })
      .min(0, { error: SUPPLIER_MESSAGES.minimumOrder })
      .max(1_000_000, { error: SUPPLIER_MESSAGES.minimumOrder })
      .transform((r) => Math.round(r * 100) / 100)
      .optional(),
    leadEmails: z.enum(Object.keys(LEAD_EMAIL_WINDOWS) as [LeadEmails, ...LeadEmails[]], { error: SUPPLIER_MESSAGES.leadEmails }).optional(),
    // Blank or null clears it.
    registrationNumber: z
      .string({ error: SUPPLIER_MESSAGES.registrationNumber })
      .check(singleLine('Registration number'))
      .max(40, { error: SUPPLIER_MESSAGES.registrationNumber })
      .nullable()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v.trim() === '') return v === undefined ? undefined : null;
        const number = registrationNumberOf(v);
        if (number !== null) return number;
        ctx.addIssue({ code: 'custom', message: SUPPLIER_MESSAGES.registrationNumber });
        return z.NEVER;
      }),
    ...complianceChangeFields,
  })
  .superRefine(complianceChangeRule)
  .refine((s) => Object.values(s).some((v) => v !== undefined), { error: SUPPLIER_MESSAGES.profileEmpty });
/**
 * What the supplier sends to change its details.
 *
 * @example
 * const input: SupplierProfileChange = { phone: '031 555 0100' };
 */
export type SupplierProfileChange = z.input<typeof supplierProfileChangeSchema>;

const statsFigures = {
  /** Requests the supplier was quoted for. */
  received: z.number().int(),
  /** Of those, made firm from the workspace. */
  firmed: z.number().int(),
  /** Withdrawn by the supplier before the buyer accepted. */
  declined: z.number().int(),
  /** Accepted by the buyer (whatever came after). */
  accepted: z.number().int(),
  /** Confirmed by the supplier after acceptance. */
  confirmed: z.number().int(),
  /** Accepted as a share of received, in whole per cent; null with none received. */
  winRatePercent: z.number().int().nullable(),
  /** The median hours from the lead to its firm price; null with none firmed. */
  medianHoursToFirm: z.number().nullable(),
};

/**
 * `GET /api/supplier/stats`: how the supplier's leads went over the last 12 months, counted from
 * its stored quotes: in all, by month (Johannesburg time, oldest first, every month shown) and by
 * product (the 20 it was quoted for most).
 *
 * @example
 * supplierStatsSchema.parse(json).totals.winRatePercent; // 18
 */
export const supplierStatsSchema = z.object({
  /** The first day counted (YYYY-MM-DD). */
  since: isoDateSchema,
  totals: z.object(statsFigures),
  byMonth: z.array(z.object({ month: z.string(), ...statsFigures })),
  byProduct: z.array(z.object({ productName: z.string(), ...statsFigures })),
});
/**
 * How the supplier's leads went.
 *
 * @example
 * const { totals }: SupplierStats = await supplier.stats();
 */
export type SupplierStats = z.infer<typeof supplierStatsSchema>;

/**
 * Where a supplier delivers: a city (by its id), a province (by its name) or the whole country.
 *
 * @example
 * COVERAGE_SCOPES.includes('province'); // true
 */
export const COVERAGE_SCOPES = ['city', 'province', 'national'] as const;

/**
 * What buyers are quoted for one of the supplier's places, from the code that quotes them: the
 * lead time of its nearest and its farthest buyers, the first figure (the supplier's days and
 * dispatch, `roundedUp` to one day when they come to none) and the distance allowance added to
 * it. Null for a place no request reaches (every city and province has a place of its own).
 */
const buyersSeeSchema = z
  .object({
    leadTime: z.string(),
    farthestLeadTime: z.string(),
    minDays: z.number().int(),
    roundedUp: z.boolean(),
    distanceDays: z.object({ least: z.number().int(), most: z.number().int() }),
  })
  .nullable();

/**
 * `GET /api/supplier/coverage`: the places the supplier delivers to, each with the days a
 * delivery there takes (`name` as the pages show it) and what buyers are quoted for it (`buyers`),
 * the provinces one may choose, the dispatch days Procura adds for the supplier, its home city and
 * the distance allowance by kilometres from it (`withinKm` null: farther, or no city named).
 *
 * @example
 * supplierCoverageSchema.parse(json).areas[0]; // { scope: 'city', area: 'durban', name: 'Durban, KwaZulu-Natal', leadDays: 4, buyers: { leadTime: '6-9 days', … } }
 */
export const supplierCoverageSchema = z.object({
  areas: z.array(z.object({ scope: z.enum(COVERAGE_SCOPES), area: z.string(), name: z.string(), leadDays: z.number().int(), buyers: buyersSeeSchema })),
  provinces: z.array(z.string()),
  dispatchDays: z.number().int(),
  homeCity: z.string().nullable(),
  distanceAllowance: z.array(z.object({ withinKm: z.number().int().nullable(), days: z.number().int() })),
});
/**
 * The places a supplier delivers to.
 *
 * @example
 * const { areas }: SupplierCoverage = await supplier.coverage();
 */
export type SupplierCoverage = z.infer<typeof supplierCoverageSchema>;

/**
 * `PUT /api/supplier/coverage`: every place the supplier delivers to, replacing the list: 1 to 200
 * places, each once, with a lead time of 0 to 60 days. A bad place is named by its position
 * (`details.fields["areas.2.area"]`).
 *
 * @example
 * supplierCoverageInputSchema.parse({ areas: [{ scope: 'province', area: 'Gauteng', leadDays: 2 }] });
 */
export const supplierCoverageInputSchema = z.strictObject({
  areas: z
    .array(
      z.strictObject({
        scope: z.enum(COVERAGE_SCOPES),
        area: z.string().trim().check(singleLine('Area')).max(60),
        leadDays: z
          .number({ error: SUPPLIER_MESSAGES.leadDays })
          .int({ error: SUPPLIER_MESSAGES.leadDays })
          .min(0, { error: SUPPLIER_MESSAGES.leadDays })
          .max(60, { error: SUPPLIER_MESSAGES.leadDays }),
      }),
      { error: SUPPLIER_MESSAGES.coverageEmpty },
    )
    .min(1, { error: SUPPLIER_MESSAGES.coverageEmpty })
    .max(200),
});
/**
 * What the supplier sends to set where it delivers.
 *
 * @example
 * const input: SupplierCoverageInput = { areas: [{ scope: 'national', area: '', leadDays: 5 }] };
 */
export type SupplierCoverageInput = z.input<typeof supplierCoverageInputSchema>;
