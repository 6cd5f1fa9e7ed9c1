// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SupplierProfile } from '../../../contract/schemas/supplier-workspace';
import { setupApiMock, validationFailed } from '../../../widget/test/api-mock';
import { SupplierProfileTab } from './SupplierProfile';

const api = setupApiMock();

const onFile: SupplierProfile = {
  name: 'Coastal Hygiene',
  contactPerson: 'Nomsa Zulu',
  email: 'sales@coastal.example',
  phone: '+27 31 555 0100',
  paymentTerms: '30 days from invoice',
  validityDays: 7,
  minimumOrder: 500,
  leadEmails: 'each',
  registrationNumber: null,
  vatNumber: null,
  registeredAddress: null,
  bbeeLevel: null,
  bbeeEvidence: null,
  bbeeExpiresOn: null,
  bbee: { level: null, evidence: null, expiresOn: null, status: 'none', recognitionPercent: 0 },
};

/** What the coverage answers beside its places: the dispatch days, home city and distance allowance. */
const deliveryTerms = { dispatchDays: 2, homeCity: 'Durban', distanceAllowance: [{ withinKm: null, days: 3 }] };

/** The supplier's details on file, delivering nowhere yet; returns the list of changes sent, each saved as `saved(body)`. */
function profileApi(saved: (body: Record<string, unknown>) => Record<string, unknown>) {
  api.server.use(
    http.get('*/api/supplier/coverage', () => HttpResponse.json({ ...deliveryTerms, areas: [], provinces: ['Gauteng'] })),
    http.get('*/api/supplier/profile', () => HttpResponse.json(onFile)),
  );
  return api.record('patch', '*/api/supplier/profile', (body) => HttpResponse.json(saved(body)));
}

describe('the supplier’s details tab', () => {
  it('says an expired B-BBEE certificate reads non-compliant, and says nothing of one far from its expiry', async () => {
    const expired = { ...onFile, bbeeLevel: 2, bbeeEvidence: 'certificate', bbeeExpiresOn: '2026-01-31' };
    api.server.use(
      http.get('*/api/supplier/coverage', () => HttpResponse.json({ ...deliveryTerms, areas: [], provinces: ['Gauteng'] })),
      http.get('*/api/supplier/profile', () =>
        HttpResponse.json({ ...expired, bbee: { level: null, evidence: 'certificate', expiresOn: '2026-01-31', status: 'expired', recognitionPercent: 0 } }),
      ),
    );
    const { unmount } = render(<SupplierProfileTab />);
    expect((await screen.findByRole('note')).textContent).toBe(
      'Your B-BBEE verification certificate expired on 31 January 2026. Buyers now see you as non-compliant, and their spend with you counts as no recognised B-BBEE spend, until you give your new level and its expiry below.',
    );
    unmount();
    api.server.use(
      http.get('*/api/supplier/profile', () =>
        HttpResponse.json({
          ...expired,
          bbeeExpiresOn: '2099-12-31',
          bbee: { level: 2, evidence: 'certificate', expiresOn: '2099-12-31', status: 'valid', recognitionPercent: 125 },
        }),
      ),
    );
    render(<SupplierProfileTab />);
    expect(await screen.findByRole('heading', { name: 'Contact and terms' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('sends only what changed, with a level’s evidence and expiry, and shows what was saved', async () => {
    const user = userEvent.setup();
    const sent = profileApi((body) => ({
      ...onFile,
      paymentTerms: body.paymentTerms,
      bbeeLevel: 2,
      bbeeEvidence: 'certificate',
      bbeeExpiresOn: '2027-03-31',
      bbee: { level: 2, evidence: 'certificate', expiresOn: '2027-03-31', status: 'valid', recognitionPercent: 125 },
    }));
    render(<SupplierProfileTab />);
    const terms = await screen.findByRole('textbox', { name: 'Payment terms' });
    expect((terms as HTMLInputElement).value).toBe('30 days from invoice');
    expect(screen.getByText(/procurement recognition 0%/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect((await screen.findByRole('status')).textContent).toBe('Change at least one detail: nothing has changed.');
    expect(sent).toEqual([]);

    await user.clear(terms);
    await user.type(terms, 'Cash on delivery');
    await user.selectOptions(screen.getByRole('combobox', { name: 'B-BBEE level' }), 'Level 2');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(screen.getByText('Choose the evidence of the level: certificate or sworn affidavit')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Evidence' }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Evidence' }), 'Verification certificate');
    await user.type(screen.getByLabelText('Evidence expires on'), '2027-03-31');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect((await screen.findByText('Saved. Your next quotes use these details.')).getAttribute('role')).toBe('status');
    expect(sent).toEqual([{ paymentTerms: 'Cash on delivery', bbeeLevel: 2, bbeeEvidence: 'certificate', bbeeExpiresOn: '2027-03-31' }]);
    expect(screen.getByText(/B-BBEE level 2.*procurement recognition 125%/)).toBeTruthy();
  });

  it('refuses a company registration number not in CIPC’s form at the field, and sends one that is', async () => {
    const user = userEvent.setup();
    const sent = profileApi((body) => ({ ...onFile, ...body }));
    render(<SupplierProfileTab />);
    const field = await screen.findByRole('textbox', { name: 'Company registration number' });
    await user.type(field, '2015/12345/07');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(screen.getByText('Enter the registration number as YYYY/NNNNNN/NN')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, ' 2015 / 123456 / 07');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Saved. Your next quotes use these details.')).toBeTruthy();
    expect(sent).toEqual([{ registrationNumber: '2015/123456/07' }]);
    expect((field as HTMLInputElement).value).toBe('2015/123456/07');
  });

  it('takes its lead e-mails as an hourly digest, sending only that choice', async () => {
    const user = userEvent.setup();
    const sent = profileApi((body) => ({ ...onFile, ...body }));
    render(<SupplierProfileTab />);
    await screen.findByRole('group', { name: /How new leads reach sales@coastal.example/ });
    expect((screen.getByRole('radio', { name: /Each lead as it comes/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /A digest every hour/ }));
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(await screen.findByText('Saved. Your next quotes use these details.')).toBeTruthy();
    expect(sent).toEqual([{ leadEmails: 'hourly' }]);
    expect((screen.getByRole('radio', { name: /A digest every hour/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('lists where the supplier delivers, and sends the whole list with the place a refusal names marked', async () => {
    const user = userEvent.setup();
    api.server.use(
      http.get('*/api/supplier/profile', () => HttpResponse.json(onFile)),
      http.get('*/api/supplier/coverage', () =>
        HttpResponse.json({
          ...deliveryTerms,
          areas: [{ scope: 'city', area: 'durban', name: 'Durban, KwaZulu-Natal', leadDays: 1, buyers: null }],
          provinces: ['Gauteng', 'Western Cape'],
        }),
      ),
    );
    const sent = api.record<{ areas: { scope: string; area: string; leadDays: number }[] }>('put', '*/api/supplier/coverage', (body) =>
      body.areas.some((a) => a.leadDays > 60)
        ? validationFailed({ 'areas.1.leadDays': 'Enter a lead time of 0 to 60 days' })
        : HttpResponse.json({
            ...deliveryTerms,
            areas: body.areas.map((a) => ({ ...a, name: a.area || 'All of South Africa', buyers: null })),
            provinces: ['Gauteng', 'Western Cape'],
          }),
    );
    api.catalogue([]);
    render(<SupplierProfileTab />);
    expect(((await screen.findByRole('combobox', { name: 'City' })) as HTMLInputElement).value).toBe('Durban, KwaZulu-Natal');
    await user.click(screen.getByRole('button', { name: 'Add a place' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place 2' }), 'A province');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Province' }), 'Gauteng');
    const days = screen.getAllByRole('textbox', { name: 'Lead time (days)' });
    await user.clear(days[1]!);
    await user.type(days[1]!, '90');
    await user.click(screen.getByRole('button', { name: 'Save where you deliver' }));
    expect(await screen.findByText('Enter a lead time of 0 to 60 days')).toBeTruthy();
    expect(days[1]!.getAttribute('aria-invalid')).toBe('true');
    await user.clear(days[1]!);
    await user.type(days[1]!, '3');
    await user.click(screen.getByRole('button', { name: 'Save where you deliver' }));
    expect(await screen.findByText('Saved: 2 places. Your next quotes use them.')).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      areas: [
        { scope: 'city', area: 'durban', leadDays: 1 },
        { scope: 'province', area: 'Gauteng', leadDays: 3 },
      ],
    });
  });
});
