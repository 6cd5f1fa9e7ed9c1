import { describe, expect, it } from 'vitest';
import { isEmailShaped } from './email';
import { validatePartnerRegistration } from './partner-rules';
import { RFQ_MESSAGES, validateEmbedForm } from './rules';

describe('the e-mail shape', () => {
  it('takes one address with a dotted domain', () => {
    expect(['buyer@example.co.za', 'first.last+tag@sub.example.com'].map(isEmailShaped)).toEqual([true, true]);
  });

  it('refuses two addresses in one, white space, a bare domain, brackets and quotes', () => {
    const refused = [
      'a@example.co.za, b@example.co.za',
      'a@example.co.za;b@example.co.za',
      ' a@example.co.za',
      'a@example',
      'a@example.c',
      '<a@example.co.za>',
      "o'neil@example.co.za",
      'a@@example.co.za',
    ];
    expect(refused.filter(isEmailShaped)).toEqual([]);
  });

  it('is the rule the forms give their exact messages by', () => {
    expect(RFQ_MESSAGES.primaryEmail).toBe('Please enter a valid email address');
    expect(
      validateEmbedForm({
        productName: 'Mop heads',
        productDescription: 'Cotton mop heads',
        quantity: '3',
        location: 'Durban',
        contactEmail: 'b@example',
        companyName: '',
      }).contactEmail,
    ).toBe('Valid email required');
    const partner = validatePartnerRegistration({
      companyName: 'Acme',
      contactEmail: 'x@example',
      contactName: 'Ann',
      website: 'https://acme.co.za',
      businessType: 'ecommerce',
      integrationType: 'widget',
      monthlyTraffic: 'under-1k',
      useCase: 'We list cleaning suppliers for our readers',
    });
    expect(partner.contactEmail).toBe('Valid email required');
  });
});
