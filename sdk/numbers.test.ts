import { describe, expect, it } from 'vitest';
import { numberInput, readNumber } from './numbers';
import { EMBED_MESSAGES, RFQ_MESSAGES, toQuantity, validateEmbedForm, validateRfqForm, type EmbedFormValues } from './rules';
import { embedRfqSchema } from './schemas/embed';
import { rfqSubmissionSchema } from './schemas/rfq';
import { popularQuerySchema, quotePreviewQuerySchema } from './schemas/catalogue';
import { procurementDataQuerySchema } from './schemas/data';

describe('reading a number as a person writes it', () => {
  it.each([
    ['40', 40],
    [' 40 ', 40],
    ['007', 7],
    ['12.5', 12.5],
    ['1,000', 1000],
    ['1 000', 1000],
    ['1\u00a0000', 1000],
    ['1\u202f000', 1000],
    ['12,345,678', 12_345_678],
    ['1,000.50', 1000.5],
    ['1 000 000', 1_000_000],
  ])('reads %j as %d', (text, n) => {
    expect(readNumber(text)).toBe(n);
  });

  it.each([
    '',
    ' ',
    '0x10',
    '0b11',
    '0o17',
    '1e3',
    '1E3',
    'Infinity',
    '-Infinity',
    'NaN',
    '+5',
    '-5',
    '.5',
    '5.',
    '2,5',
    '1,00',
    '1,0000',
    '1,000 000',
    '10,00,000',
    '1_000',
    '１２',
    'lots',
    '5 kg',
  ])('reads %j as no number', (text) => {
    expect(readNumber(text)).toBeNaN();
  });

  it('hands a schema numbers as they are and text as read', () => {
    expect([numberInput(16), numberInput('1 000'), numberInput(true), numberInput(undefined)]).toEqual([16, 1000, true, undefined]);
    expect(numberInput('0x10')).toBeNaN();
  });
});

const FORM = {
  productName: 'Household Bleach',
  productDescription: 'Thick bleach for the ablution blocks at three sites',
  unit: '',
  budgetRange: '',
  supplierCount: 3,
  deliveryLocation: 'Durban',
  primaryEmail: 'buyer@example.co.za',
  additionalEmails: '',
  companyName: '',
  contactName: '',
  companySize: '',
  agreeTerms: true,
};
const SHORT: EmbedFormValues = {
  productName: 'Mop',
  productDescription: 'Floor mops',
  quantity: '1',
  location: 'PE',
  contactEmail: 'b@example.co.za',
  companyName: '',
};

describe('a quantity', () => {
  it("reads a thousands separator as the buyer means it, in the form and the server's schema alike", () => {
    for (const quantity of ['1,000', '1 000', '1\u00a0000']) {
      expect(toQuantity(quantity)).toBe(1000);
      expect(validateRfqForm({ ...FORM, quantity })).toEqual({});
      expect(rfqSubmissionSchema.parse({ ...FORM, quantity }).quantity).toBe(1000);
      expect(validateEmbedForm({ ...SHORT, quantity })).toEqual({});
      expect(embedRfqSchema.parse({ ...SHORT, quantity }).quantity).toBe(1000);
    }
  });

  it("reads hexadecimal, an exponent, Infinity or a sign as no number: the spec's message", () => {
    for (const quantity of ['0x10', '1e3', 'Infinity', '+5', 'lots']) {
      expect(toQuantity(quantity)).toBe(0);
      expect(validateRfqForm({ ...FORM, quantity }).quantity).toBe(RFQ_MESSAGES.quantity);
      expect(rfqSubmissionSchema.safeParse({ ...FORM, quantity }).error?.issues[0]?.message).toBe('Quantity must be at least 1');
      expect(validateEmbedForm({ ...SHORT, quantity }).quantity).toBe(EMBED_MESSAGES.quantity);
      expect(embedRfqSchema.safeParse({ ...SHORT, quantity }).error?.issues[0]?.message).toBe('Quantity required');
    }
  });

  it('keeps the messages of a part and of too many', () => {
    expect(validateRfqForm({ ...FORM, quantity: '2.5' }).quantity).toBe('Quantity must be a whole number');
    expect(rfqSubmissionSchema.safeParse({ ...FORM, quantity: '2.5' }).error?.issues[0]?.message).toBe('Quantity must be a whole number');
    expect(validateRfqForm({ ...FORM, quantity: '1,000,001' }).quantity).toBe('Quantity must be at most 1,000,000');
    expect(rfqSubmissionSchema.safeParse({ ...FORM, quantity: '1,000,001' }).error?.issues[0]?.message).toBe('Quantity must be at most 1,000,000');
  });

  it('reads the supplier count the same way', () => {
    expect(rfqSubmissionSchema.parse({ ...FORM, quantity: 1, supplierCount: '5' }).supplierCount).toBe(5);
    expect(rfqSubmissionSchema.safeParse({ ...FORM, quantity: 1, supplierCount: '0x5' }).error?.issues[0]?.message).toBe(RFQ_MESSAGES.supplierCount);
  });
});

describe('numbers in a query string', () => {
  it('reads decimal digits and thousands, and nothing JavaScript alone would read', () => {
    expect(quotePreviewQuerySchema.parse({ quantity: '1,000' }).quantity).toBe(1000);
    expect(quotePreviewQuerySchema.safeParse({ quantity: '0x10' }).error?.issues[0]?.message).toBe('Quantity must be a number');
    expect(popularQuerySchema.parse({ limit: '6' }).limit).toBe(6);
    expect(popularQuerySchema.safeParse({ limit: '1e1' }).error?.issues[0]?.message).toBe('limit must be a number from 1 to 50');
    expect(procurementDataQuerySchema.parse({ limit: '1,000' }).limit).toBe(1000);
    expect(procurementDataQuerySchema.safeParse({ limit: '0x10' }).error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 1000');
    expect(procurementDataQuerySchema.safeParse({ limit: ['5', '6'] }).success).toBe(false);
  });
});
