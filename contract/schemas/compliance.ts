import { z } from 'zod';
import { normalizeVatNumber } from '../../sdk/order-rules';
import { multiLine, singleLine } from '../../sdk/schemas/text';

/**
 * A supplier's compliance on file and as a change names it: VAT number, registered address and
 * B-BBEE standing. Staff's standing edit, the admin import and the supplier's own profile share
 * it. Staff and supplier calls: not part of the published package.
 *
 * @module
 */

/** Characters of a registered address. */
export const REGISTERED_ADDRESS_MAX = 300;

/**
 * The field messages of a supplier's standing as an admin edits it.
 *
 * @example
 * STANDING_MESSAGES.vatNumber; // 'VAT number must be 10 digits starting with 4'
 */
export const STANDING_MESSAGES = {
  vatNumber: 'VAT number must be 10 digits starting with 4',
  registeredAddress: `Registered address must be at most ${REGISTERED_ADDRESS_MAX} characters`,
  bbeeLevel: 'B-BBEE level must be 1 to 8, non-compliant, or none on file',
  bbeeEvidence: 'Choose the evidence of the level: certificate or sworn affidavit',
  bbeeExpiresOn: 'Give the date the evidence expires, such as 2027-03-31',
  bbeeWithoutLevel: 'B-BBEE evidence and expiry go with a level from 1 to 8',
} as const;

/**
 * A supplier's VAT number, registered address and B-BBEE standing as on file: the level 1-8, 0 for
 * non-compliant, null when none is on file, with the evidence and the last day it counts.
 *
 * @example
 * z.object({ name: z.string(), ...complianceOnFileFields });
 */
export const complianceOnFileFields = {
  vatNumber: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  bbeeLevel: z.number().int().min(0).max(8).nullable(),
  bbeeEvidence: z.enum(['certificate', 'affidavit']).nullable(),
  bbeeExpiresOn: z.string().nullable(),
};

/**
 * A supplier's VAT number, registered address and B-BBEE standing as a change names them, each
 * optional: staff's standing edit and the supplier's own profile share them. Null clears a value;
 * a B-BBEE level (1-8, `non-compliant`, or null for none on file) with, for a level 1-8, its
 * evidence and expiry date; {@link complianceChangeRule} checks that they go together.
 *
 * @example
 * z.strictObject({ ...complianceChangeFields }).superRefine(complianceChangeRule);
 */
export const complianceChangeFields = {
  vatNumber: z
    .string({ error: STANDING_MESSAGES.vatNumber })
    .check(singleLine('VAT number'))
    .nullable()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v.trim() === '') return v === undefined ? undefined : null;
      const vatNumber = normalizeVatNumber(v);
      if (vatNumber !== null) return vatNumber;
      ctx.addIssue({ code: 'custom', message: STANDING_MESSAGES.vatNumber });
      return z.NEVER;
    }),
  registeredAddress: z
    .string({ error: STANDING_MESSAGES.registeredAddress })
    .trim()
    .check(multiLine('Registered address'))
    .max(REGISTERED_ADDRESS_MAX, { error: STANDING_MESSAGES.registeredAddress })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v)),
  bbeeLevel: z
    .union([z.number().int().min(1).max(8), z.literal('non-compliant'), z.null()], { error: STANDING_MESSAGES.bbeeLevel })
    .optional()
    .transform((v) => (v === 'non-compliant' ? 0 : v)),
  bbeeEvidence: z.enum(['certificate', 'affidavit'], { error: STANDING_MESSAGES.bbeeEvidence }).optional(),
  bbeeExpiresOn: z
    .string({ error: STANDING_MESSAGES.bbeeExpiresOn })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: STANDING_MESSAGES.bbeeExpiresOn })
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
      error: STANDING_MESSAGES.bbeeExpiresOn,
    })
    .optional(),
};

/**
 * A level from 1 to 8 needs its evidence and expiry; evidence or expiry need such a level.
 *
 * @example
 * z.strictObject({ ...complianceChangeFields }).superRefine(complianceChangeRule).safeParse({ bbeeLevel: 2 }).success; // false
 */
export function complianceChangeRule(
  s: { bbeeLevel?: number | null | undefined; bbeeEvidence?: string | undefined; bbeeExpiresOn?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  const level = s.bbeeLevel;
  if (typeof level === 'number' && level > 0) {
    if (s.bbeeEvidence === undefined) ctx.addIssue({ code: 'custom', path: ['bbeeEvidence'], message: STANDING_MESSAGES.bbeeEvidence });
    if (s.bbeeExpiresOn === undefined) ctx.addIssue({ code: 'custom', path: ['bbeeExpiresOn'], message: STANDING_MESSAGES.bbeeExpiresOn });
  } else if (s.bbeeEvidence !== undefined || s.bbeeExpiresOn !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['bbeeLevel'], message: STANDING_MESSAGES.bbeeWithoutLevel });
  }
}
