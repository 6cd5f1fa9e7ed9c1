// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PARTNER_HOST_MESSAGES, type PartnerHosts as Hosts } from '../../../sdk/schemas/partners';
import { setupApiMock } from '../../../widget/test/api-mock';
import { PartnerHosts } from './PartnerHosts';

const api = setupApiMock();

const SESSION = { partnerId: 'p_0123456789abcdef', apiKey: 'procura_live_ab12_secret' };
const AT = '2026-11-20T08:00:00.000Z';

/** A partner's host list held by the mock server, changed by the same calls as the real one. */
function hostsApi(start: Hosts) {
  let state = start;
  const calls: string[] = [];
  const authorised = (request: Request) =>
    request.headers.get('authorization') === `Bearer ${SESSION.apiKey}` && request.headers.get('x-partner-id') === SESSION.partnerId;
  api.server.use(
    http.get('*/api/partners/hosts', ({ request }) => (authorised(request) ? HttpResponse.json(state) : new HttpResponse(null, { status: 401 }))),
    http.post('*/api/partners/hosts', async ({ request }) => {
      const { host } = (await request.json()) as { host: string };
      calls.push(`add ${host}`);
      if (!/^[a-z0-9.-]+$/.test(host.trim().toLowerCase())) {
        return HttpResponse.json(
          { error: { code: 'validation_error', message: 'Request validation failed', details: { fields: { host: PARTNER_HOST_MESSAGES.host } } } },
          { status: 400 },
        );
      }
      const clean = host.trim().toLowerCase();
      state = { hosts: [...state.hosts, { host: clean, addedAt: AT }], uncreditedHosts: state.uncreditedHosts.filter((h) => h.host !== clean) };
      return HttpResponse.json(state, { status: 201 });
    }),
    http.delete('*/api/partners/hosts/:host', ({ params }) => {
      calls.push(`remove ${String(params.host)}`);
      state = { ...state, hosts: state.hosts.filter((h) => h.host !== params.host) };
      return HttpResponse.json(state);
    }),
  );
  return calls;
}

const credited = () => screen.getByRole('list', { name: 'Hosts credited to you' });
const listed = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('partner hosts', () => {
  it('lists the hosts, offers the uncredited ones, and adds one with a click', async () => {
    const calls = hostsApi({
      hosts: [{ host: 'coastal.example.co.za', addedAt: AT }],
      uncreditedHosts: [{ host: 'shop.coastal.example.co.za', rfqs: 3, lastRfqAt: AT }],
    });
    const user = userEvent.setup();
    render(<PartnerHosts session={SESSION} />);
    expect(await screen.findByRole('list', { name: 'Hosts credited to you' })).toBeTruthy();
    expect(listed(credited())).toEqual(['coastal.example.co.zaRemove']);
    const uncredited = screen.getByRole('list', { name: 'Hosts that sent requests not credited to you' });
    expect(listed(uncredited)).toEqual(['shop.coastal.example.co.za: 3 requests, the last on 20 November 2026Add']);

    await user.click(within(uncredited).getByRole('button', { name: 'Add shop.coastal.example.co.za' }));
    expect(await within(credited()).findByText('shop.coastal.example.co.za')).toBeTruthy();
    expect(calls).toEqual(['add shop.coastal.example.co.za']);
    expect(screen.getByText('No other site has sent requests naming your partner ID.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('shop.coastal.example.co.za added. Its requests are credited to you from now on.');
  });

  it('adds a typed host, shows the field message for a bad one, and removes a host', async () => {
    const calls = hostsApi({ hosts: [{ host: 'coastal.example.co.za', addedAt: AT }], uncreditedHosts: [] });
    const user = userEvent.setup();
    render(<PartnerHosts session={SESSION} />);
    const field = await screen.findByLabelText(/Host name/);

    await user.type(field, 'https://blog.example.com/x');
    await user.click(screen.getByRole('button', { name: 'Add host' }));
    expect(await screen.findByText(PARTNER_HOST_MESSAGES.host)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, 'blog.example.com{Enter}');
    expect(await within(credited()).findByText('blog.example.com')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');

    await user.click(within(credited()).getByRole('button', { name: 'Remove coastal.example.co.za' }));
    expect(listed(credited())).toEqual(['blog.example.comRemove']);
    expect(calls).toEqual(['add https://blog.example.com/x', 'add blog.example.com', 'remove coastal.example.co.za']);
  });

  it('says so when the partner has no host left', async () => {
    hostsApi({ hosts: [], uncreditedHosts: [] });
    render(<PartnerHosts session={SESSION} />);
    expect(await screen.findByText('No host yet: requests from your widgets earn nothing until their site is listed here.')).toBeTruthy();
  });
});
