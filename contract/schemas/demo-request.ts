/**
 * The public demo form (`/demo`, `POST /api/demo-requests`): what a visitor books a demo with,
 * its monthly spend bands, and the answer. Anyone may send it; a booking becomes a prospect of
 * the sales workspace, which is why the spend bands carry an estimated value.
 *
 * @module
 */
import { z } from 'zod';
import { multiLine, singleLine } from '../../sdk/schemas/text';

/**
 * What the demo form and its API say.
 *
 * @example
 * DEMO_MESSAGES.phone; // 'Please enter a phone number we can call (at least 7 digits)'
 */
export const DEMO_MESSAGES = {
  companyName: 'Company name is required',
  contactPerson: 'Your name is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a phone number we can call (at least 7 digits)',
  monthlySpend: 'Choose a monthly spend band or leave it empty',
  tooLong: 'This is too long',
} as const;

/**
 * The demo form's monthly spend bands.
 *
 * @example
 * MONTHLY_SPEND_BANDS[0]; // 'under-10k'
 */
export const MONTHLY_SPEND_BANDS = ['under-10k', '10k-50k', '50k-200k', 'over-200k'] as const;

/**
 * How each monthly spend band reads.
 *
 * @example
 * MONTHLY_SPEND_LABELS['10k-50k']; // 'R10,000 - R50,000'
 */
export const MONTHLY_SPEND_LABELS: Record<(typeof MONTHLY_SPEND_BANDS)[number], string> = {
  'under-10k': 'Under R10,000',
  '10k-50k': 'R10,000 - R50,000',
  '50k-200k': 'R50,000 - R200,000',
  'over-200k': 'Over R200,000',
};

/**
 * A demo booking's monthly spend as its prospect's estimated value, in rand: the middle of the
 * band stated, and for over R200,000 the least it is.
 *
 * @example
 * MONTHLY_SPEND_ESTIMATES['10k-50k']; // 30000
 */
export const MONTHLY_SPEND_ESTIMATES: Record<(typeof MONTHLY_SPEND_BANDS)[number], number> = {
  'under-10k': 5_000,
  '10k-50k': 30_000,
  '50k-200k': 125_000,
  'over-200k': 200_000,
};

const demoText = (max: number, message: string, field: string) =>
  z.string({ error: message }).trim().check(singleLine(field)).min(1, { error: message }).max(max, { error: message });
const optionalText = (max: number, rule: z.core.$ZodCheck<string>) =>
  z
    .string({ error: DEMO_MESSAGES.tooLong })
    .trim()
    .check(rule)
    .max(max, { error: DEMO_MESSAGES.tooLong })
    .optional()
    .transform((v) => v ?? '');

/**
 * A demo booking from the public form (`POST /api/demo-requests`): company name, name, e-mail
 * and phone required; monthly spend, current suppliers and the challenge optional.
 *
 * @example
 * demoRequestSchema.parse({ companyName: 'Berea Clinics', contactPerson: 'Ayesha Patel', email: 'ayesha@berea.example.co.za', phone: '031 555 0100' });
 */
export const demoRequestSchema = z.strictObject({
  companyName: demoText(200, DEMO_MESSAGES.companyName, 'Company name'),
  contactPerson: demoText(200, DEMO_MESSAGES.contactPerson, 'Your name'),
  email: z
    .string({ error: DEMO_MESSAGES.email })
    .trim()
    .max(254, { error: DEMO_MESSAGES.email })
    .pipe(z.email({ error: DEMO_MESSAGES.email })),
  phone: z
    .string({ error: DEMO_MESSAGES.phone })
    .trim()
    .check(singleLine('Phone'))
    .max(40, { error: DEMO_MESSAGES.phone })
    .refine((v) => /^\+?[\d\s()-]+$/.test(v) && v.replace(/\D/g, '').length >= 7, { error: DEMO_MESSAGES.phone }),
  monthlySpend: z
    .union([z.enum(MONTHLY_SPEND_BANDS), z.literal('')], { error: DEMO_MESSAGES.monthlySpend })
    .optional()
    .transform((v) => v || null),
  currentSuppliers: optionalText(1000, singleLine('Current suppliers')),
  painPoints: optionalText(5000, multiLine('Your biggest procurement challenge')),
});
/**
 * What the demo form sends.
 *
 * @example
 * const form: DemoRequestInput = { companyName: 'Berea Clinics', contactPerson: 'Ayesha Patel', email: 'ayesha@berea.example.co.za', phone: '031 555 0100' };
 */
export type DemoRequestInput = z.input<typeof demoRequestSchema>;

/**
 * The answer to a demo booking.
 *
 * @example
 * const { demoRequestId } = demoRequestResponseSchema.parse(json);
 */
export const demoRequestResponseSchema = z.object({ success: z.literal(true), demoRequestId: z.number() });
/**
 * The answer to a demo booking.
 *
 * @example
 * const { success }: DemoRequestResponse = await sales.bookDemo(form);
 */
export type DemoRequestResponse = z.infer<typeof demoRequestResponseSchema>;
