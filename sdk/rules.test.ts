import { describe, expect, it } from 'vitest';
import {
  defaultQuantityForCategory,
  formatQuantity,
  perUnit,
  singularUnit,
  splitEmails,
  validateEmbedForm,
  validateRfqForm,
  type RfqFormValues,
} from './rules';
import { embedRfqSchema } from './schemas/embed';
import { rfqSubmissionSchema } from './schemas/rfq';

const FORM: RfqFormValues = {
  productName: 'Household Bleach',
  productDescription: 'Thick bleach for the ablution blocks at three sites',
  quantity: '40',
  unit: 'litres',
  budgetRange: '',
  supplierCount: 3,
  deliveryLocation: 'Durban',
  primaryEmail: 'buyer@example.co.za',
  additionalEmails: '',
  companyName: 'Berea Clinics',
  contactName: 'Ayesha Patel',
  companySize: '',
  agreeTerms: true,
};

/** The schema's first message for each field, as the server answers them. */
function schemaMessages(schema: typeof rfqSubmissionSchema | typeof embedRfqSchema, values: object): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('form rules', () => {
  it('names one item in the singular', () => {
    expect(formatQuantity(1, 'litres')).toBe('1 litre');
    expect(formatQuantity(1, 'boxes')).toBe('1 box');
    expect(formatQuantity(1, 'rolls')).toBe('1 roll');
    expect(formatQuantity(200, 'litres')).toBe('200 litres');
    expect(formatQuantity(2500, 'litres')).toBe('2,500 litres');
    expect(formatQuantity(1000000, 'pieces')).toBe('1,000,000 pieces');
    expect(singularUnit('packs')).toBe('pack');
    expect(singularUnit('kg')).toBe('kg');
    expect([perUnit('litres'), perUnit('boxes'), perUnit('kg'), perUnit('each')]).toEqual(['per litre', 'per box', 'per kg', 'each']);
  });

  it('defaults the quantity by category', () => {
    expect(defaultQuantityForCategory('safety-equipment')).toBe(5);
    expect(defaultQuantityForCategory('paper-products')).toBe(10);
    expect(defaultQuantityForCategory('floor-cleaners')).toBe(25);
    expect(defaultQuantityForCategory('tools')).toBe(1);
  });

  it("checks the widget's short form with its own messages and minimums", () => {
    const ok = { productName: 'Mop', productDescription: 'Floor mops', quantity: '1', location: 'PE', contactEmail: 'b@example.co.za', companyName: '' };
    expect(validateEmbedForm(ok)).toEqual({});
    expect(
      validateEmbedForm({ ...ok, productName: ' ab ', productDescription: 'Floor mop', quantity: 'lots', location: 'P ', contactEmail: 'b@example' }),
    ).toEqual({
      productName: 'Product name required',
      productDescription: 'Description required',
      quantity: 'Quantity required',
      location: 'Location required',
      contactEmail: 'Valid email required',
    });
    expect(validateEmbedForm({ ...ok, quantity: '2.5', companyName: 'x'.repeat(201) })).toEqual({
      quantity: 'Quantity must be a whole number',
      companyName: 'Company name must be at most 200 characters',
    });
  });

  it('refuses control characters, line breaks and bidirectional controls as the server does, and takes paragraphs in the description', () => {
    const typed = {
      ...FORM,
      productName: 'Bleach\u202e5L',
      productDescription: 'Thick bleach\u0000 for the ablution blocks',
      deliveryLocation: 'Durban\r\nX-Evil: 1',
      unit: 'lit\tres',
      companyName: 'Berea\u001b Clinics',
      contactName: 'Ayesha\u2066 Patel',
      primaryEmail: 'buyer@exam\u202eple.co.za',
    };
    const expected = {
      productName: 'Product name must not contain control characters or line breaks',
      productDescription: 'Description must not contain control characters',
      deliveryLocation: 'Delivery location must not contain control characters or line breaks',
      unit: 'Unit must not contain control characters or line breaks',
      companyName: 'Company name must not contain control characters or line breaks',
      contactName: 'Contact name must not contain control characters or line breaks',
      primaryEmail: 'Please enter a valid email address',
    };
    expect(validateRfqForm(typed)).toEqual(expected);
    expect(schemaMessages(rfqSubmissionSchema, typed)).toEqual(expected);
    const paragraphs = { ...FORM, productDescription: 'Thick bleach for the ablution blocks.\r\n\r\nFive litre cans\tplease.' };
    expect(validateRfqForm(paragraphs)).toEqual({});
    expect(rfqSubmissionSchema.safeParse(paragraphs).success).toBe(true);

    const short = {
      productName: 'Mop\r\n',
      productDescription: 'Floor\u0085 mops',
      quantity: '1',
      location: 'P\u202eE',
      contactEmail: 'b@example.co.za',
      companyName: 'A\nB',
    };
    const widget = {
      productDescription: 'Description must not contain control characters',
      location: 'Location must not contain control characters or line breaks',
      companyName: 'Company name must not contain control characters or line breaks',
    };
    expect(validateEmbedForm(short)).toEqual(widget);
    expect(schemaMessages(embedRfqSchema, short)).toEqual(widget);
  });

  it('splits additional addresses on commas, semicolons and spaces', () => {
    expect(splitEmails(' a@x.co.za, b@y.co.za;c@z.co.za ,')).toEqual(['a@x.co.za', 'b@y.co.za', 'c@z.co.za']);
  });
});

describe('one unit wording', () => {
  it('names one of a unit in the singular, keeping symbols and words already singular', () => {
    expect(['litres', 'boxes', 'rolls', 'pieces', 'batteries', 'brushes', 'glasses', 'glass', 'kg', 'kgs', 'ml', 'g', 'packs'].map(singularUnit)).toEqual([
      'litre',
      'box',
      'roll',
      'piece',
      'battery',
      'brush',
      'glass',
      'glass',
      'kg',
      'kg',
      'ml',
      'g',
      'pack',
    ]);
    expect(formatQuantity(1, 'kg')).toBe('1 kg');
  });
});
