import { describe, expect, it } from 'vitest';
import { RFQ_MESSAGES } from '../rules';
import { rfqSubmissionSchema } from './rfq';

const valid = {
  productName: 'Bleach',
  productDescription: 'Household bleach for the cleaning team, 5 L',
  quantity: 40,
  deliveryLocation: 'Durban',
  primaryEmail: 'buyer@example.co.za',
  agreeTerms: true,
};

function messages(input: Record<string, unknown>) {
  const result = rfqSubmissionSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('quote request schema', () => {
  it('accepts a valid request, trims text and defaults the supplier count to 3', () => {
    const parsed = rfqSubmissionSchema.parse({ ...valid, productName: '  Bleach  ', additionalEmails: 'a@example.com, B@example.com,' });
    expect(parsed.productName).toBe('Bleach');
    expect(parsed.supplierCount).toBe(3);
    expect(parsed.additionalEmails).toEqual(['a@example.com', 'b@example.com']);
    expect(parsed.budgetRange).toBeUndefined();
  });

  it("gives the spec's message for every required field", () => {
    expect(messages({})).toEqual({
      productName: 'Product name must be at least 3 characters',
      productDescription: 'Please provide more detailed description (at least 20 characters)',
      quantity: 'Quantity must be at least 1',
      deliveryLocation: 'Please enter your delivery location',
      primaryEmail: 'Please enter a valid email address',
      agreeTerms: 'Please agree to the terms and conditions',
    });
  });

  it('reads non-numeric quantity as 0, which fails', () => {
    expect(messages({ ...valid, quantity: 'lots' })).toEqual({ quantity: 'Quantity must be at least 1' });
    expect(messages({ ...valid, quantity: '0' })).toEqual({ quantity: 'Quantity must be at least 1' });
    expect(messages({ ...valid, quantity: 2.5 })).toEqual({ quantity: RFQ_MESSAGES.quantityWhole });
    expect(rfqSubmissionSchema.parse({ ...valid, quantity: '25' }).quantity).toBe(25);
  });

  it('checks each field against its rule', () => {
    expect(messages({ ...valid, productName: 'ab' })).toEqual({ productName: RFQ_MESSAGES.productName });
    expect(messages({ ...valid, productDescription: 'too short' })).toEqual({ productDescription: RFQ_MESSAGES.productDescription });
    expect(messages({ ...valid, deliveryLocation: ' D ' })).toEqual({ deliveryLocation: RFQ_MESSAGES.deliveryLocation });
    expect(messages({ ...valid, primaryEmail: 'not-an-email' })).toEqual({ primaryEmail: RFQ_MESSAGES.primaryEmail });
    expect(messages({ ...valid, agreeTerms: false })).toEqual({ agreeTerms: RFQ_MESSAGES.agreeTerms });
    expect(messages({ ...valid, agreeTerms: 'true' })).toEqual({ agreeTerms: RFQ_MESSAGES.agreeTerms });
    expect(messages({ ...valid, supplierCount: 0 })).toEqual({ supplierCount: 'Please select number of suppliers' });
    expect(messages({ ...valid, supplierCount: 11 })).toEqual({ supplierCount: 'Please select number of suppliers' });
    expect(messages({ ...valid, budgetRange: 'lots' })).toEqual({ budgetRange: RFQ_MESSAGES.budgetRange });
    expect(messages({ ...valid, additionalEmails: 'ok@example.com, nope' })).toEqual({ additionalEmails: RFQ_MESSAGES.additionalEmails });
  });
});
