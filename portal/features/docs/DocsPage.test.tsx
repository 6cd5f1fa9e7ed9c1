// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/openapi/openapi';
import { setupApiMock } from '../../../widget/test/api-mock';
import { COMPANY } from '../../lib/content';
import DocsPage from './DocsPage';

const api = setupApiMock();

async function openTab(name: string) {
  const user = userEvent.setup();
  render(<DocsPage />);
  await user.click(screen.getByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

/** Each body row's cells, as read. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Get Access', () => {
  it('offers registration, an enterprise e-mail and the contact block', async () => {
    const panel = await openTab('Get Access');
    expect(within(panel).getByRole('link', { name: 'Get API access' }).getAttribute('href')).toBe('/api-registration');

    const enterprise = within(panel).getByRole('link', { name: `E-mail ${COMPANY.partnersEmail} about Enterprise access` });
    expect(enterprise.getAttribute('href')).toBe(`mailto:${COMPANY.partnersEmail}?subject=Enterprise%20data%20API%20access`);

    const contact = within(panel).getByRole('region', { name: 'Contact' });
    expect(within(contact).getByText(COMPANY.name)).toBeTruthy();
    expect(within(contact).getByText(COMPANY.address)).toBeTruthy();
    expect(within(contact).getByRole('link', { name: COMPANY.email }).getAttribute('href')).toBe(`mailto:${COMPANY.email}`);
    expect(within(contact).getByRole('link', { name: COMPANY.phone }).getAttribute('href')).toBe(`tel:${COMPANY.phone.replace(/\s/g, '')}`);
    expect(within(contact).getByText(`Support ${COMPANY.supportHours}`)).toBeTruthy();
  });
});

describe('Schema', () => {
  it('says company_size is the size the buyer stated on either form, or unknown', async () => {
    const panel = await openTab('Schema');
    const row = rowsOf(within(within(panel).getByRole('region', { name: 'rfq_submissions columns' })).getByRole('table')).find((r) => r[0] === 'company_size');
    expect(row).toEqual([
      'company_size',
      'string',
      'The company size the buyer chose on the quote form or the widget (optional on both), in employees: 1-10, 11-50, 51-100, 101-250 or 250+; unknown when none was chosen',
    ]);
    expect(panel.textContent).not.toContain('does not ask');
  });
});

describe('API Reference', () => {
  beforeEach(() => {
    api.server.use(http.get('*/api/openapi.json', () => HttpResponse.json(openApiDocument('0.1.0', 'http://localhost:3000'))));
  });

  it('shows each POST request body field with its type', async () => {
    const panel = await openTab('API Reference');
    for (const path of ['/api/embed/rfq', '/api/analytics/widget-load', '/api/partners/register']) {
      expect(await within(panel).findByRole('table', { name: `Request body of POST ${path}` })).toBeTruthy();
    }
    expect(rowsOf(within(panel).getByRole('table', { name: 'Request body of POST /api/partners/register' }))).toEqual([
      ['companyName (required)', 'string, 2–200 characters'],
      ['contactEmail (required)', 'string, up to 254 characters'],
      ['contactName (required)', 'string, 2–200 characters'],
      ['website (required)', 'string, up to 2000 characters'],
      ['businessType (required)', 'one of: ecommerce, directory, marketplace, portal, media, software, other'],
      ['integrationType (required)', 'one of: widget, api, both, enterprise'],
      ['monthlyTraffic (required)', 'one of: under-1k, 1k-10k, 10k-50k, 50k-100k, 100k-plus'],
      ['useCase (required)', 'string, 20–5000 characters'],
    ]);
    const load = rowsOf(within(panel).getByRole('table', { name: 'Request body of POST /api/analytics/widget-load' }));
    expect(load).toContainEqual(['config', 'object']);
    expect(load).toContainEqual(['config.theme', 'one of: light, dark, branded']);
    expect(load).toContainEqual(['config.compact', 'boolean']);
    // One product, or a basket: a table each.
    const rfq = rowsOf(within(panel).getByRole('table', { name: 'Request body of POST /api/rfq, form 1 of 2' }));
    const basket = rowsOf(within(panel).getByRole('table', { name: 'Request body of POST /api/rfq, form 2 of 2' }));
    expect(basket.map((r) => r[0])).toContain('lines (required)');
    expect(basket.map((r) => r[0])).not.toContain('productName (required)');
    expect(rfq).toContainEqual(['quantity (required)', 'integer, 1–1000000']);
    expect(rfq).toContainEqual(['agreeTerms (required)', 'true']);
    expect(rfq).toContainEqual(['budgetRange', 'one of: under-10k, 10k-50k, 50k-100k, 100k-500k, over-500k, "" (empty)']);
    // A POST without a body says so rather than showing nothing.
    const rotate = within(panel).getByRole('article', { name: 'POST /api/partners/rotate-key' });
    expect(within(rotate).getByText('No request body.')).toBeTruthy();
  });

  it("says under each operation's heading what it does, who may call it and what it answers", async () => {
    const panel = await openTab('API Reference');
    await within(panel).findByRole('article', { name: 'GET /healthz' });
    const doc = openApiDocument('0.1.0', 'http://localhost:3000') as { paths: Record<string, Record<string, { summary: string; description: string }>> };
    // Each article is named by its heading, `METHOD /path`.
    const articles = new Map(
      within(panel)
        .getAllByRole('article')
        .map((a) => [document.getElementById(a.getAttribute('aria-labelledby')!)!.textContent, a]),
    );
    const shown = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const [heading, summary, description] = Array.from(articles.get(`${method.toUpperCase()} ${path}`)!.children);
        return [heading!.tagName, summary!.textContent!.startsWith(op.summary), description!.textContent === op.description.replaceAll('`', '')];
      }),
    );
    expect(shown.length).toBe(articles.size);
    expect(shown.filter(([tag, summary, description]) => tag !== 'H4' || !summary || !description)).toEqual([]);

    const health = within(panel).getByRole('article', { name: 'GET /healthz' });
    expect(health.children[2]!.textContent).toBe(
      'Public, for load balancers and process supervisors: answers {"status":"ok"} as long as the process runs, even while it is still migrating its database. It reads nothing, so it says nothing of the database.',
    );
    expect(within(health).getByText('{"status":"ok"}').tagName).toBe('CODE');
  });

  it('says which credentials an operation needs: an API key, a supplier sign-in, or none', async () => {
    const panel = await openTab('API Reference');
    const summaryOf = async (name: string) => (await within(panel).findByRole('article', { name })).children[1]!.textContent;
    expect(await summaryOf('GET /api/partners/me')).toBe('The signed-in partner · API key required');
    expect(await summaryOf('GET /api/supplier/users')).toBe(
      "The supplier's people who have signed in, and those invited who have not yet · supplier sign-in required",
    );
    expect(await summaryOf('GET /healthz')).toBe('Liveness');
  });

  it('keeps types in the Type column and descriptions in their own', async () => {
    const panel = await openTab('API Reference');
    const params = await within(panel).findByRole('table', { name: 'Parameters of GET /api/v2/procurement-data' });
    expect(
      within(params)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Parameter', 'In', 'Type', 'Description']);
    expect(rowsOf(params)).toEqual([
      ['start_date', 'query', 'string (date)', ''],
      ['city_code', 'query', 'string', ''],
      ['product_category', 'query', 'string', ''],
      ['limit', 'query', 'integer, 1–1000, default 100', ''],
      ['cursor', 'query', 'string', ''],
      ['X-Partner-ID (required)', 'header', 'string', 'Your partner id; it must be the one your key belongs to.'],
    ]);
    const rfq = within(panel).getByRole('table', { name: 'Parameters of POST /api/rfq' });
    expect(rowsOf(rfq)).toEqual([
      ['Idempotency-Key', 'header', 'string, up to 200 characters', 'Makes a retry safe: the same key answers with the first answer.'],
    ]);
  });
});
