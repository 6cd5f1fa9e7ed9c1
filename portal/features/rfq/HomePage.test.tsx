// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PopularProduct, QuotePreview } from '../../../sdk/schemas/catalogue';
import type { RfqFormValues } from '../../../sdk/rules';
import { product, useApiMock } from '../../../widget/test/api-mock';
import { useRfqForm } from '../../../widget/app/use-rfq-form';
import { Sidebar } from './HomePage';

const api = useApiMock();
afterEach(cleanup);

function Harness({ initial = {} }: { initial?: Partial<RfqFormValues> }) {
  const form = useRfqForm(initial);
  return <Sidebar form={form} />;
}

const popular = (counts: number[]): PopularProduct[] =>
  ['Household Bleach', 'Liquid Hand Soap', 'Glass and Window Cleaner', 'Toilet Paper 2-Ply (48-pack)'].map((name, i) => ({
    ...product({ id: `p${i}`, name }),
    rfqCount: counts[i]!,
  }));

function preview(overrides: { basis?: 'catalogue-average' | 'estimate'; note?: string; availability: string; recommendation: string; totalSuppliers: number }): QuotePreview {
  return {
    costPreview: {
      totalCost: 500,
      unitPrice: 50,
      unitInfo: { unit: 'units', unitDescription: 'per unit (estimate)' },
      priceRange: { min: 42.5, max: 57.5 },
      discount: 0,
      savings: 0,
      basis: overrides.basis ?? 'estimate',
      note: overrides.note ?? 'Not in our catalogue, so this is the default estimate of R50.00 per unit; suppliers quote from their own category pricing.',
    },
    supplierMatch: {
      totalSuppliers: overrides.totalSuppliers,
      categoryName: 'Cleaning Supplies',
      cityData: null,
      expectedQuotes: Math.min(3, overrides.totalSuppliers),
      volumeCategory: 'standard',
      locationAdvantage: false,
      marketInsights: { competition: 'high', availability: overrides.availability, recommendation: overrides.recommendation },
    },
  };
}

function answer(popularProducts: PopularProduct[], previewAnswer?: QuotePreview) {
  api.server.use(
    http.get('*/api/catalogue/popular', () => HttpResponse.json({ products: popularProducts })),
    ...(previewAnswer ? [http.get('*/api/catalogue/preview', () => HttpResponse.json(previewAnswer))] : []),
  );
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('section')!;

describe('Popular This Month', () => {
  it('says once that there are no requests yet, with no zero counts', async () => {
    answer(popular([0, 0, 0, 0]));
    render(<Harness />);
    expect(await screen.findByText('No requests yet this month.')).toBeTruthy();
    const popularCard = within(card('Popular This Month'));
    expect(popularCard.queryByText(/requests? this month$/)).toBeNull();
    expect(popularCard.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Household Bleach',
      'Liquid Hand Soap',
      'Glass and Window Cleaner',
      'Toilet Paper 2-Ply (48-pack)',
    ]);
  });

  it('shows the counts of the products requested this month, and only those', async () => {
    answer(popular([3, 1, 0, 0]));
    render(<Harness />);
    expect(await screen.findByText('3 requests this month')).toBeTruthy();
    const popularCard = within(card('Popular This Month'));
    expect(popularCard.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Household Bleach3 requests this month',
      'Liquid Hand Soap1 request this month',
    ]);
    expect(popularCard.queryByText(/No requests yet/)).toBeNull();
  });
});

describe('live cost preview', () => {
  it('names the estimate for a product not in the catalogue and says nothing about coverage before a location', async () => {
    answer(
      popular([0, 0, 0, 0]),
      preview({
        totalSuppliers: 13,
        availability: 'Give a delivery location to see which suppliers deliver there.',
        recommendation: '',
      }),
    );
    render(<Harness initial={{ productName: 'Mop heads', quantity: '10' }} />);
    expect(
      await screen.findByText('Not in our catalogue, so this is the default estimate of R50.00 per unit; suppliers quote from their own category pricing.'),
    ).toBeTruthy();
    const matching = within(card('Supplier Matching'));
    expect(matching.getByText('Give a delivery location to see which suppliers deliver there.')).toBeTruthy();
    expect(matching.queryByText('Can supply this order')).toBeNull();
    expect(matching.queryByText('13')).toBeNull();
    expect(matching.queryByText('Expected quotes')).toBeNull();
  });

  it('gives the supplier figures once a location is given, labelled as an estimate for unknown products', async () => {
    answer(
      popular([0, 0, 0, 0]),
      preview({
        totalSuppliers: 13,
        availability: '13 cleaning supplies suppliers deliver to Durban and can quote this from their category pricing; it is not on their price lists.',
        recommendation: 'Ask for 10 quotes to compare the widest field.',
      }),
    );
    render(<Harness initial={{ productName: 'Mop heads', quantity: '10', deliveryLocation: 'Durban' }} />);
    const matching = within(card('Supplier Matching'));
    expect(await matching.findByText('Can quote an estimate')).toBeTruthy();
    expect(matching.getByText('Can quote an estimate').nextElementSibling?.textContent).toBe('13');
    expect(matching.queryByText('Can supply this order')).toBeNull();
    expect(matching.getByText('Ask for 10 quotes to compare the widest field.')).toBeTruthy();
  });
});
