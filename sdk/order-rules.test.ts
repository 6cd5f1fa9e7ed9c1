import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, normalizePhone, normalizeVatNumber, validateOrderDetails, type OrderDetailsValues } from './order-rules';
import { orderDetailsSchema } from './schemas/rfq';

describe('South African phone numbers', () => {
  it.each([
    ['011 555 0142', '+27 11 555 0142'],
    ['(011) 555-0142', '+27 11 555 0142'],
    ['0115550142', '+27 11 555 0142'],
    ['+27 11 555 0142', '+27 11 555 0142'],
    ['+27 (0)11 555 0142', '+27 11 555 0142'],
    ['+27115550142', '+27 11 555 0142'],
    ['0027 11 555 0142', '+27 11 555 0142'],
    ['27 11 555 0142', '+27 11 555 0142'],
    ['tel:+27-82-555-1234', '+27 82 555 1234'],
    ['082 555 1234', '+27 82 555 1234'],
    ['0860 555 123', '+27 86 055 5123'],
    ['021 555 0199 ext 12', '+27 21 555 0199'],
  ])('%s is %s', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it.each(['+44 20 7946 0958', '555 0142', '011 555 01423', '00 11 555 0142', '+27 01 555 0142', 'call us', '0800 FLOWERS'])('%s is not one', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });
});

describe('South African VAT numbers', () => {
  it('reads 10 digits starting with 4, spaces and dashes dropped', () => {
    expect(normalizeVatNumber('4123456789')).toBe('4123456789');
    expect(normalizeVatNumber('4123 456 789')).toBe('4123456789');
    expect(normalizeVatNumber('4123-456-789')).toBe('4123456789');
  });

  it.each(['5123456789', '412345678', '41234567890', 'ZA4123456789', '', '4123456789 ext'])('%s is not one', (raw) => {
    expect(normalizeVatNumber(raw)).toBeNull();
  });
});

const VALID: OrderDetailsValues = { deliveryAddress: '12 Long Street, Cape Town, 8001', phone: '082 123 4567', purchaseOrderReference: '', vatNumber: '' };

/** The schema's first message for each field, as the server answers them. */
function schemaMessages(values: OrderDetailsValues): Record<string, string> {
  const result = orderDetailsSchema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('order details', () => {
  it('gives each field its message word for word', () => {
    expect(validateOrderDetails({ deliveryAddress: ' 12 ', phone: '123', purchaseOrderReference: 'P'.repeat(51), vatNumber: '5123456789' })).toEqual({
      deliveryAddress: 'Please enter the street address for delivery',
      phone: 'Please enter a South African phone number, e.g. 082 123 4567',
      purchaseOrderReference: 'Purchase order reference must be at most 50 characters',
      vatNumber: 'VAT number must be 10 digits starting with 4',
    });
    expect(validateOrderDetails({ ...VALID, deliveryAddress: 'x'.repeat(301) })).toEqual({ deliveryAddress: ORDER_MESSAGES.deliveryAddressMax });
    expect(validateOrderDetails(VALID)).toEqual({});
  });

  it('refuses a control character, line break or bidirectional control in a one-line field, and takes line breaks in the address', () => {
    expect(validateOrderDetails({ ...VALID, purchaseOrderReference: 'PO\u202e1\r\nX-Evil: 1', deliveryAddress: 'Unit 4\u202e, Long Street' })).toEqual({
      purchaseOrderReference: 'Purchase order reference must not contain control characters or line breaks',
      deliveryAddress: 'Delivery address must not contain control characters',
    });
    expect(validateOrderDetails({ ...VALID, deliveryAddress: 'Unit 4, Bellville Park\nDurbanville, 7550' })).toEqual({});
  });

  it.each<[string, Partial<OrderDetailsValues>]>([
    ['valid', {}],
    ['everything empty', { deliveryAddress: '', phone: '', purchaseOrderReference: '', vatNumber: '' }],
    ['a foreign phone', { phone: '+44 20 7946 0958' }],
    ['a phone of 41 characters', { phone: `082 123 4567${' '.repeat(29)}` }],
    ['an international phone', { phone: '+27 82 123 4567' }],
    ['a VAT number with spaces', { vatNumber: '4123 456 789' }],
    ['a VAT number of 9 digits', { vatNumber: '412345678' }],
    ['a long reference', { purchaseOrderReference: 'P'.repeat(51) }],
    ['an address of 301 characters', { deliveryAddress: 'x'.repeat(301) }],
    ['a reference with a line break and an override', { purchaseOrderReference: 'PO\u202e1\r\nX-Evil: 1' }],
    ['a reference of 51 characters with a tab', { purchaseOrderReference: `PO\t${'1'.repeat(48)}` }],
    ['an address on two lines', { deliveryAddress: 'Unit 4, Bellville Park\r\nDurbanville, 7550' }],
    ['an address with a NUL', { deliveryAddress: 'Unit 4\u0000, Bellville Park' }],
    ['a phone with an escape', { phone: '082 123\u001b 4567' }],
    ['a VAT number with an isolate', { vatNumber: '\u20664123456789' }],
  ])('answers as the server does for %s', (_name, change) => {
    const values = { ...VALID, ...change };
    expect(validateOrderDetails(values)).toEqual(schemaMessages(values));
  });

  it('answers the phone in +27 form, and what was not given as null', () => {
    expect(
      orderDetailsSchema.parse({
        deliveryAddress: ' 12 Long Street, Cape Town, 8001 ',
        phone: '082 123 4567',
        purchaseOrderReference: ' ',
        vatNumber: '4123 456 789',
      }),
    ).toEqual({
      deliveryAddress: '12 Long Street, Cape Town, 8001',
      phone: '+27 82 123 4567',
      purchaseOrderReference: null,
      vatNumber: '4123456789',
    });
    expect(orderDetailsSchema.parse({ deliveryAddress: 'Unit 4, Bellville Park', phone: '+27 (0)21 555 0199' })).toEqual({
      deliveryAddress: 'Unit 4, Bellville Park',
      phone: '+27 21 555 0199',
      purchaseOrderReference: null,
      vatNumber: null,
    });
    expect(orderDetailsSchema.safeParse({ ...VALID, note: 'x' }).success).toBe(false);
  });
});
