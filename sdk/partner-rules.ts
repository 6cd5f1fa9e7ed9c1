/**
 * The rules of partner registration that a browser needs without a schema library: lengths,
 * choices and the check that gives each field its message word for word. The zod
 * schema in `schemas/partners.ts` is built from the same limits and messages, and a test holds
 * the two to the same answers, so the registration page and the server never disagree.
 *
 * @module
 */
import { BUSINESS_TYPES, INTEGRATION_TYPES, PARTNER_MESSAGES, TRAFFIC_BANDS } from './data-api';
import { isEmailShaped } from './email';
import { textError } from './text';

/**
 * Length limits of partner registration's text fields, in characters after trimming.
 *
 * @example
 * <textarea minLength={PARTNER_LIMITS.useCase.min} maxLength={PARTNER_LIMITS.useCase.max} />
 */
export const PARTNER_LIMITS = {
  companyName: { min: 2, max: 200 },
  contactEmail: { min: 0, max: 254 },
  contactName: { min: 2, max: 200 },
  website: { min: 0, max: 2000 },
  useCase: { min: 20, max: 5000 },
} as const;

/**
 * The registration form's values as the page holds them (every control holds text).
 *
 * @example
 * const [values, setValues] = useState<PartnerRegistrationValues>(EMPTY_REGISTRATION);
 */
export type PartnerRegistrationValues = Record<keyof typeof PARTNER_MESSAGES, string>;

/**
 * A field of partner registration.
 *
 * @example
 * const errors: Partial<Record<PartnerField, string>> = validatePartnerRegistration(values);
 */
export type PartnerField = keyof PartnerRegistrationValues;

/**
 * Whether text is a web address a partner's site can have: http or https.
 *
 * @example
 * isWebsiteUrl('https://acme.co.za'); // true
 * isWebsiteUrl('acme.co.za'); // false
 */
function isWebsiteUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

const within = (value: string, { min, max }: { min: number; max: number }) => value.length >= min && value.length <= max;
const oneOf = (list: readonly string[], value: string) => list.includes(value);

/**
 * Checks registration as the server will, with the same messages, so a partner sees a problem
 * before sending. Answers one message per failing field.
 *
 * @example
 * validatePartnerRegistration({ ...values, useCase: 'Quotes' }).useCase; // 'Please describe your use case (minimum 20 characters)'
 */
export function validatePartnerRegistration(values: PartnerRegistrationValues): Partial<Record<PartnerField, string>> {
  const v = Object.fromEntries(Object.entries(values).map(([k, x]) => [k, x.trim()])) as PartnerRegistrationValues;
  const errors: Partial<Record<PartnerField, string>> = {};
  const companyName = textError(v.companyName, 'Company name');
  if (companyName || !within(v.companyName, PARTNER_LIMITS.companyName)) errors.companyName = companyName ?? PARTNER_MESSAGES.companyName;
  if (!within(v.contactEmail, PARTNER_LIMITS.contactEmail) || !isEmailShaped(v.contactEmail)) errors.contactEmail = PARTNER_MESSAGES.contactEmail;
  const contactName = textError(v.contactName, 'Contact name');
  if (contactName || !within(v.contactName, PARTNER_LIMITS.contactName)) errors.contactName = contactName ?? PARTNER_MESSAGES.contactName;
  const website = textError(v.website, 'Website');
  if (website || !within(v.website, PARTNER_LIMITS.website) || !isWebsiteUrl(v.website)) errors.website = website ?? PARTNER_MESSAGES.website;
  if (!oneOf(BUSINESS_TYPES, v.businessType)) errors.businessType = PARTNER_MESSAGES.businessType;
  if (!oneOf(INTEGRATION_TYPES, v.integrationType)) errors.integrationType = PARTNER_MESSAGES.integrationType;
  if (!oneOf(TRAFFIC_BANDS, v.monthlyTraffic)) errors.monthlyTraffic = PARTNER_MESSAGES.monthlyTraffic;
  const useCase = textError(v.useCase, 'Use case', 'multi');
  if (useCase || !within(v.useCase, PARTNER_LIMITS.useCase)) errors.useCase = useCase ?? PARTNER_MESSAGES.useCase;
  return errors;
}
