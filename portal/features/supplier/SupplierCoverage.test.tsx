// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SupplierCoverage } from '../../../contract/schemas/supplier-workspace';
import { setupApiMock } from '../../../widget/test/api-mock';
import { SupplierCoverageSection } from './SupplierCoverage';

const api = setupApiMock();

/** What buyers are quoted for a place in one distance band, as the server answers it. */
const oneBand = (min: number, distance: number) => ({
  leadTime: `${min}-${min + distance} days`,
  farthestLeadTime: `${min}-${min + distance} days`,
  minDays: min,
  roundedUp: false,
  distanceDays: { least: distance, most: distance },
});

/** A supplier based in Johannesburg with 2 dispatch days, delivering to Johannesburg in 1 day and Durban in 4. */
const onFile: SupplierCoverage = {
  areas: [
    { scope: 'city', area: 'durban', name: 'Durban, KwaZulu-Natal', leadDays: 4, buyers: oneBand(6, 3) },
    { scope: 'city', area: 'johannesburg', name: 'Johannesburg, Gauteng', leadDays: 1, buyers: oneBand(3, 1) },
  ],
  provinces: ['Gauteng', 'KwaZulu-Natal'],
  dispatchDays: 2,
  homeCity: 'Johannesburg',
  distanceAllowance: [
    { withinKm: 100, days: 1 },
    { withinKm: 500, days: 2 },
    { withinKm: null, days: 3 },
  ],
};

const leadTime = (description: string) => screen.getByRole('textbox', { name: 'Lead time (days)', description });

describe('where the supplier delivers', () => {
  it('says beside each place what buyers are quoted there and why, and works a changed place out again when it is saved', async () => {
    const user = userEvent.setup();
    api.server.use(http.get('*/api/supplier/coverage', () => HttpResponse.json(onFile)));
    const sent = api.record<{ areas: { scope: string; area: string; leadDays: number }[] }>('put', '*/api/supplier/coverage', () =>
      HttpResponse.json({ ...onFile, areas: [{ ...onFile.areas[0]!, leadDays: 3, buyers: oneBand(5, 3) }, onFile.areas[1]!] }),
    );
    api.catalogue([]);
    render(<SupplierCoverageSection />);

    await screen.findByRole('heading', { name: 'Where you deliver' });
    expect(leadTime('Buyers see 6-9 days: your 4 days + 2 days dispatch + up to 3 days for distance.')).toBeTruthy();
    const johannesburg = leadTime('Buyers see 3-4 days: your 1 day + 2 days dispatch + up to 1 day for distance.');
    expect((johannesburg as HTMLInputElement).value).toBe('1');
    expect(
      screen.getByText(
        'Procura adds the 2 days dispatch it has on file for you, and a distance allowance from Johannesburg, your home city: 1 day within 100 km, 2 days within 500 km, 3 days farther, or when a buyer names only a province.',
      ),
    ).toBeTruthy();

    // Changed, the figure is no longer what buyers see: it waits for the save.
    const durban = leadTime('Buyers see 6-9 days: your 4 days + 2 days dispatch + up to 3 days for distance.');
    await user.clear(durban);
    await user.type(durban, '3');
    expect(leadTime('Save to see what buyers are quoted for this place.')).toBe(durban);
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    expect(screen.getAllByRole('textbox', { name: 'Lead time (days)', description: 'Save to see what buyers are quoted for this place.' })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove place 3' }));

    await user.click(screen.getByRole('button', { name: 'Save where you deliver' }));
    expect(await screen.findByText('Saved: 2 places. Your next quotes use them.')).toBeTruthy();
    expect(sent).toEqual([
      {
        areas: [
          { scope: 'city', area: 'durban', leadDays: 3 },
          { scope: 'city', area: 'johannesburg', leadDays: 1 },
        ],
      },
    ]);
    expect(leadTime('Buyers see 5-8 days: your 3 days + 2 days dispatch + up to 3 days for distance.')).toBeTruthy();
  });

  it('gives a province’s nearest and farthest buyers, a lead time rounded up to a day, and a place no request reaches', async () => {
    api.server.use(
      http.get('*/api/supplier/coverage', () =>
        HttpResponse.json({
          ...onFile,
          dispatchDays: 0,
          areas: [
            {
              scope: 'province',
              area: 'Gauteng',
              name: 'Gauteng',
              leadDays: 2,
              buyers: { leadTime: '2-3 days', farthestLeadTime: '2-5 days', minDays: 2, roundedUp: false, distanceDays: { least: 1, most: 3 } },
            },
            {
              scope: 'city',
              area: 'johannesburg',
              name: 'Johannesburg, Gauteng',
              leadDays: 0,
              buyers: { ...oneBand(1, 1), roundedUp: true },
            },
            { scope: 'national', area: '', name: 'All of South Africa', leadDays: 5, buyers: null },
          ],
        } satisfies SupplierCoverage),
      ),
    );
    api.catalogue([]);
    render(<SupplierCoverageSection />);
    await screen.findByRole('heading', { name: 'Where you deliver' });
    expect(leadTime('Buyers see 2-3 days nearby to 2-5 days farthest away: your 2 days + 0 days dispatch + up to 1 to 3 days for distance.')).toBeTruthy();
    expect(leadTime('Buyers see 1-2 days: your 0 days + 0 days dispatch (at least 1 day) + up to 1 day for distance.')).toBeTruthy();
    expect(leadTime('No request is quoted from this place: every city and province has a place of its own on your list.')).toBeTruthy();
  });
});
