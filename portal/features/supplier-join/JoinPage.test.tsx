// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { APPLICATION_MESSAGES } from '../../../contract/schemas/supplier-applications';
import { setupApiMock } from '../../../widget/test/api-mock';
import { paths } from '../../app/paths';
import { SiteFiguresProvider } from '../../lib/site-figures';
import { FIGURES } from '../../test/figures';
import { emptyScorecard } from '../../test/scorecard';
import type { PublicSupplier } from '../../../contract/schemas/public-supplier';
import JoinPage from './JoinPage';

const api = setupApiMock();

function renderJoin(path = '/suppliers/join') {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <SiteFiguresProvider initial={FIGURES}>
        <JoinPage />
      </SiteFiguresProvider>
    </Router>,
  );
  return userEvent.setup();
}

afterEach(() => window.history.replaceState(null, '', '/'));

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /Registered company name/ }), 'Limpopo Clean Supplies (Pty) Ltd');
  await user.type(screen.getByRole('textbox', { name: /CIPC registration number/ }), '2015/123456/07');
  await user.type(screen.getByRole('textbox', { name: /Your name/ }), 'Lerato Mokoena');
  await user.type(screen.getByRole('textbox', { name: /Work e-mail/ }), 'lerato@limpopoclean.example');
  await user.type(screen.getByRole('textbox', { name: /Phone/ }), '015 555 0100');
  await user.type(screen.getByRole('textbox', { name: /City your business is in/ }), 'Polokwane');
  await user.click(screen.getByRole('checkbox', { name: FIGURES.categories[0]!.name }));
  await user.click(screen.getByRole('checkbox', { name: /I accept Procura's terms/ }));
}

describe('the join page', () => {
  it('is a public page, and shows each field its message beside it before sending anything', async () => {
    expect(paths).toContain('/suppliers/join');
    let sent = 0;
    api.server.use(
      http.post('*/api/supplier-applications', () => {
        sent++;
        return HttpResponse.json({ message: 'x' }, { status: 202 });
      }),
    );
    const user = renderJoin();
    await user.click(screen.getByRole('button', { name: 'Apply to supply' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Registered company name/ }));
    for (const message of [
      APPLICATION_MESSAGES.companyName,
      APPLICATION_MESSAGES.registrationNumber,
      APPLICATION_MESSAGES.phone,
      APPLICATION_MESSAGES.categories,
      APPLICATION_MESSAGES.acceptTerms,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.queryByLabelText(/certificate expires on/)).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: /B-BBEE level/ }), 'Level 2');
    expect(screen.getByLabelText(/certificate expires on/)).toBeTruthy();
    expect(sent).toBe(0);
  });

  it("sends the application, shows the server's field messages beside their fields, then says to check the e-mail", async () => {
    const bodies: unknown[] = [];
    api.server.use(
      http.post('*/api/supplier-applications', async ({ request }) => {
        bodies.push(await request.json());
        return bodies.length === 1
          ? HttpResponse.json(
              {
                error: {
                  code: 'validation_error',
                  message: 'Request validation failed',
                  details: { fields: { city: APPLICATION_MESSAGES.cityUnknown(['Polokwane, Limpopo']) } },
                },
              },
              { status: 400 },
            )
          : HttpResponse.json({ message: APPLICATION_MESSAGES.checkEmail }, { status: 202 });
      }),
    );
    const user = renderJoin();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Apply to supply' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.cityUnknown(['Polokwane, Limpopo']))).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /City your business is in/ }));
    await user.click(screen.getByRole('button', { name: 'Apply to supply' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(screen.getByText(APPLICATION_MESSAGES.checkEmail)).toBeTruthy();
    expect(bodies[1]).toEqual({
      companyName: 'Limpopo Clean Supplies (Pty) Ltd',
      registrationNumber: '2015/123456/07',
      contactName: 'Lerato Mokoena',
      email: 'lerato@limpopoclean.example',
      phone: '015 555 0100',
      city: 'Polokwane',
      categories: [FIGURES.categories[0]!.id],
      acceptTerms: true,
    });
  });

  it('takes the #ap_ link out of the address on load and verifies it once, only after the click', async () => {
    const tokens: unknown[] = [];
    api.server.use(
      http.post('*/api/supplier-applications/verify', async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({ message: APPLICATION_MESSAGES.verified });
      }),
    );
    const token = `ap_${'a'.repeat(43)}`;
    window.history.replaceState(null, '', `/suppliers/join#${token}`);
    const user = renderJoin();
    const confirm = await screen.findByRole('button', { name: 'Confirm my e-mail address' });
    expect(window.location.hash).toBe('');
    expect(tokens).toEqual([]);
    await user.click(confirm);
    expect(await screen.findByText(APPLICATION_MESSAGES.verified)).toBeTruthy();
    expect(tokens).toEqual([{ token }]);
    expect(window.location.hash).toBe('');
  });

  it('says when the link was used or has expired', async () => {
    api.server.use(
      http.post('*/api/supplier-applications/verify', () =>
        HttpResponse.json({ error: { code: 'invalid_token', message: APPLICATION_MESSAGES.linkInvalid } }, { status: 400 }),
      ),
    );
    window.history.replaceState(null, '', `/suppliers/join#ap_${'b'.repeat(43)}`);
    const user = renderJoin();
    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail address' }));
    expect(await screen.findByText(APPLICATION_MESSAGES.linkInvalid)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain(APPLICATION_MESSAGES.linkInvalid);
  });

  it('starts from the public details of the listing a lead e-mail links to, never its contact details, and leaves the rest to fill in', async () => {
    const category = FIGURES.categories[0]!;
    const listing: PublicSupplier = {
      id: 59,
      slug: 'blue-crane-wholesale',
      name: 'Blue Crane Wholesale',
      city: 'Richards Bay',
      province: 'KwaZulu-Natal',
      verified: true,
      deliveryAreas: [],
      bbee: { level: null, evidence: null, expiresOn: null, status: 'none', recognitionPercent: 0 },
      vat: { registered: true, number: '4907841733' },
      registrationNumber: null,
      specialties: [],
      categories: [{ id: category.id, name: category.name }],
      scorecard: emptyScorecard({ supplierId: 59, slug: 'blue-crane-wholesale', name: 'Blue Crane Wholesale' }),
    };
    api.server.use(http.get('*/api/suppliers/blue-crane-wholesale', () => HttpResponse.json(listing)));
    window.history.replaceState(null, '', '/suppliers/join?supplier=blue-crane-wholesale');
    renderJoin('/suppliers/join?supplier=blue-crane-wholesale');
    expect((await screen.findByRole('note')).textContent).toContain("Filled in from Procura's listing of Blue Crane Wholesale");
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Registered company name/ }).value).toBe('Blue Crane Wholesale');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /City your business is in/ }).value).toBe('Richards Bay');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /VAT number/ }).value).toBe('4907841733');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: category.name }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /CIPC registration number/ }).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Work e-mail/ }).value).toBe('');
  });
});
