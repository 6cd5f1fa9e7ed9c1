import type { SiteFigures } from '../../sdk/schemas/site';

/** Figures as the API answers them, for tests of the pages that show them. */
export const FIGURES: SiteFigures = {
  asOf: '2026-11-18T09:40:00.000Z',
  counts: {
    suppliers: 58,
    verifiedSuppliers: 40,
    citiesCovered: 25,
    categories: 16,
    sectors: 7,
    quotesThisMonth: 12,
    quotesLast12Months: 340,
    firmQuotesLast12Months: 120,
    productsQuotedLast12Months: 310,
    requestsThisMonth: 3,
    marketDataRequests: 40,
  },
  cities: [
    { id: 'durban', name: 'Durban', province: 'KwaZulu-Natal', suppliersBased: 9, suppliersVerified: 3, suppliersDelivering: 17, coverage: 'verified' },
    { id: 'johannesburg', name: 'Johannesburg', province: 'Gauteng', suppliersBased: 10, suppliersVerified: 4, suppliersDelivering: 23, coverage: 'verified' },
    { id: 'upington', name: 'Upington', province: 'Northern Cape', suppliersBased: 0, suppliersVerified: 0, suppliersDelivering: 3, coverage: 'delivery' },
  ],
  categories: [
    { id: 'sanitizers', name: 'Sanitizers', sectorId: 'cleaning', activeSuppliers: 25, averageResponseHours: 16.2 },
    { id: 'geysers', name: 'Geysers', sectorId: 'plumbing', activeSuppliers: 0, averageResponseHours: null },
  ],
  sectors: [
    { id: 'cleaning', name: 'Cleaning', categories: 1, activeSuppliers: 25 },
    { id: 'plumbing', name: 'Plumbing', categories: 1, activeSuppliers: 0 },
  ],
  popularProducts: [],
  verification: {
    domain: 'procura.co.za',
    https: true,
    hsts: true,
    tls: {
      checkedAt: '2026-11-18T09:00:00.000Z',
      protocol: 'TLSv1.3',
      trusted: true,
      issuer: "Let's Encrypt",
      validTo: '2027-01-30T00:00:00.000Z',
      problem: null,
    },
  },
};
