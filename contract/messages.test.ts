import { describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '../sdk/data-api';
import { EMBED_MESSAGES, RFQ_MESSAGES, SUPPLIER_RESPONSE_MESSAGES } from '../sdk/rules';
import { PARTNER_HOST_MESSAGES } from '../sdk/schemas/partners';
import { ADMIN_MESSAGES } from './schemas/admin';
import { ANALYTICS_MESSAGES } from './schemas/analytics';
import { DEMO_MESSAGES } from './schemas/demo-request';
import { SALES_MESSAGES } from './schemas/sales';
import { SCRAPER_MESSAGES } from './schemas/scraping';
import { STAFF_MESSAGES } from './schemas/staff';

describe('the messages people read', () => {
  it('say e-mail, as the spec’s prose does, never email, except in the spec’s exact validation messages', () => {
    const all = {
      RFQ_MESSAGES,
      EMBED_MESSAGES,
      SUPPLIER_RESPONSE_MESSAGES,
      ADMIN_MESSAGES,
      SALES_MESSAGES,
      DEMO_MESSAGES,
      STAFF_MESSAGES,
      ANALYTICS_MESSAGES,
      PARTNER_HOST_MESSAGES,
      SCRAPER_MESSAGES,
      PARTNER_MESSAGES,
    };
    const texts = Object.entries(all).flatMap(([set, messages]) => Object.entries(messages).map(([key, text]) => [`${set}.${key}`, String(text)] as const));
    expect(texts.length).toBeGreaterThan(50);
    // These two list values as the API takes them: the spec's status 'Email Sent' and the activity kind 'email'.
    const valueLists = ['SALES_MESSAGES.status', 'SALES_MESSAGES.activityKind'];
    // The spec gives these validation messages word for word.
    const specWording = ['Please enter a valid email address', 'Valid email required'];
    expect(texts.filter(([key, text]) => !valueLists.includes(key) && !specWording.includes(text) && /\bemails?\b/i.test(text))).toEqual([]);
    expect(RFQ_MESSAGES.primaryEmail).toBe('Please enter a valid email address');
    expect(EMBED_MESSAGES.contactEmail).toBe('Valid email required');
  });
});
