/**
 * Supplier applications: a business applies at `/suppliers/join`, verifies its address from the
 * e-mailed link, and staff approve or reject it from `/admin`. An application whose registration
 * number, VAT number or website domain matches a supplier already on Procura claims that supplier.
 * Called by Procura's own pages; not part of the published package.
 *
 * @module
 */
import { z } from 'zod';
import { normalizePhone, normalizeVatNumber, ORDER_MESSAGES } from '../../sdk/order-rules';
import { multiLineText, singleLine } from '../../sdk/schemas/text';
import { isSingleLineText } from '../../sdk/text';
import { STANDING_MESSAGES } from './compliance';
import { registrationNumberOf, SUPPLIER_MESSAGES } from './supplier-workspace';

/** The earliest year a registration number may carry. */
export const FIRST_REGISTRATION_YEAR = 1900;

/** Characters of a rejection's reason. */
export const REJECTION_REASON_MAX = 500;

/**
 * What the join page, the verification and the applications queue say, word for word.
 *
 * @example
 * APPLICATION_MESSAGES.categories; // 'Choose at least one product category'
 */
export const APPLICATION_MESSAGES = {
  companyName: 'Enter the company’s registered name (2 to 100 characters)',
  tradingName: 'Trading name must be at most 100 characters',
  registrationNumber: SUPPLIER_MESSAGES.registrationNumber,
  registrationYear: (thisYear: number) => `The registration year must be from ${FIRST_REGISTRATION_YEAR} to ${thisYear}`,
  vatNumber: STANDING_MESSAGES.vatNumber,
  bbeeLevel: 'Choose a B-BBEE level from 1 to 8, or non-compliant',
  bbeeExpiresOn: 'Give the date your B-BBEE certificate expires, such as 2027-03-31',
  bbeeExpired: 'This certificate has expired: give the expiry date of a current one',
  bbeeExpiryWithoutLevel: 'A certificate’s expiry date goes with a B-BBEE level from 1 to 8',
  contactName: 'Enter your name (2 to 100 characters)',
  email: SUPPLIER_MESSAGES.email,
  phone: ORDER_MESSAGES.phone,
  city: 'Enter the city your business is in',
  cityUnknown: (near: readonly string[]) =>
    near.length === 0 ? 'Enter a city Procura knows, such as Polokwane or Cape Town' : `Enter a city Procura knows: did you mean ${near.join(' or ')}?`,
  categories: 'Choose at least one product category',
  categoryUnknown: 'Choose categories from the list',
  website: 'Enter your website’s address, such as https://www.cleanco.co.za',
  acceptTerms: 'Accept the terms to apply',
  checkEmail: 'Thank you. Check your e-mail: open the link we sent within 24 hours to send your application to Procura’s team.',
  verified: 'Your address is verified. Procura’s team checks your application and e-mails you once it is decided.',
  linkInvalid: 'This link has expired or was already used. Apply again to get a new one.',
  tooMany: 'This address has sent 3 applications today. Please try again tomorrow.',
  hasUsers: (supplierName: string) =>
    `${supplierName} is already on Procura with people who sign in for it. Ask a colleague to invite you from the workspace’s Team, or sign in at /supplier/sign-in.`,
  notFound: 'Application not found',
  decided: 'This application was already decided.',
  emailTaken: 'This address already signs in for another supplier: ask the applicant for another address.',
  rejectionReason: `Give the reason the applicant reads (2 to ${REJECTION_REASON_MAX} characters)`,
} as const;

const text = (message: string, field: string, max = 100) =>
  z.string({ error: message }).trim().check(singleLine(field)).min(2, { error: message }).max(max, { error: message });

const isoDay = (d: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** A website as given, read as a URL (https:// added when no scheme is typed); its host must have a dot. */
function websiteOf(raw: string): string | null {
  const typed = raw.trim();
  if (typed === '' || !isSingleLineText(typed) || typed.length > 200) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(typed) ? typed : `https://${typed}`);
    if (!/^https?:$/.test(url.protocol) || !url.hostname.includes('.') || url.username || url.password) return null;
    return url.toString().replace(/\/$/, '');
  } catch {
    return null;
  }
}

/**
 * `POST /api/supplier-applications`: the business, its paperwork, who applies and what it
 * supplies. The registration number is CIPC's `YYYY/NNNNNN/NN` (its year from 1900 to this year,
 * which the server checks by its clock), the VAT number 10 digits starting with 4, the B-BBEE
 * level 1 to 8 with its certificate's expiry date or `non-compliant`, the phone South African,
 * the city one Procura knows and the categories Procura's (the server checks both).
 *
 * @example
 * supplierApplicationSchema.parse({ companyName: 'Limpopo Clean Supplies (Pty) Ltd', registrationNumber: '2015/123456/07', contactName: 'Lerato Mokoena', email: 'lerato@limpopoclean.co.za', phone: '015 555 0100', city: 'Polokwane', categories: ['cleaning-supplies'], acceptTerms: true });
 */
export const supplierApplicationSchema = z
  .object({
    companyName: text(APPLICATION_MESSAGES.companyName, 'Company name'),
    tradingName: z
      .string({ error: APPLICATION_MESSAGES.tradingName })
      .trim()
      .check(singleLine('Trading name'))
      .max(100, { error: APPLICATION_MESSAGES.tradingName })
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
    registrationNumber: z
      .string({ error: APPLICATION_MESSAGES.registrationNumber })
      .check(singleLine('Registration number'))
      .max(40, { error: APPLICATION_MESSAGES.registrationNumber })
      .transform((v, ctx) => {
        const number = registrationNumberOf(v);
        if (number !== null) return number;
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.registrationNumber });
        return z.NEVER;
      }),
    vatNumber: z
      .string({ error: APPLICATION_MESSAGES.vatNumber })
      .check(singleLine('VAT number'))
      .max(40, { error: APPLICATION_MESSAGES.vatNumber })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        const vat = normalizeVatNumber(v);
        if (vat !== null) return vat;
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.vatNumber });
        return z.NEVER;
      }),
    bbeeLevel: z
      .union(
        [
          z
            .number()
            .int({ error: APPLICATION_MESSAGES.bbeeLevel })
            .min(1, { error: APPLICATION_MESSAGES.bbeeLevel })
            .max(8, { error: APPLICATION_MESSAGES.bbeeLevel }),
          z.literal('non-compliant'),
        ],
        { error: APPLICATION_MESSAGES.bbeeLevel },
      )
      .optional(),
    bbeeExpiresOn: z
      .string({ error: APPLICATION_MESSAGES.bbeeExpiresOn })
      .refine(isoDay, { error: APPLICATION_MESSAGES.bbeeExpiresOn })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    contactName: text(APPLICATION_MESSAGES.contactName, 'Your name'),
    email: z
      .string({ error: APPLICATION_MESSAGES.email })
      .trim()
      .toLowerCase()
      .min(3, { error: APPLICATION_MESSAGES.email })
      .max(254, { error: APPLICATION_MESSAGES.email })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: APPLICATION_MESSAGES.email })
      .refine(isSingleLineText, { error: APPLICATION_MESSAGES.email }),
    phone: z
      .string({ error: APPLICATION_MESSAGES.phone })
      .max(40, { error: APPLICATION_MESSAGES.phone })
      .check(singleLine('Phone number'))
      .transform((v, ctx) => {
        const phone = normalizePhone(v);
        if (phone !== null) return phone;
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.phone });
        return z.NEVER;
      }),
    city: text(APPLICATION_MESSAGES.city, 'City'),
    categories: z
      .array(z.string().regex(/^[a-z0-9-]{1,60}$/, { error: APPLICATION_MESSAGES.categoryUnknown }), { error: APPLICATION_MESSAGES.categories })
      .min(1, { error: APPLICATION_MESSAGES.categories })
      .max(20, { error: APPLICATION_MESSAGES.categoryUnknown })
      .transform((ids) => [...new Set(ids)]),
    website: z
      .string({ error: APPLICATION_MESSAGES.website })
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === '') return undefined;
        const url = websiteOf(v);
        if (url !== null) return url;
        ctx.addIssue({ code: 'custom', message: APPLICATION_MESSAGES.website });
        return z.NEVER;
      }),
    acceptTerms: z.literal(true, { error: APPLICATION_MESSAGES.acceptTerms }),
  })
  .superRefine((a, ctx) => {
    const level = a.bbeeLevel;
    if (typeof level === 'number' && !(level >= 1 && level <= 8)) return;
    if (typeof level === 'number' && a.bbeeExpiresOn === undefined)
      ctx.addIssue({ code: 'custom', path: ['bbeeExpiresOn'], message: APPLICATION_MESSAGES.bbeeExpiresOn });
    if (typeof a.bbeeLevel !== 'number' && a.bbeeExpiresOn !== undefined)
      ctx.addIssue({ code: 'custom', path: ['bbeeExpiresOn'], message: APPLICATION_MESSAGES.bbeeExpiryWithoutLevel });
  });

/**
 * What a business sends to apply.
 *
 * @example
 * const input: SupplierApplicationInput = { companyName: 'Limpopo Clean Supplies', registrationNumber: '2015/123456/07', contactName: 'Lerato Mokoena', email: 'lerato@limpopoclean.co.za', phone: '015 555 0100', city: 'Polokwane', categories: ['cleaning-supplies'], acceptTerms: true };
 */
export type SupplierApplicationInput = z.input<typeof supplierApplicationSchema>;

/**
 * The answer to an application or its verification: what to tell the applicant.
 *
 * @example
 * applicationAnswerSchema.parse({ message: APPLICATION_MESSAGES.checkEmail });
 */
export const applicationAnswerSchema = z.object({ message: z.string() });
export type ApplicationAnswer = z.infer<typeof applicationAnswerSchema>;

/**
 * `POST /api/supplier-applications/verify`: the `ap_…` token from the e-mailed link.
 *
 * @example
 * applicationVerifySchema.parse({ token: 'ap_…' });
 */
export const applicationVerifySchema = z.object({
  token: z.string({ error: APPLICATION_MESSAGES.linkInvalid }).regex(/^[\w-]{1,200}$/, { error: APPLICATION_MESSAGES.linkInvalid }),
});

/** The states an application is listed by. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/**
 * `GET /api/admin/supplier-applications?status=`: `pending` (verified, waiting for staff; the default), `approved` or `rejected`.
 *
 * @example
 * applicationListQuerySchema.parse({ status: 'pending' });
 */
export const applicationListQuerySchema = z.object({
  status: z.enum(APPLICATION_STATUSES, { error: 'Status must be pending, approved or rejected' }).default('pending'),
});

/** Why an application claims a supplier: the key they share. */
const CLAIM_REASONS = ['registrationNumber', 'vatNumber', 'websiteDomain'] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** One application as staff see it. */
export const supplierApplicationItemSchema = z.object({
  id: z.number().int(),
  status: z.enum(APPLICATION_STATUSES),
  companyName: z.string(),
  tradingName: z.string().nullable(),
  registrationNumber: z.string(),
  vatNumber: z.string().nullable(),
  /** 1-8, `non-compliant`, or null when none was given. */
  bbeeLevel: z.union([z.number().int(), z.literal('non-compliant')]).nullable(),
  bbeeExpiresOn: z.string().nullable(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The city's full name, such as `Polokwane, Limpopo`. */
  city: z.string(),
  /** Category names. */
  categories: z.array(z.string()),
  website: z.string().nullable(),
  /** The supplier on Procura it claims to be, why, and its name; null for a new supplier. */
  claimOf: z.object({ supplierId: z.number().int(), supplierName: z.string(), reason: z.enum(CLAIM_REASONS) }).nullable(),
  /** The supplier it was approved as; null until approved. */
  supplierId: z.number().int().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type SupplierApplicationItem = z.infer<typeof supplierApplicationItemSchema>;

/**
 * The applications of a status, newest first (at most 200).
 *
 * @example
 * supplierApplicationListSchema.parse({ applications: [] });
 */
export const supplierApplicationListSchema = z.object({ applications: z.array(supplierApplicationItemSchema) });
export type SupplierApplicationList = z.infer<typeof supplierApplicationListSchema>;

/**
 * `POST /api/admin/supplier-applications/:id/approve` answers the supplier it created or attached the applicant to.
 *
 * @example
 * applicationApprovedSchema.parse({ supplierId: 42 });
 */
export const applicationApprovedSchema = z.object({ supplierId: z.number().int() });
export type ApplicationApproved = z.infer<typeof applicationApprovedSchema>;

/**
 * `POST /api/admin/supplier-applications/:id/reject`: the reason the applicant is e-mailed.
 *
 * @example
 * applicationRejectSchema.parse({ reason: 'We could not find this registration number at CIPC.' });
 */
export const applicationRejectSchema = z.object({
  reason: multiLineText('Reason', { min: 2, max: REJECTION_REASON_MAX }, APPLICATION_MESSAGES.rejectionReason),
});
export type ApplicationRejectInput = z.input<typeof applicationRejectSchema>;

/**
 * An application's id in the path.
 *
 * @example
 * applicationIdParamsSchema.parse({ id: '7' });
 */
export const applicationIdParamsSchema = z.object({
  id: z.coerce.number({ error: APPLICATION_MESSAGES.notFound }).int().positive({ error: APPLICATION_MESSAGES.notFound }),
});
