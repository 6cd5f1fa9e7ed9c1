import { describe, expect, it } from 'vitest';
import { intentScore } from './intent';

describe('intentScore', () => {
  it('is 20 for a bare request', () => {
    expect(intentScore({ quantity: 10, additionalEmails: [] })).toBe(20);
  });

  it('adds each sign of a buyer ready to order', () => {
    expect(intentScore({ quantity: 10, budgetRange: '10k-50k', additionalEmails: [] })).toBe(45);
    expect(intentScore({ quantity: 10, companyName: 'Acme', additionalEmails: [] })).toBe(40);
    expect(intentScore({ quantity: 100, additionalEmails: [] })).toBe(35);
    expect(intentScore({ quantity: 99, contactName: 'Thandi', additionalEmails: [] })).toBe(30);
    expect(intentScore({ quantity: 10, additionalEmails: ['ops@acme.co.za'] })).toBe(30);
  });

  it('is 100 with everything', () => {
    expect(intentScore({ quantity: 500, budgetRange: '50k-100k', companyName: 'Acme', contactName: 'Thandi', additionalEmails: ['ops@acme.co.za'] })).toBe(100);
  });
});
