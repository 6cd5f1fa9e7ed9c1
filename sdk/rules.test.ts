import { describe, expect, it } from 'vitest';
import { defaultQuantityForCategory, formatQuantity, perUnit, singularUnit, splitEmails, validateEmbedForm } from './rules';

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
