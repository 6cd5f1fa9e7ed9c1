// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditLog } from '../../../contract/schemas/audit';
import type { AdminSupplier, AdminSupplierPage } from '../../../contract/schemas/admin';
import type { SupplierPreviewLine } from '../../../contract/schemas/import-calls';
import type { OutboxDepth } from '../../../contract/schemas/outbox';
import { setupApiMock } from '../../../widget/test/api-mock';
import { ToastProvider } from '../../components/ui/toast';
import AdminPage from './AdminPage';
import { formatAge } from './OutboxPanel';

const api = setupApiMock();

/** A supplier's VAT and B-BBEE details while it has given none. */
const NOTHING_ON_FILE = { vatNumber: null, registeredAddress: null, bbeeLevel: null, bbeeEvidence: null, bbeeExpiresOn: null };
const NOT_READY = { inStockItem: true, deliveryArea: false, readyToQuote: false };

const COASTAL: AdminSupplier = {
  id: 41,
  name: 'Coastal Hygiene',
  email: 'sales@coastal.example',
  city: 'Durban',
  categories: ['Sanitizers'],
  verified: false,
  orders: 4,
  receipts: 2,
  rating: { average: null, count: 2 },
  onTimeRate: null,
  specialties: ['gel'],
  responseTimeHours: 24,
  products: 2,
  priceListDate: '2026-11-24',
  createdAt: '2026-11-24T09:00:00.000Z',
  ...NOTHING_ON_FILE,
  mailStoppedAt: null,
  readiness: NOT_READY,
};
const OUTBOX: OutboxDepth = { depth: { pending: 3, sending: 1, sent: 1240, held: 0, dead: 2 }, oldestPendingSeconds: 200, mailbox: '/dev/mailbox' };
const AUDIT: AuditLog = {
  entries: [
    { id: 3, action: 'suppliers.import', rows: 2, detail: 'suppliers: 2 added, 0 updated', staffName: 'Naledi Dube', createdAt: '2026-11-24T09:00:00.000Z' },
  ],
};

/** The lists and audit log the page reads, with `suppliers` as the supplier list. */
function lists(suppliers: AdminSupplier[] = [COASTAL]) {
  api.server.use(
    http.get('*/api/admin/suppliers', () => HttpResponse.json({ page: 1, pageSize: 20, total: suppliers.length, suppliers } satisfies AdminSupplierPage)),
    http.get('*/api/admin/products', () => HttpResponse.json({ page: 1, pageSize: 20, total: 0, products: [] })),
    http.get('*/api/admin/audit', () => HttpResponse.json(AUDIT)),
    http.get('*/api/admin/outbox', () => HttpResponse.json(OUTBOX)),
    http.get('*/api/admin/supplier-users', () => HttpResponse.json({ users: [] })),
    http.get('*/api/admin/supplier-applications', () => HttpResponse.json({ applications: [] })),
    http.get('*/api/admin/finance', ({ request }) => HttpResponse.json(noBooks(new URL(request.url).searchParams.get('month')!))),
  );
}

/** A month with no ledger lines and nothing issued. */
const noBooks = (month: string) => {
  const none = { amountCents: 0, vatCents: 0, lines: 0 };
  return { month, sums: { successFees: none, feeReversals: none, partnerCredits: none, partnerPayouts: none }, fees: [], documents: [] };
};

type Body = { suppliers: (string | Record<string, string>)[]; dryRun?: boolean; firstLine?: number };

/** A dry run's answer: each object item read as a supplier to add, on the line its place gives it. */
function echo(body: Body, bad: Record<number, string> = {}) {
  const first = body.firstLine ?? 1;
  const lines: SupplierPreviewLine[] = [];
  const invalidLines: { line: number; reason: string }[] = [];
  body.suppliers.forEach((item, i) => {
    if (typeof item === 'string') return;
    const line = first + i;
    if (bad[line]) invalidLines.push({ line, reason: bad[line]! });
    else
      lines.push({
        line,
        name: item.name!,
        email: item.email!,
        category: 'sanitizers',
        categoryName: 'Sanitizers',
        city: item.location!,
        specialties: [],
        responseTimeHours: 24,
        ...NOTHING_ON_FILE,
        action: 'add',
        supplierId: null,
      });
  });
  return { dryRun: true, added: lines.length, updated: 0, lines, invalidLines };
}

function renderPage() {
  return render(
    <ToastProvider>
      <AdminPage />
    </ToastProvider>,
  );
}

const line = (n: number, city = 'Durban') => `Supplier ${n} | s${n}@supplier.example | sanitizers | ${city} | | | `;
const supplierBox = () => screen.getByLabelText('Supplier lines') as HTMLTextAreaElement;
const panel = (name: string) => screen.getByRole('region', { name });

describe('the admin dashboard', () => {
  it('marks a listed business that stopped Procura’s e-mails in the supplier list, with the day it did', async () => {
    lists([COASTAL, { ...COASTAL, id: 42, name: 'Harbour Clean', email: 'info@harbour.example', mailStoppedAt: '2026-12-01T09:00:00.000Z' }]);
    renderPage();
    const stopped = (await screen.findByRole('link', { name: 'Harbour Clean' })).closest('td')!;
    expect(stopped.textContent).toContain('E-mails stopped 1 December 2026: not quoted until it joins');
    expect(screen.getByRole('link', { name: 'Coastal Hygiene' }).closest('td')!.textContent).not.toContain('E-mails stopped');
  });

  it('shows the quick actions, the lists and the latest changes, with import buttons off while the box is empty', async () => {
    lists();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeTruthy();
    expect(['Scraper', 'Sales workspace', 'Analytics'].map((name) => screen.getByRole('link', { name }).getAttribute('href'))).toEqual([
      '/scraper',
      '/customer-dashboard',
      '/internal-analytics',
    ]);
    const suppliers = panel('Bulk add suppliers');
    expect(within(suppliers).getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    expect(within(suppliers).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    await screen.findByText('Coastal Hygiene');
    expect(screen.getByText('new on Procura')).toBeTruthy();
    expect(screen.getByText('Not ready: no delivery area')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Export CSV' }).map((a) => a.getAttribute('href'))).toEqual([
      '/api/admin/suppliers.csv',
      '/api/admin/products.csv',
    ]);
    expect(await screen.findByText(/imported suppliers \(2 rows\): suppliers: 2 added, 0 updated/)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(supplierBox());
    await user.paste(line(1));
    expect(within(suppliers).getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', false);
    // Nothing is written before a preview.
    expect(within(suppliers).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
  });

  it('previews each line by its number, holds the import back until every line is good, then imports and reads the lists again', async () => {
    lists();
    const bodies = api.record<Body>('post', '*/api/admin/suppliers', (body, sent) =>
      body.dryRun
        ? HttpResponse.json(echo(body, sent.length === 1 ? { 4: 'Unknown city "Atlantis"' } : {}))
        : HttpResponse.json({ dryRun: false, added: 2, updated: 0 }),
    );
    const user = userEvent.setup();
    renderPage();
    const suppliers = panel('Bulk add suppliers');
    await user.click(supplierBox());
    await user.paste(`${line(1)}\n\nShort | line\n${line(2, 'Atlantis')}`);
    await user.click(within(suppliers).getByRole('button', { name: 'Preview' }));

    expect(
      await within(suppliers).findByText(
        'Line 3: Expected 7 fields (name | email | category | location | rating | specialties | responseTime) or 12 (with vatNumber | registeredAddress | bbeeLevel | bbeeEvidence | bbeeExpiresOn), found 2',
      ),
    ).toBeTruthy();
    expect(within(suppliers).getByText('Line 4: Unknown city "Atlantis"')).toBeTruthy();
    expect(within(suppliers).getByText('3 lines read: 1 to add, 0 to update, 2 to fix.')).toBeTruthy();
    expect(within(within(suppliers).getByRole('table')).getByText('Supplier 1')).toBeTruthy();
    expect(await screen.findByText('Invalid format. Check your data.')).toBeTruthy();
    expect(within(suppliers).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    // The line the page could not split is not sent; each item stands for its line of the box.
    expect(bodies[0]).toEqual({
      suppliers: [
        { name: 'Supplier 1', email: 's1@supplier.example', category: 'sanitizers', location: 'Durban', rating: '', specialties: '', responseTime: '' },
        '',
        '',
        { name: 'Supplier 2', email: 's2@supplier.example', category: 'sanitizers', location: 'Atlantis', rating: '', specialties: '', responseTime: '' },
      ],
      dryRun: true,
      firstLine: 1,
    });

    await user.clear(supplierBox());
    await user.paste(`${line(1)}\n${line(2, 'Cape Town')}`);
    expect(within(suppliers).queryByText(/to fix/)).toBeNull();
    await user.click(within(suppliers).getByRole('button', { name: 'Preview' }));
    await within(suppliers).findByText('2 lines read: 2 to add, 0 to update, 0 to fix.');
    // The warning was about the lines as they were: a clean preview leaves no red toast behind.
    expect(screen.queryByText('Invalid format. Check your data.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const requestsBefore = api.requests.length;
    await user.click(within(suppliers).getByRole('button', { name: 'Import 2 lines' }));

    expect(await screen.findByText('Suppliers added successfully')).toBeTruthy();
    expect(screen.getByText('2 added, 0 updated.')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({
      suppliers: [expect.objectContaining({ name: 'Supplier 1' }), expect.objectContaining({ location: 'Cape Town' })],
      firstLine: 1,
    });
    expect(supplierBox().value).toBe('');
    await waitFor(() =>
      expect(api.requests.slice(requestsBefore)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^GET \/api\/admin\/suppliers\?/), expect.stringMatching(/^GET \/api\/admin\/audit/)]),
      ),
    );
  });

  it('checks 2,500 lines in dry runs of 1,000, showing how far it has got', async () => {
    lists();
    const firstLines: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    api.server.use(
      http.post('*/api/admin/suppliers', async ({ request }) => {
        const body = (await request.json()) as Body;
        firstLines.push(body.firstLine!);
        if (body.firstLine === 1001) await held;
        return HttpResponse.json(echo(body));
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const suppliers = panel('Bulk add suppliers');
    await user.click(supplierBox());
    await user.paste(Array.from({ length: 2500 }, (_, i) => line(i + 1)).join('\n'));
    await user.click(within(suppliers).getByRole('button', { name: 'Preview' }));

    expect(await within(suppliers).findByText('Checking lines: 1,000 of 2,500…')).toBeTruthy();
    expect(within(suppliers).getByRole('progressbar', { name: 'Lines checked' }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(suppliers).getByRole('button', { name: 'Checking…' })).toHaveProperty('disabled', true);
    release();
    expect(await within(suppliers).findByText('2,500 lines read: 2,500 to add, 0 to update, 0 to fix.')).toBeTruthy();
    expect(within(suppliers).getByRole('progressbar', { name: 'Lines checked' }).getAttribute('aria-valuenow')).toBe('100');
    expect(firstLines).toEqual([1, 1001, 2001]);
    expect(within(suppliers).getByText('The first 20 of 2,500 lines are shown.')).toBeTruthy();
    expect(within(suppliers).getAllByRole('row')).toHaveLength(21);
  });

  it('names lines the import refuses, and says when an import fails', async () => {
    lists();
    let imports = 0;
    api.server.use(
      http.post('*/api/admin/suppliers', async ({ request }) => {
        const body = (await request.json()) as Body;
        if (body.dryRun) return HttpResponse.json(echo(body));
        imports++;
        return imports === 1
          ? HttpResponse.json(
              {
                error: {
                  code: 'invalid_lines',
                  message: 'Invalid format. Check your data.',
                  details: { lines: [{ line: 2, reason: 'E-mail also on line 1' }] },
                },
              },
              { status: 400 },
            )
          : HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } }, { status: 500 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const suppliers = panel('Bulk add suppliers');
    await user.click(supplierBox());
    await user.paste(`${line(1)}\n${line(1)}`);
    await user.click(within(suppliers).getByRole('button', { name: 'Preview' }));
    await user.click(await within(suppliers).findByRole('button', { name: 'Import 2 lines' }));
    expect(await within(suppliers).findByText('Line 2: E-mail also on line 1')).toBeTruthy();
    expect(screen.getByText('Invalid format. Check your data.')).toBeTruthy();
    expect(within(suppliers).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);

    await user.type(supplierBox(), ' ');
    await user.click(within(suppliers).getByRole('button', { name: 'Preview' }));
    await user.click(await within(suppliers).findByRole('button', { name: 'Import 2 lines' }));
    expect(await screen.findByText('Import Failed')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy();
  });

  it('reads a CSV file into the box and sends its rows by their columns', async () => {
    lists();
    const bodies = api.record<Body>('post', '*/api/admin/suppliers', (body) => HttpResponse.json(echo(body)));
    const user = userEvent.setup();
    renderPage();
    const suppliers = panel('Bulk add suppliers');
    const csv = 'email,name,category,location,specialties\r\nsales@acme.example,"Acme, Ltd",sanitizers,Durban,"gel, refills"\r\n';
    await user.upload(within(suppliers).getByLabelText('Or load a CSV file'), new File([csv], 'suppliers.csv', { type: 'text/csv' }));
    await waitFor(() => expect(supplierBox().value).toBe(csv));
    await user.click(within(suppliers).getByRole('button', { name: 'Preview' }));
    await within(suppliers).findByText('1 line read: 1 to add, 0 to update, 0 to fix.');
    // The header and the empty line after the file's last line break stand as blank lines.
    expect(bodies[0]!.suppliers).toEqual([
      '',
      { name: 'Acme, Ltd', email: 'sales@acme.example', category: 'sanitizers', location: 'Durban', rating: '', specialties: 'gel, refills', responseTime: '' },
      '',
    ]);
  });

  it('imports products and mixed text with their own toasts', async () => {
    lists();
    api.server.use(
      http.post('*/api/admin/products', async ({ request }) => {
        const body = (await request.json()) as { products: (string | Record<string, string>)[]; dryRun?: boolean; firstLine: number };
        if (!body.dryRun) return HttpResponse.json({ dryRun: false, added: 1, updated: 0 });
        const line = body.firstLine + body.products.findIndex((p) => typeof p !== 'string');
        return HttpResponse.json({
          dryRun: true,
          added: 1,
          updated: 0,
          lines: [
            {
              line,
              name: 'Household Bleach',
              description: '',
              price: 90,
              unit: 'containers',
              category: 'cleaning-supplies',
              categoryName: 'Cleaning Supplies',
              supplierId: 41,
              supplierName: 'Coastal Hygiene',
              catalogueItemId: 'bleach-5l',
              catalogueItemName: 'Household Bleach',
              newItem: false,
              unitPrice: 18,
              itemUnit: 'litres',
              action: 'add',
            },
          ],
          invalidLines: [],
        });
      }),
      http.post('*/api/admin/suppliers', async ({ request }) => HttpResponse.json(echo((await request.json()) as Body))),
      http.post('*/api/admin/bulk-import', async ({ request }) => {
        expect(await request.json()).toEqual({ data: `${line(7)}\nHousehold Bleach | | 90 | containers | cleaning-supplies | 41` });
        return HttpResponse.json({ dryRun: false, suppliers: { added: 1, updated: 0 }, products: { added: 1, updated: 0 } });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const products = panel('Bulk add products');
    await user.click(within(products).getByLabelText('Product lines'));
    await user.paste('Household Bleach | | 90 | containers | cleaning-supplies | 41');
    await user.click(within(products).getByRole('button', { name: 'Preview' }));
    expect(await within(products).findByText('R18.00 per litre')).toBeTruthy();
    expect(within(products).getByText('(R90.00 per containers)')).toBeTruthy();
    await user.click(within(products).getByRole('button', { name: 'Import 1 line' }));
    expect(await screen.findByText('Products added successfully')).toBeTruthy();

    const mixed = panel('Suppliers and products in one paste');
    await user.click(within(mixed).getByText('Suppliers and products in one paste'));
    await user.click(within(mixed).getByLabelText('Supplier and product lines'));
    await user.paste(`${line(7)}\nHousehold Bleach | | 90 | containers | cleaning-supplies | 41`);
    await user.click(within(mixed).getByRole('button', { name: 'Preview' }));
    await within(mixed).findByText('2 lines read: 2 to add, 0 to update, 0 to fix.');
    await user.click(within(mixed).getByRole('button', { name: 'Import 2 lines' }));
    expect(await screen.findByText('Import Complete')).toBeTruthy();
    expect(screen.getByText('1 supplier and 1 product imported.')).toBeTruthy();
  });

  it('sets a supplier verified, and shows its earned figures with their counts, no rating to type', async () => {
    lists([COASTAL, { ...COASTAL, id: 42, name: 'Karoo Cleaning', orders: 12, receipts: 10, rating: { average: 4.6, count: 10 }, onTimeRate: 90 }]);
    const patches = api.record<{ verified?: boolean }>('patch', '*/api/admin/suppliers/41', (body) =>
      HttpResponse.json({ ...COASTAL, verified: body.verified ?? true }),
    );
    const user = userEvent.setup();
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Verified: Coastal Hygiene' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    expect(await screen.findByText('Standing saved')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Verified: Coastal Hygiene' }).getAttribute('aria-checked')).toBe('true');
    await waitFor(() => expect(patches).toEqual([{ verified: true }]));
    expect(screen.queryByRole('spinbutton', { name: /Rating of/ })).toBeNull();

    const cells = (name: string) =>
      within(screen.getByRole('link', { name }).closest('tr')!)
        .getAllByRole('cell')
        .slice(4, 8)
        .map((c) => c.textContent);
    expect(cells('Coastal Hygiene')).toEqual(['4', '2', 'new on Procura', '2 ratings, new on Procura']);
    expect(cells('Karoo Cleaning')).toEqual(['12', '10', '90%', '4.6 from 10 buyers']);
    expect(screen.getByRole('link', { name: 'Karoo Cleaning' }).getAttribute('href')).toBe('/admin/suppliers/42');
  });
});

describe('the latest changes', () => {
  it('says what each staff write did in words, never by its code', async () => {
    lists();
    const actions = Object.keys(AUDIT_ACTIONS);
    api.server.use(
      http.get('*/api/admin/audit', () =>
        HttpResponse.json({
          entries: actions.map((action, i) => ({ id: i + 1, action, rows: 1, detail: '', staffName: 'Naledi Dube', createdAt: '2026-11-24T09:00:00.000Z' })),
        } satisfies AuditLog),
      ),
    );
    renderPage();
    const changes = panel('Latest changes');
    await within(changes).findAllByRole('listitem');
    const items = within(changes)
      .getAllByRole('listitem')
      .map((li) => li.textContent!);
    expect(items).toHaveLength(actions.length);
    expect(items.find((t) => t.includes('share link'))).toContain('Naledi Dube created a share link (1 row)');
    for (const [i, action] of actions.entries()) {
      expect(items[i]).not.toContain(action);
      expect(items[i]).not.toMatch(/\b[a-z-]+\.[a-z-]+\b/);
    }
  });
});

describe('the e-mail outbox panel', () => {
  it('shows how many e-mails are in each state and how long the oldest has waited', async () => {
    lists();
    renderPage();
    const outbox = panel('E-mail outbox');
    await within(outbox).findByText('The oldest e-mail still to send has waited 3 min 20 s.');
    const figures = Object.fromEntries(
      within(outbox)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({ 'Waiting to send': '3', 'Sending now': '1', Sent: '1,240', 'Held (no SMTP server)': '0', 'Given up': '2' });
  });

  it('links held e-mails to the development mailbox where the server has one, and not in production', async () => {
    lists();
    renderPage();
    const link = await within(panel('E-mail outbox')).findByRole('link', { name: 'development mailbox' });
    expect(link.getAttribute('href')).toBe('/dev/mailbox');
    expect(link.closest('p')!.textContent).toBe('Held e-mails can be read in the development mailbox.');
    cleanup();

    lists();
    api.server.use(http.get('*/api/admin/outbox', () => HttpResponse.json({ ...OUTBOX, mailbox: null })));
    renderPage();
    await within(panel('E-mail outbox')).findByText('The oldest e-mail still to send has waited 3 min 20 s.');
    expect(within(panel('E-mail outbox')).queryByRole('link')).toBeNull();
  });

  it('says when nothing waits, and when the outbox could not be read', async () => {
    lists();
    api.server.use(
      http.get('*/api/admin/outbox', () => HttpResponse.json({ ...OUTBOX, depth: { ...OUTBOX.depth, pending: 0, sending: 0 }, oldestPendingSeconds: null })),
    );
    renderPage();
    expect(await within(panel('E-mail outbox')).findByText('No e-mail is waiting.')).toBeTruthy();
    cleanup();

    lists();
    api.server.use(
      http.get('*/api/admin/outbox', () =>
        HttpResponse.json({ error: { code: 'internal_error', message: 'Something went wrong on our side' } }, { status: 500 }),
      ),
    );
    renderPage();
    expect(await within(panel('E-mail outbox')).findByText('Outbox not loaded')).toBeTruthy();
    expect(within(panel('E-mail outbox')).queryByRole('term')).toBeNull();
  });
});

describe('formatAge', () => {
  it('words an age in its two largest units', () => {
    expect([0, 45, 60, 200, 3600, 7500, 86_400, 97_200 + 3600].map(formatAge)).toEqual([
      '0 s',
      '45 s',
      '1 min',
      '3 min 20 s',
      '1 h',
      '2 h 5 min',
      '1 d',
      '1 d 4 h',
    ]);
  });
});

describe('inviting a supplier user', () => {
  const GARDEN_ROUTE: AdminSupplier = { ...COASTAL, id: 34, name: 'Garden Route Industrial Supplies', city: 'George', email: 'sales@gardenroute.example' };

  it('finds the supplier by name in a combobox and invites to the one chosen, by its id', async () => {
    lists();
    const searched: string[] = [];
    const invited: { id: string; body: unknown }[] = [];
    api.server.use(
      http.get('*/api/admin/suppliers', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        if (q) searched.push(q);
        const found = q ? [GARDEN_ROUTE, COASTAL].filter((s) => s.name.toLowerCase().includes(q.toLowerCase())) : [COASTAL];
        return HttpResponse.json({ page: 1, pageSize: 8, total: found.length, suppliers: found } satisfies AdminSupplierPage);
      }),
      http.post('*/api/admin/suppliers/:id/invite', async ({ params, request }) => {
        invited.push({ id: String(params.id), body: await request.json() });
        return HttpResponse.json(
          { id: 7, email: 'pieter@gardenroute.example', name: 'Pieter Botha', disabled: false, lastSignInAt: null, createdAt: '2026-12-06T08:00:00.000Z' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const access = panel('Supplier workspace access');
    const invite = () => user.click(within(access).getByRole('button', { name: 'Invite to the supplier workspace' }));
    await user.type(within(access).getByRole('textbox', { name: 'Name' }), 'Pieter Botha');
    await user.type(within(access).getByRole('textbox', { name: 'E-mail' }), 'pieter@gardenroute.example');

    // Text typed but no supplier chosen: nothing is sent.
    const supplier = within(access).getByRole('combobox', { name: /^Supplier/ });
    await user.type(supplier, 'garden');
    await invite();
    expect(within(access).getByText('Choose the supplier from the list: type part of its name')).toBeTruthy();
    expect(invited).toEqual([]);

    await user.clear(supplier);
    await user.type(supplier, 'garden r');
    const listbox = await within(access).findByRole('listbox', { name: 'Supplier suggestions' });
    const options = await within(listbox).findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Garden Route Industrial SuppliesGeorge · sales@gardenroute.example']);
    expect(searched.at(-1)).toBe('garden r');
    await user.keyboard('{ArrowDown}{Enter}');
    expect((supplier as HTMLInputElement).value).toBe('Garden Route Industrial Supplies');
    expect(supplier.getAttribute('aria-expanded')).toBe('false');
    expect(within(access).getByText('Supplier 34')).toBeTruthy();
    await invite();
    expect(await within(access).findByText('pieter@gardenroute.example was e-mailed a sign-in link to the supplier workspace.')).toBeTruthy();
    expect(invited).toEqual([{ id: '34', body: { name: 'Pieter Botha', email: 'pieter@gardenroute.example' } }]);
  });

  it('forgets the chosen supplier once its name is edited', async () => {
    lists();
    api.server.use(
      http.get('*/api/admin/suppliers', ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        const found = q ? [GARDEN_ROUTE] : [COASTAL];
        return HttpResponse.json({ page: 1, pageSize: 8, total: found.length, suppliers: found } satisfies AdminSupplierPage);
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const access = panel('Supplier workspace access');
    const supplier = within(access).getByRole('combobox', { name: /^Supplier/ });
    await user.type(supplier, 'garden');
    await user.click(await within(access).findByRole('option', { name: /Garden Route Industrial Supplies/ }));
    expect(within(access).getByText('Supplier 34')).toBeTruthy();
    await user.type(supplier, 'x');
    expect(within(access).queryByText('Supplier 34')).toBeNull();
    await user.click(within(access).getByRole('button', { name: 'Invite to the supplier workspace' }));
    expect(within(access).getByText('Choose the supplier from the list: type part of its name')).toBeTruthy();
  });
});
