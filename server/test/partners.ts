import { expect } from 'vitest';
import { partnerCredentialsSchema, type PartnerCredentials } from '../../sdk/index';
import type { TestServer } from './harness';

/** A valid partner registration; override any field. */
export function validRegistration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    companyName: 'Coastal Cleaning Directory',
    contactEmail: 'dev@coastal.example.co.za',
    contactName: 'Thandi Nkosi',
    website: 'https://coastal.example.co.za',
    businessType: 'directory',
    integrationType: 'both',
    monthlyTraffic: '10k-50k',
    useCase: 'Quotes beside every cleaning-supplier listing in our directory',
    ...overrides,
  };
}

/** Registers a partner and answers its credentials and the headers that authenticate it. */
export async function registerPartner(server: TestServer, overrides: Record<string, unknown> = {}) {
  const res = await server.request('POST', '/api/partners/register', { body: validRegistration(overrides) });
  expect(res.status).toBe(201);
  const { credentials }: PartnerCredentials = partnerCredentialsSchema.parse(res.json);
  return { ...credentials, headers: { authorization: `Bearer ${credentials.apiKey}`, 'x-partner-id': credentials.partnerId } };
}
