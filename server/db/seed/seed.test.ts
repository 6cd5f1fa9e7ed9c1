import { describe, expect, it } from 'vitest';
import { normalizeVatNumber } from '../../../sdk/order-rules';
import { generatedSuppliers, POSTAL_CODES, starterSuppliers } from './suppliers';
import { CATALOGUE, CITIES } from './data';

describe('the seeded suppliers’ tax and B-BBEE details', () => {
  it('are well formed: a VAT number of 10 digits starting with 4, an address with a postal code, a level with evidence and expiry', () => {
    const suppliers = [...starterSuppliers(), ...generatedSuppliers(200, 2_000, CATALOGUE)];
    for (const s of suppliers) {
      const c = s.compliance!;
      expect(normalizeVatNumber(c.vatNumber!)).toBe(c.vatNumber);
      expect(c.registeredAddress).toMatch(/^\d+ [A-Z][A-Za-z ]+, .+, \d{4}$/);
      // The city's own postal code, not another's.
      expect(c.registeredAddress!.endsWith(`, ${POSTAL_CODES[s.homeCityId]}`)).toBe(true);
      if (c.bbeeLevel !== null && c.bbeeLevel > 0) {
        expect(c.bbeeLevel).toBeLessThanOrEqual(8);
        expect(['certificate', 'affidavit']).toContain(c.bbeeEvidence);
        expect(c.bbeeExpiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      } else {
        expect([c.bbeeEvidence, c.bbeeExpiresOn]).toEqual([null, null]);
      }
    }
    const levels = new Set(suppliers.map((s) => s.compliance!.bbeeLevel));
    expect([...levels].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, null]);
    expect(starterSuppliers()).toEqual(starterSuppliers());
    expect(Object.keys(POSTAL_CODES).sort()).toEqual(CITIES.map((c) => c.id).sort());
  });
});
