import type { LocationSuggestion, ProductSuggestion, QuotePreview } from '../schemas/catalogue';

/** A product suggestion shaped as the catalogue answers it: a hand-care product in litres unless `overrides` says otherwise. */
export function product(overrides: Partial<ProductSuggestion> & Pick<ProductSuggestion, 'id' | 'name'>): ProductSuggestion {
  return {
    description: `${overrides.name} for commercial cleaning, in bulk packs`,
    unit: 'litres',
    category: 'hand-care',
    categoryName: 'Hand Care',
    avgPrice: 48.5,
    avgDelivery: '2-3 days',
    unitQuantity: null,
    unitDescription: 'per litre',
    ...overrides,
  };
}

/** Durban, as the location suggestions answer it. */
export const DURBAN: LocationSuggestion = { id: 'durban', name: 'Durban', province: 'KwaZulu-Natal', fullName: 'Durban, KwaZulu-Natal', note: null };

/**
 * A live preview's answer for 10 units of a product not in the catalogue, priced at the default
 * estimate of R50.00 a unit; `overrides` changes the basis, the note and what the supplier match says.
 */
export function quotePreview(
  overrides: {
    basis?: 'catalogue-average' | 'estimate';
    note?: string;
    availability?: string;
    recommendation?: string;
    totalSuppliers?: number;
    cityData?: QuotePreview['supplierMatch']['cityData'];
    locationMatch?: QuotePreview['supplierMatch']['locationMatch'];
  } = {},
): QuotePreview {
  const totalSuppliers = overrides.totalSuppliers ?? 3;
  return {
    costPreview: {
      totalCost: 500,
      vatRate: 0.15,
      totalCostInclVat: 575,
      unitPrice: 50,
      unitInfo: { unit: 'units', unitDescription: 'per unit (estimate)' },
      priceRange: { min: 42.5, max: 57.5 },
      discount: 0,
      savings: 0,
      basis: overrides.basis ?? 'estimate',
      note: overrides.note ?? 'Not in our catalogue, so this is the default estimate of R50.00 per unit; suppliers quote from their own category pricing.',
    },
    supplierMatch: {
      totalSuppliers,
      categoryName: 'Cleaning Supplies',
      cityData: overrides.cityData ?? null,
      expectedQuotes: Math.min(3, totalSuppliers),
      volumeCategory: 'standard',
      locationMatch: overrides.locationMatch ?? 'none',
      locationAdvantage: false,
      marketInsights: { competition: 'high', availability: overrides.availability ?? '', recommendation: overrides.recommendation ?? '' },
    },
  };
}
