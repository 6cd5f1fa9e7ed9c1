import { describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from './data-api';
import { validatePartnerRegistration, type PartnerRegistrationValues } from './partner-rules';
import { partnerRegistrationSchema } from './schemas/partners';

const VALID: PartnerRegistrationValues = {
  companyName: 'Acme Cleaning',
  contactEmail: 'dev@acme.co.za',
  contactName: 'Thandi',
  website: 'https://acme.co.za',
  businessType: 'directory',
  integrationType: 'both',
  monthlyTraffic: '10k-50k',
  useCase: 'Quotes beside every supplier listing in our directory',
};

/** The schema's first message for each field, as the server answers them. */
function schemaMessages(values: PartnerRegistrationValues): Record<string, string> {
  const result = partnerRegistrationSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const CASES: [string, Partial<PartnerRegistrationValues>][] = [
  ['valid', {}],
  ['everything empty', Object.fromEntries(Object.keys(VALID).map((k) => [k, ''])) as PartnerRegistrationValues],
  ['a one-letter company and contact', { companyName: ' A ', contactName: 'B' }],
  ['an address without a domain', { contactEmail: 'dev@acme' }],
  ['a website without a scheme', { website: 'acme.co.za' }],
  ['an ftp website', { website: 'ftp://acme.co.za' }],
  ['a choice not on the list', { businessType: 'charity', integrationType: 'fax', monthlyTraffic: 'lots' }],
  ['a short use case', { useCase: 'Quotes on our site' }],
  ['a company name over 200 characters', { companyName: 'x'.repeat(201) }],
  ['a company and contact on two lines', { companyName: 'Acme\r\nX-Evil: 1', contactName: 'Thandi\u0000' }],
  ['a website with a tab and an override', { website: 'https://acme\t.co.za/\u202e' }],
  ['a use case of paragraphs', { useCase: 'Quotes beside every listing.\n\nAnd in our newsletter.' }],
  ['a use case with an override', { useCase: 'Quotes beside every listing \u202eof ours' }],
];

describe('partner registration rules', () => {
  it('gives each field its message word for word', () => {
    expect(validatePartnerRegistration({ ...VALID, companyName: 'A', website: 'acme', useCase: 'short' })).toEqual({
      companyName: 'Company name required',
      website: 'Valid website URL required',
      useCase: 'Please describe your use case (minimum 20 characters)',
    });
    expect(validatePartnerRegistration(VALID)).toEqual({});
  });

  it('refuses control characters, line breaks and bidirectional controls by name, and takes paragraphs in the use case', () => {
    expect(validatePartnerRegistration({ ...VALID, companyName: 'Acme\r\nX-Evil: 1', useCase: 'Quotes beside every listing \u202eof ours' })).toEqual({
      companyName: 'Company name must not contain control characters or line breaks',
      useCase: 'Use case must not contain control characters',
    });
    expect(validatePartnerRegistration({ ...VALID, useCase: 'Quotes beside every listing.\n\nAnd in our newsletter.' })).toEqual({});
  });

  it.each(CASES)('agrees with the server’s schema for %s', (_name, change) => {
    const values = { ...VALID, ...change };
    expect(validatePartnerRegistration(values)).toEqual(schemaMessages(values));
  });

  it('names every field when nothing is filled in', () => {
    const empty = Object.fromEntries(Object.keys(VALID).map((k) => [k, ''])) as PartnerRegistrationValues;
    expect(validatePartnerRegistration(empty)).toEqual(PARTNER_MESSAGES);
  });
});
