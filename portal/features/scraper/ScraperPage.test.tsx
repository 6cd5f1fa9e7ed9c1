// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SCRAPER_MESSAGES as M, type ReviewItem, type ScrapeSession, type ScrapingStatus } from '../../../contract/schemas/scraping';
import { setupApiMock } from '../../../widget/test/api-mock';
import { ToastProvider } from '../../components/ui/toast';
import ScraperPage, { POLL_MS } from './ScraperPage';

const api = setupApiMock();

function session(overrides: Partial<ScrapeSession> = {}): ScrapeSession {
  return {
    id: 12,
    kind: 'url',
    status: 'running',
    totalScraped: 0,
    verified: 0,
    awaitingReview: 0,
    approved: 0,
    rejected: 0,
    duration: 1200,
    directories: 0,
    progress: 0,
    found: { suppliers: 0, products: 0 },
    pagesDone: 0,
    pagesFailed: 0,
    pagesPlanned: 1,
    startedAt: '2026-11-24T10:00:00.000Z',
    finishedAt: null,
    error: null,
    ...overrides,
  };
}

const ended = (overrides: Partial<ScrapeSession> = {}) => session({ status: 'completed', progress: 100, finishedAt: '2026-11-24T10:00:05.000Z', ...overrides });

/** The demo as it runs, and as it ends: 11 finds on its 3 pages, 9 of them waiting for review. */
const demoRunning = () => session({ id: 13, kind: 'sample', pagesPlanned: 3 });
const demoDone = () =>
  ended({
    id: 13,
    kind: 'sample',
    pagesPlanned: 3,
    pagesDone: 3,
    totalScraped: 11,
    verified: 9,
    awaitingReview: 9,
    rejected: 2,
    found: { suppliers: 9, products: 2 },
  });

function item(overrides: Partial<ReviewItem> & Pick<ReviewItem, 'id' | 'name'>): ReviewItem {
  return {
    sessionId: 12,
    kind: 'supplier',
    sourceUrl: 'https://directory.example.co.za/cleaning?page=1',
    description: null,
    email: 'sales@sparkle-hygiene.example',
    phone: '+27 11 555 0142',
    website: 'https://sparkle-hygiene.example/',
    cityId: 'johannesburg',
    cityText: 'Johannesburg, Gauteng',
    province: 'Gauteng',
    categoryId: 'sanitizers',
    catalogueItemId: null,
    priceCents: null,
    currency: null,
    unit: null,
    sku: null,
    sellerName: null,
    notes: [],
    failures: [],
    duplicateOf: null,
    decision: 'pending',
    decidedAt: null,
    supplierId: null,
    foundAt: '2026-11-24T10:00:01.000Z',
    ...overrides,
  };
}

const SPARKLE = item({ id: 31, name: 'Sparkle Hygiene Supplies (Pty) Ltd' });
const BAY = item({
  id: 32,
  name: 'Bay Laundry Solutions',
  email: null,
  cityId: 'gqeberha',
  cityText: 'Gqeberha',
  notes: ['"info(at)baylaundry.example" is not a valid e-mail address'],
});
const MYSTERY = item({
  id: 33,
  name: 'Mystery Cleaning Co',
  email: null,
  phone: null,
  decision: 'rejected',
  failures: ['No valid e-mail address or South African phone number'],
});

/**
 * The scraper's API: status answers in turn (the last one repeats), the review list and the
 * preview from `items`, and an empty directory list. Answers `sent` (method, path, body).
 */
function scraperApi({
  statuses,
  items = [],
  pending = items.filter((i) => i.decision === 'pending'),
}: {
  statuses: ScrapingStatus[];
  items?: ReviewItem[];
  pending?: ReviewItem[];
}) {
  const sent: [string, string, unknown][] = [];
  let next = 0;
  const state = { pending: [...pending] };
  api.server.use(
    http.get('*/api/scraping/status', () => HttpResponse.json(statuses[Math.min(next++, statuses.length - 1)])),
    http.get('*/api/scraping/items', ({ request }) => {
      const q = new URL(request.url).searchParams;
      return HttpResponse.json({ items: q.get('decision') === 'pending' ? state.pending : items.slice(0, Number(q.get('limit'))) });
    }),
    http.get('*/api/scraping/directories', () => HttpResponse.json({ directories: [] })),
  );
  const record = async (request: Request): Promise<unknown> => {
    const text = await request.text();
    const body: unknown = text ? JSON.parse(text) : undefined;
    sent.push([request.method, new URL(request.url).pathname, body]);
    return body;
  };
  return { sent, record, state };
}

function renderPage() {
  return render(
    <ToastProvider>
      <ScraperPage />
    </ToastProvider>,
  );
}

const progress = () => screen.getByRole('progressbar');
const toastWith = (title: string) => screen.findByText(title, { selector: '.toast-title' });

describe('the scraper page', () => {
  it('asks for a URL, starts a crawl, follows its real progress while it runs and says what it found', async () => {
    const { sent, record } = scraperApi({
      statuses: [
        { isRunning: false, session: null },
        { isRunning: true, session: session({ progress: 50, pagesDone: 1, pagesPlanned: 2, found: { suppliers: 2, products: 0 }, totalScraped: 2 }) },
        { isRunning: false, session: ended({ pagesDone: 2, pagesPlanned: 2, found: { suppliers: 3, products: 1 }, totalScraped: 4, verified: 4 }) },
      ],
      items: [SPARKLE],
    });
    api.server.use(
      http.post('*/api/scrape', async ({ request }) => {
        await record(request);
        return HttpResponse.json({ session: session() }, { status: 202 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Data Scraper', level: 1 })).toBeTruthy();
    await screen.findByText('Ready');
    expect(screen.getByText('No crawl has run yet. Type a directory URL below, or run the demo.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Start Scraping' }));
    expect(await toastWith('Please enter a URL')).toBeTruthy();
    expect(screen.getByLabelText('Directory URL').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement?.id).toBe('scraper-url');
    expect(sent).toEqual([]);

    await user.type(screen.getByLabelText('Directory URL'), 'https://directory.example.co.za/cleaning');
    await user.click(screen.getByRole('button', { name: 'Start Scraping' }));
    expect(await toastWith('Scraping Started')).toBeTruthy();
    expect(screen.getByText('Session 12 is now running')).toBeTruthy();
    expect(sent).toEqual([['POST', '/api/scrape', { url: 'https://directory.example.co.za/cleaning' }]]);
    expect(screen.getByText('Active')).toBeTruthy();

    await waitFor(() => expect(progress().getAttribute('aria-valuenow')).toBe('50'));
    expect(screen.getByText('1 of 2 pages · 2 suppliers and 0 products found')).toBeTruthy();

    expect(await toastWith('Scraping Complete')).toBeTruthy();
    expect(screen.getByText('Found 3 suppliers and 1 products')).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Ready')).toBeTruthy();
    const preview = screen.getByRole('table');
    expect(
      within(preview)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['NameKindFound onReview', 'Sparkle Hygiene Supplies (Pty) LtdSupplierdirectory.example.co.za/cleaningWaiting for review']);
    expect(api.requests).toContain('GET /api/scraping/items?sessionId=12&limit=10');
  });

  it("shows the server's reason when it refuses a URL", async () => {
    scraperApi({ statuses: [{ isRunning: false, session: null }] });
    api.server.use(
      http.post('*/api/scrape', () =>
        HttpResponse.json(
          { error: { code: 'url_refused', message: '169.254.169.254 is a cloud metadata address, which the scraper does not fetch' } },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ready');
    await user.type(screen.getByLabelText('Directory URL'), 'http://169.254.169.254/latest/meta-data/');
    await user.click(screen.getByRole('button', { name: 'Start Scraping' }));
    expect(await toastWith('Error')).toBeTruthy();
    expect(screen.getAllByText('169.254.169.254 is a cloud metadata address, which the scraper does not fetch')).toHaveLength(2);
    expect(screen.getByText('Ready')).toBeTruthy();
  });

  it('runs the demo, showing its progress while it runs, and says its finds wait for review, none added yet', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const demo = demoRunning();
    scraperApi({
      statuses: [
        { isRunning: false, session: ended({ id: 11 }) },
        { isRunning: true, session: { ...demo, progress: 33, pagesDone: 1 } },
      ],
    });
    api.server.use(
      http.post('*/api/scraping/simulate', async () => {
        await released;
        return HttpResponse.json({ session: demoDone(), results: { verified: 7, suppliers: 9, products: 2 } });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ready');
    await user.click(screen.getByRole('button', { name: 'Run demo' }));
    expect(screen.getByRole('button', { name: 'Running demo…' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(progress().getAttribute('aria-valuenow')).toBe('33'));
    expect(screen.getByText('Active')).toBeTruthy();
    release();
    expect(await toastWith('Demo Completed')).toBeTruthy();
    expect(screen.getByText('9 of 11 finds passed the checks and wait for your review below: nothing is added until you approve it')).toBeTruthy();
    expect(screen.queryByText(/^Added \d/)).toBeNull();
    expect(progress().getAttribute('aria-valuenow')).toBe('100');
    const facts = [...document.querySelectorAll('.facts dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(facts).toEqual([
      ['Waiting for review', '9'],
      ['Approved', '0'],
      ['Rejected', '2'],
      ['Websites read', '0'],
      ['Time', '1.2 s'],
    ]);
    expect(screen.getByText('Ready')).toBeTruthy();
  });

  it('says plainly when a crawl found nothing that passed the checks', () => {
    expect(M.demoCompletedText(0, 11)).toBe('None of the 11 finds passed the checks; nothing was added');
    expect(M.demoCompletedText(1, 1)).toBe('1 of 1 find passed the checks and waits for your review below: nothing is added until you approve it');
    expect(M.productsCompletedText(0, 1)).toBe('No product from 1 website passed the checks; nothing was added');
  });

  it("announces the demo's end once: a progress read answered before the end and delivered after it is stale", async () => {
    const demo = demoRunning();
    const done = demoDone();
    let staleAsked!: () => void;
    const asked = new Promise<void>((resolve) => (staleAsked = resolve));
    let demoAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (demoAnswered = resolve));
    let reads = 0;
    let staleDelivered = false;
    api.server.use(
      http.get('*/api/scraping/status', async () => {
        const n = reads++;
        if (n === 0) return HttpResponse.json({ isRunning: false, session: ended({ id: 11 }) });
        if (n === 1) return HttpResponse.json({ isRunning: true, session: { ...demo, progress: 33, pagesDone: 1 } });
        if (n === 2) {
          // Read while the demo still ran, delivered once the page has the demo's answer.
          staleAsked();
          await answered;
          staleDelivered = true;
          return HttpResponse.json({ isRunning: true, session: { ...demo, progress: 66, pagesDone: 2 } });
        }
        return HttpResponse.json({ isRunning: false, session: done });
      }),
      http.get('*/api/scraping/items', () => HttpResponse.json({ items: [] })),
      http.get('*/api/scraping/directories', () => HttpResponse.json({ directories: [] })),
      http.post('*/api/scraping/simulate', async () => {
        await asked;
        setTimeout(demoAnswered, 0);
        return HttpResponse.json({ session: done, results: { verified: 7, suppliers: 9, products: 2 } });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ready');
    await user.click(screen.getByRole('button', { name: 'Run demo' }));
    expect(await toastWith('Demo Completed')).toBeTruthy();
    await waitFor(() => expect(staleDelivered).toBe(true));
    // Long enough for the reads a stale "running" would start again.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    expect(screen.queryByText(M.complete, { selector: '.toast-title' })).toBeNull();
    expect(screen.getByText('Demo Completed', { selector: '.toast-title' })).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(reads).toBe(3);
  });

  it('stops the demo, which then says it was stopped', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const demo = session({ id: 13, kind: 'sample', pagesPlanned: 2, pagesDone: 1, progress: 50 });
    const statuses: ScrapingStatus[] = [
      { isRunning: false, session: null },
      { isRunning: true, session: demo },
    ];
    scraperApi({ statuses });
    api.server.use(
      http.post('*/api/scraping/simulate', async () => {
        await released;
        return HttpResponse.json({ session: { ...demo, status: 'stopped' }, results: { verified: 2, suppliers: 3, products: 0 } });
      }),
      http.post('*/api/scraping/stop', () => {
        statuses.push({ isRunning: false, session: { ...demo, status: 'stopped' } });
        release();
        return HttpResponse.json({ session: { ...demo, status: 'stopped' } });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ready');
    await user.click(screen.getByRole('button', { name: 'Run demo' }));
    await screen.findByText('Active');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await toastWith('Demo Failed')).toBeTruthy();
    expect(screen.getByText('The demo was stopped')).toBeTruthy();
    expect(screen.getByText('Ready')).toBeTruthy();
  });

  it("says 'Demo Failed' with the server's message", async () => {
    scraperApi({ statuses: [{ isRunning: false, session: null }] });
    api.server.use(
      http.post('*/api/scraping/simulate', () =>
        HttpResponse.json({ error: { code: 'crawl_running', message: 'Session 9 is still running: stop it or wait until it ends' } }, { status: 409 }),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ready');
    await user.click(screen.getByRole('button', { name: 'Run demo' }));
    expect(await toastWith('Demo Failed')).toBeTruthy();
    expect(screen.getByText('Session 9 is still running: stop it or wait until it ends')).toBeTruthy();
  });

  it('scrapes supplier products and says how many from how many websites wait for review', async () => {
    scraperApi({
      statuses: [
        { isRunning: false, session: null },
        {
          isRunning: false,
          session: ended({
            id: 14,
            kind: 'products',
            verified: 5,
            awaitingReview: 5,
            directories: 2,
            found: { suppliers: 0, products: 6 },
            totalScraped: 6,
            rejected: 1,
          }),
        },
      ],
    });
    api.server.use(http.post('*/api/scraping/products', () => HttpResponse.json({ session: session({ id: 14, kind: 'products' }) }, { status: 202 })));
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Ready');
    await user.click(screen.getByRole('button', { name: 'Scrape supplier products' }));
    expect(await toastWith('Scraping Started')).toBeTruthy();
    expect(screen.getByText('Session 14 is now running')).toBeTruthy();
    expect(await toastWith('Product Scraping Completed')).toBeTruthy();
    expect(screen.getByText('5 products from 2 websites passed the checks and wait for your review below: nothing is added until you approve it')).toBeTruthy();
  });

  it("names the server's reason when a crawl cannot start, and when a running one fails", async () => {
    scraperApi({
      statuses: [
        { isRunning: true, session: session({ id: 15, kind: 'directories' }) },
        { isRunning: false, session: session({ id: 15, kind: 'directories', status: 'failed', error: 'The crawl stopped on an unexpected error' }) },
      ],
    });
    renderPage();
    await screen.findByText('Active');
    expect(screen.getByRole('button', { name: 'Crawl saved directories' })).toHaveProperty('disabled', true);
    expect(await toastWith('Scraping Failed')).toBeTruthy();
    expect(screen.getAllByText('The crawl stopped on an unexpected error').length).toBeGreaterThan(0);

    api.server.use(
      http.post('*/api/scraping/start', () =>
        HttpResponse.json({ error: { code: 'no_directories', message: 'No directory URLs are saved: add one to crawl the list' } }, { status: 400 }),
      ),
      http.post('*/api/scraping/products', () =>
        HttpResponse.json({ error: { code: 'no_supplier_sites', message: 'No approved supplier has a website to crawl for products' } }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Crawl saved directories' }));
    expect(await toastWith('Scraping Failed')).toBeTruthy();
    expect(screen.getByText('No directory URLs are saved: add one to crawl the list')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Scrape supplier products' }));
    expect(await toastWith('Product Scraping Failed')).toBeTruthy();
    expect(screen.getByText('No approved supplier has a website to crawl for products')).toBeTruthy();
  });

  it('stops a running crawl', async () => {
    const { sent, record } = scraperApi({
      statuses: [
        { isRunning: true, session: session({ pagesDone: 1, pagesPlanned: 3, progress: 33 }) },
        { isRunning: false, session: session({ status: 'stopped', pagesDone: 2, pagesPlanned: 3, progress: 67 }) },
      ],
    });
    let stopped = false;
    api.server.use(
      http.post('*/api/scraping/stop', async ({ request }) => {
        await record(request);
        stopped = true;
        return HttpResponse.json({ session: session({ status: 'stopped' }) });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Active');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await toastWith('Scraping Stopped')).toBeTruthy();
    expect(screen.getByText('Session 12 stopped after 2 pages')).toBeTruthy();
    expect([stopped, sent]).toEqual([true, [['POST', '/api/scraping/stop', undefined]]]);
  });
});

describe('the review list', () => {
  it('approves a supplier, asks for what the page left out, and rejects another', async () => {
    const { sent, record, state } = scraperApi({ statuses: [{ isRunning: false, session: ended() }], items: [SPARKLE, BAY, MYSTERY] });
    api.server.use(
      http.post('*/api/scraping/items/:id/approve', async ({ request, params }) => {
        const body = (await record(request)) as { email?: string };
        if (params.id === '32' && !body.email) {
          return HttpResponse.json(
            {
              error: {
                code: 'validation_error',
                message: 'Request validation failed',
                details: { fields: { email: 'The page gave no e-mail address: enter the supplier’s e-mail to approve it' } },
              },
            },
            { status: 400 },
          );
        }
        const decided = state.pending.find((i) => String(i.id) === params.id)!;
        state.pending = state.pending.filter((i) => i !== decided);
        return HttpResponse.json({ item: { ...decided, decision: 'approved', supplierId: 77 } });
      }),
      http.post('*/api/scraping/items/:id/reject', async ({ request, params }) => {
        await record(request);
        const decided = state.pending.find((i) => String(i.id) === params.id)!;
        state.pending = state.pending.filter((i) => i !== decided);
        return HttpResponse.json({ item: { ...decided, decision: 'rejected' } });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const card = async (name: string) => (await screen.findByRole('heading', { name, level: 3 })).closest('li')!;

    const sparkle = await card('Sparkle Hygiene Supplies (Pty) Ltd');
    expect(within(sparkle).queryByLabelText(/Supplier e-mail/)).toBeNull();
    expect(within(sparkle).getByRole('link', { name: 'directory.example.co.za/cleaning' }).getAttribute('href')).toBe(
      'https://directory.example.co.za/cleaning?page=1',
    );
    await user.click(within(sparkle).getByRole('button', { name: 'Approve' }));
    expect(await toastWith('Approved')).toBeTruthy();
    expect(screen.getByText('Sparkle Hygiene Supplies (Pty) Ltd is supplier #77: unverified, and quoted once it has a price list.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Sparkle Hygiene Supplies (Pty) Ltd', level: 3 })).toBeNull());

    const bay = await card('Bay Laundry Solutions');
    expect(within(bay).getByText('"info(at)baylaundry.example" is not a valid e-mail address')).toBeTruthy();
    await user.click(within(bay).getByRole('button', { name: 'Approve' }));
    expect(await within(bay).findByText('The page gave no e-mail address: enter the supplier’s e-mail to approve it')).toBeTruthy();
    expect(document.activeElement?.id).toBe('review-32-email');
    await user.type(within(bay).getByLabelText(/Supplier e-mail/), 'info@baylaundry.example');
    await user.click(within(bay).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bay Laundry Solutions', level: 3 })).toBeNull());

    expect(screen.queryByRole('heading', { name: 'Mystery Cleaning Co', level: 3 })).toBeNull();
    expect(sent).toEqual([
      ['POST', '/api/scraping/items/31/approve', {}],
      ['POST', '/api/scraping/items/32/approve', {}],
      ['POST', '/api/scraping/items/32/approve', { email: 'info@baylaundry.example' }],
    ]);
    expect(await screen.findByText('Nothing is waiting for review.')).toBeTruthy();
  });

  it('rejects an item and shows a product with its price', async () => {
    const gel = item({
      id: 40,
      kind: 'product',
      name: 'Sparkle Hand Sanitizer Gel 500ml',
      email: null,
      phone: null,
      website: null,
      cityId: null,
      cityText: null,
      priceCents: 4550,
      currency: 'ZAR',
      sellerName: 'Sparkle Hygiene Supplies (Pty) Ltd',
    });
    const { sent, record, state } = scraperApi({ statuses: [{ isRunning: false, session: ended() }], items: [gel] });
    api.server.use(
      http.post('*/api/scraping/items/:id/reject', async ({ request }) => {
        await record(request);
        state.pending = [];
        return HttpResponse.json({ item: { ...gel, decision: 'rejected' } });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Sparkle Hand Sanitizer Gel 500ml', level: 3 })).closest('li')!;
    expect(within(card).getByText('R45.50')).toBeTruthy();
    expect(within(card).getByLabelText(/Unit/)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    expect(await toastWith('Rejected')).toBeTruthy();
    expect(sent).toEqual([['POST', '/api/scraping/items/40/reject', undefined]]);
    expect(await screen.findByText('Nothing is waiting for review.')).toBeTruthy();
  });
});
