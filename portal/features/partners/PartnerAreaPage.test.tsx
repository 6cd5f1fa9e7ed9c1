// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { payouts, REVENUE_MODEL } from '../../../contract/revenue';
import type { PartnerAnalytics, PartnerProfile } from '../../../sdk/schemas/partners';
import { setupApiMock } from '../../../widget/test/api-mock';
import PartnerAreaPage from './PartnerAreaPage';

const api = setupApiMock();

const PROFILE: PartnerProfile = {
  partnerId: 'p_0123456789abcdef',
  companyName: 'Coastal Cleaning',
  tier: 'starter',
  keyPrefix: 'procura_live_ab12',
  keyCreatedAt: '2026-11-20T08:00:00.000Z',
};
const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];
type Month = [rfqs: number, qualified: number, enterprise?: number, awarded?: number, pending?: number];
/** June to October for a partner with some history: two busy months among quiet ones. */
const EARLIER_MONTHS: Month[] = [
  [0, 0],
  [0, 0],
  [3, 2, 1, 1],
  [0, 0],
  [12, 10, 0, 4, 1],
];

function analytics(trend: Month[], model: Partial<PartnerAnalytics['revenueModel']> = {}): PartnerAnalytics {
  const shares = trend.map(([, qualifiedRfqs, enterpriseLeads = 0]) => (qualifiedRfqs - enterpriseLeads) * 15 + enterpriseLeads * 90);
  const paid = payouts(shares, model.minimumPayout ?? REVENUE_MODEL.minimumPayout);
  const monthlyTrends = MONTHS.map((month, i) => {
    const [rfqs, qualifiedRfqs, enterpriseLeads = 0, awardedRfqs = 0, pendingRfqs = 0] = trend[i]!;
    return { month, rfqs, qualifiedRfqs, pendingRfqs, enterpriseLeads, awardedRfqs, ...paid[i]! };
  });
  const now = monthlyTrends.at(-1)!;
  const sum = (key: 'rfqs' | 'qualifiedRfqs' | 'pendingRfqs' | 'enterpriseLeads' | 'awardedRfqs') => monthlyTrends.reduce((n, m) => n + m[key], 0);
  return {
    partnerId: PROFILE.partnerId,
    totalRfqs: sum('rfqs'),
    qualifiedRfqs: sum('qualifiedRfqs'),
    pendingRfqs: sum('pendingRfqs'),
    monthPendingRfqs: now.pendingRfqs,
    enterpriseLeads: sum('enterpriseLeads'),
    awardedRfqs: sum('awardedRfqs'),
    month: now.month,
    monthRfqs: now.rfqs,
    monthQualifiedRfqs: now.qualifiedRfqs,
    monthEnterpriseLeads: now.enterpriseLeads,
    monthAwardedRfqs: now.awardedRfqs,
    revenue: now.revenue,
    carriedIn: now.carriedIn,
    balance: now.carriedIn + now.revenue,
    revenueModel: { ...REVENUE_MODEL, ...model },
    widgetLoads: 0,
    conversionRate: null,
    topProducts: [],
    monthlyTrends,
  };
}

const STATEMENTS = [
  {
    number: 'ST-2026-000002',
    month: '2026-11',
    issuedOn: '2026-12-01',
    qualifiedRequests: 6,
    creditsCents: 9000,
    broughtForwardCents: 1500,
    carriedForwardCents: 0,
    payableCents: 10500,
    dueOn: '2026-12-30',
    paidOn: null,
  },
];

function partnerApi(answer: PartnerAnalytics) {
  const seen: { partnerId: string | null; authorization: string | null }[] = [];
  api.server.use(
    http.get('*/api/partners/me', ({ request }) => {
      seen.push({ partnerId: request.headers.get('x-partner-id'), authorization: request.headers.get('authorization') });
      return HttpResponse.json(PROFILE);
    }),
    http.get('*/api/embed/analytics', () => HttpResponse.json(answer)),
    http.get('*/api/partners/hosts', () =>
      HttpResponse.json({ hosts: [{ host: 'coastal.example.co.za', addedAt: PROFILE.keyCreatedAt }], uncreditedHosts: [] }),
    ),
    http.get('*/api/partners/statements', () => HttpResponse.json({ statements: STATEMENTS })),
  );
  return seen;
}

async function signIn() {
  const user = userEvent.setup();
  render(<PartnerAreaPage />);
  await user.type(screen.getByLabelText(/Partner ID/), PROFILE.partnerId);
  await user.type(screen.getByLabelText(/API key/), 'procura_live_ab12_secret');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { level: 1, name: 'Coastal Cleaning' });
  return user;
}

const trends = () => screen.getByRole('region', { name: 'Last six months' });
const statementsSection = () => screen.getByRole('region', { name: 'Statements' });

describe('partner area', () => {
  it('tells a new partner there is nothing yet instead of six months of zeros', async () => {
    partnerApi(analytics(MONTHS.map(() => [0, 0])));
    await signIn();
    expect(within(trends()).queryByRole('table')).toBeNull();
    expect(
      within(trends()).getByText(
        'Nothing yet: no request has come through your widgets in these six months. Each month’s requests and earnings will show here.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/2026-\d\d/)).toBeNull();
  });

  it('names each month of the trend', async () => {
    partnerApi(analytics([...EARLIER_MONTHS, [4, 4, 2, 1]]));
    await signIn();
    expect(
      within(within(trends()).getByRole('table'))
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Month', 'RFQs', 'Qualified', 'Pending', 'Enterprise leads', 'Awarded', 'Earned', 'Payout']);
    const rows = within(within(trends()).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['June 2026', '0', '0', '0', '0', '0', 'R0.00', '–'],
      ['July 2026', '0', '0', '0', '0', '0', 'R0.00', '–'],
      ['August 2026', '3', '2', '0', '1', '1', 'R105.00', 'R105.00'],
      ['September 2026', '0', '0', '0', '0', '0', 'R0.00', '–'],
      ['October 2026', '12', '10', '1', '0', '4', 'R150.00', 'R150.00'],
      ['November 2026', '4', '4', '0', '2', '1', 'R210.00', 'R210.00'],
    ]);
  });

  it('carries a month under the minimum payout over until the balance reaches it, and says so', async () => {
    partnerApi(
      analytics([
        [0, 0],
        [1, 1],
        [0, 0],
        [2, 2, 1],
        [1, 1],
        [2, 0, 0, 0, 2],
      ]),
    );
    await signIn();
    const rows = within(within(trends()).getByRole('table')).getAllByRole('row').slice(1);
    expect(
      rows.map(
        (r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => [c.textContent])
            .at(-1)![0],
      ),
    ).toEqual(['–', 'R15.00 carried over', 'R15.00 carried over', 'R120.00, with R15.00 carried in', 'R15.00 carried over', 'R15.00 carried over']);
    const month = screen.getByRole('region', { name: 'This month' });
    expect([...month.querySelectorAll('.stat')].map((s) => [...s.children].map((c) => c.textContent)).at(-2)).toEqual([
      'Balance',
      'R15.00',
      'R15.00 carried in',
    ]);
    expect(within(month).getByText(/^Your balance is/).textContent).toBe(
      'Your balance is R15.00, carried over from earlier months. It is under the R100.00 minimum payout, so it carries over to next month until it reaches R100.00.',
    );
  });

  it('says when a balance that reached the minimum is paid, under the terms the server applies', async () => {
    partnerApi(
      analytics(
        [
          [0, 0],
          [0, 0],
          [0, 0],
          [0, 0],
          [1, 1],
          [2, 2, 1],
        ],
        { minimumPayout: 50, paymentTerms: 'Net 14' },
      ),
    );
    await signIn();
    const month = screen.getByRole('region', { name: 'This month' });
    expect(within(month).getByText(/^Your balance is/).textContent).toBe(
      'Your balance is R120.00, with R15.00 carried over from earlier months. It reaches the R50.00 minimum payout and is paid after November 2026 ends (Net 14).',
    );
    expect(within(month).getByText(/^Each qualified request earns/).textContent).toContain('(Net 14, minimum payout R50.00)');
  });

  it("counts this month's and all-time pending RFQs, enterprise leads and awarded RFQs, and explains the rates behind the earnings", async () => {
    partnerApi(analytics([...EARLIER_MONTHS, [5, 3, 2, 1, 2]]));
    await signIn();
    const month = screen.getByRole('region', { name: 'This month' });
    const stats = [...month.querySelectorAll('.stat')].map((s) => [...s.children].map((c) => c.textContent));
    expect(stats).toEqual([
      ['RFQs', '5', '20 in all'],
      ['Qualified', '3', '15 in all'],
      ['Pending', '2', '3 in all'],
      ['Enterprise leads', '2', '3 in all'],
      ['Awarded RFQs', '1', '6 in all'],
      ['Earnings', 'R195.00'],
      ['Balance', 'R195.00'],
      ['Loads that became RFQs', '–'],
    ]);
    expect(within(month).getByText(/^Each qualified request earns/).textContent).toBe(
      'Each qualified request earns R25.00, or R150.00 when it is an enterprise lead (from a company of more than 100 employees); you receive 60%, paid monthly by EFT bank transfer (Net 30, minimum payout R100.00).',
    );
    expect(within(month).getByText(/^Payouts are made/).textContent).toBe(
      'Payouts are made by EFT bank transfer to a South African bank account; PayPal is not offered for payouts. Questions about a payout: partners@procura.co.za.',
    );
    expect(within(month).getByRole('link', { name: 'partners@procura.co.za' }).getAttribute('href')).toBe(
      'mailto:partners@procura.co.za?subject=Partner%20payout',
    );
  });

  it('signs out: forgets the credentials, returns to the sign-in form and says so', async () => {
    const seen = partnerApi(analytics(MONTHS.map(() => [0, 0])));
    const user = await signIn();
    expect(seen).toEqual([{ partnerId: PROFILE.partnerId, authorization: 'Bearer procura_live_ab12_secret' }]);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.queryByRole('heading', { name: 'Coastal Cleaning' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Partner area' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You are signed out. This tab no longer holds your partner ID or API key.');
    expect((screen.getByLabelText(/Partner ID/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/API key/) as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(screen.getByLabelText(/Partner ID/));
  });

  it('tells a partner without their key what to do', () => {
    render(<PartnerAreaPage />);
    expect(screen.getByLabelText(/API key/).getAttribute('type')).toBe('password');
    expect(screen.getByLabelText(/API key/).getAttribute('aria-describedby')).toBe('pa-key-input-hint');
    expect(document.getElementById('pa-key-input-hint')!.textContent).toBe(
      'Shown once, when you registered; Procura keeps only a fingerprint of it. If you did not keep it, register again for a new partner ID and key.',
    );
  });

  it("lists the partner's statements with each month's share and its payout due", async () => {
    partnerApi(analytics(MONTHS.map(() => [0, 0])));
    await signIn();
    const statements = statementsSection();
    const table = await within(statements).findByRole('region', { name: 'Monthly statements' });
    // The section and its table's scrolling region are named apart: one region per name.
    expect(screen.getAllByRole('region', { name: 'Statements' })).toEqual([statements]);
    const row = within(table).getByRole('row', { name: /ST-2026-000002/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['November 2026', '6', 'R90.00', 'R0.00', 'R105.00 due 30 December 2026', 'PDFCSV']);
  });

  it("saves a statement's CSV, fetched with the partner's key, under the statement's number", async () => {
    partnerApi(analytics(MONTHS.map(() => [0, 0])));
    const asked: { path: string; authorization: string | null }[] = [];
    api.server.use(
      http.get('*/api/partners/statements/:file', ({ request, params }) => {
        asked.push({ path: String(params.file), authorization: request.headers.get('authorization') });
        return new HttpResponse('Date,Reference\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:statement');
    try {
      await signIn();
      const statements = statementsSection();
      await userEvent.click(await within(statements).findByRole('button', { name: 'Download ST-2026-000002 as CSV' }));
      await vi.waitFor(() => expect(saved).toEqual(['ST-2026-000002.csv']));
      expect(asked).toEqual([{ path: 'ST-2026-000002.csv', authorization: 'Bearer procura_live_ab12_secret' }]);
      expect(created.mock.calls[0]![0]).toBeInstanceOf(Blob);
    } finally {
      click.mockRestore();
      created.mockRestore();
    }
  });
});
