import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { type APIRequestContext, test as base, expect, type FrameLocator, type Page } from '@playwright/test';
import axe from 'axe-core';
import Database from 'better-sqlite3';
import { startProcura, type Procura } from './server';

export { expect };

/** The password journeys give new staff members. */
const STAFF_PASSWORD = 'tafelberg-sunrise-0471';

/** The plain-text parts of the mailbox's e-mails to `recipient`, newest first, with the files each carries. */
export async function mailTo(page: Page, recipient: string): Promise<{ subject: string; text: string; attachments: { name: string; href: string }[] }[]> {
  await page.goto('/dev/mailbox');
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell', { name: recipient, exact: true }) });
  const links = await rows
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => ({ href: (a as HTMLAnchorElement).getAttribute('href')!, subject: a.textContent ?? '' })));
  const mails = [];
  for (const { href, subject } of links) {
    const html = await (await page.request.get(href)).text();
    const text = /<pre>([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
    const attachments = [...html.matchAll(/<a href="(\/dev\/mailbox\/\d+\/attachments\/\d+)" download="([^"]+)"/g)].map((m) => ({ href: m[1]!, name: m[2]! }));
    mails.push({
      subject,
      attachments,
      text: text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>'),
    });
  }
  return mails;
}

/**
 * Sets a staff member's password from their one-time link, which signs them in at their start
 * page; then signs out there, so the journey signs in with the password as on any later day.
 */
export async function setStaffPassword(page: Page, link: string, password = STAFF_PASSWORD): Promise<void> {
  await page.goto(link);
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Type it again').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/(admin|customer-dashboard)$/);
  await signOutStaff(page);
}

/** Signs out with the navigation's Sign out, opening its menu first where the links are folded into it. */
export async function signOutStaff(page: Page): Promise<void> {
  const signOut = page.getByRole('button', { name: 'Sign out' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(signOut.or(menu).first()).toBeVisible();
  if (!(await signOut.isVisible())) await menu.click();
  await signOut.click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
}

/** Chooses the supplier to invite on /admin by its name, from the suggestions typing part of it brings. */
export async function chooseSupplierToInvite(page: Page, name: string): Promise<void> {
  await page.getByRole('combobox', { name: /^Supplier/ }).fill(name);
  await page.getByRole('listbox', { name: 'Supplier suggestions' }).getByRole('option').filter({ hasText: name }).first().click();
}

/** Signs in on the sign-in form the page shows (a staff page signed out shows it in its place). */
export async function signInStaff(page: Page, email: string, password = STAFF_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

type Row = Record<string, unknown>;

interface WorkerFixtures {
  /**
   * Empty for the server the config starts; a journey whose assertions count rows across the
   * whole database names a server of its own instead. Each name gets its own worker process, so
   * no other journey writes to that server's database.
   */
  ownServer: string;
  /** The server the journey talks to. */
  procura: Procura;
}

interface TestFixtures {
  /** 'decided' stores a cookie choice before the page loads, so the consent banner stays away. */
  consent: 'decided' | 'undecided';
  /** Asserts no serious or critical axe violations on the page, its frames included. */
  expectAccessible: (page: Page) => Promise<void>;
  /** Reads the server's SQLite file as it is now (each call opens it read-only). */
  database: { get(sql: string, ...params: unknown[]): Row | undefined; all(sql: string, ...params: unknown[]): Row[] };
  /**
   * Adds a staff member with the built command line, as an operator would, against the
   * journey's server; answers the one-time set-password link it prints.
   */
  staffLink: (person: { email: string; name: string; role: 'admin' | 'sales' }) => string;
  /** Serves pages on a loopback origin of their own, as a partner's site would; answers its base URL. */
  site: (pages: Record<string, string>) => Promise<string>;
}

const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8' };

function read<T>(file: string, query: (db: Database.Database) => T): T {
  const db = new Database(file, { readonly: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  ownServer: ['', { scope: 'worker', option: true }],

  procura: [
    async ({ ownServer }, use) => {
      if (!ownServer) {
        await use({ base: `http://127.0.0.1:${process.env.PROCURA_E2E_PORT}`, databaseFile: process.env.PROCURA_E2E_DATABASE! });
        return;
      }
      const own = await startProcura();
      await use(own);
      await own.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  baseURL: async ({ procura }, use) => use(procura.base),

  consent: ['decided', { option: true }],

  context: async ({ context, consent }, use) => {
    if (consent === 'decided') {
      await context.addInitScript(() =>
        localStorage.setItem(
          'procura-consent',
          JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), revision: 1 }),
        ),
      );
    }
    await use(context);
  },

  expectAccessible: async ({}, use, testInfo) => {
    await use(async (page) => {
      // axe-core in every frame, other origins' included (the widget on a partner's page); the top
      // frame's run gathers theirs. Only the violations come back: they are all a journey reads,
      // and leaving the passes in the page saves most of the run.
      await page.waitForLoadState();
      const frames = page.frames().filter((frame) => !frame.isDetached());
      await Promise.all(frames.map((frame) => frame.evaluate(`${axe.source}\naxe.configure({ allowedOrigins: ['<unsafe_all_origins>'] });`)));
      const violations = await page.evaluate(async () => {
        const engine = (window as unknown as { axe: typeof axe }).axe;
        const results = await engine.run(document, { resultTypes: ['violations'] });
        return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((n) => n.target.join(' ')) }));
      });
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      if (serious.length) await testInfo.attach('axe violations', { body: JSON.stringify(serious, null, 2), contentType: 'application/json' });
      expect(serious.map((v) => `${v.id}: ${v.targets.join(', ')}`)).toEqual([]);
    });
  },

  database: async ({ procura }, use) => {
    await use({
      get: (sql, ...params) => read(procura.databaseFile, (db) => db.prepare(sql).get(...params) as Row | undefined),
      all: (sql, ...params) => read(procura.databaseFile, (db) => db.prepare(sql).all(...params) as Row[]),
    });
  },

  staffLink: async ({ procura }, use) => {
    await use(({ email, name, role }) => {
      const run = spawnSync('node', ['dist/server/cli.js', 'staff-add', '--email', email, '--name', name, '--role', role], {
        env: { ...process.env, DATABASE_URL: `sqlite:${procura.databaseFile}`, PUBLIC_URL: procura.base },
        encoding: 'utf8',
      });
      const link = /^(http\S+\/staff\/set-password#st_\S+)$/m.exec(run.stdout)?.[1];
      if (run.status !== 0 || !link) throw new Error(`staff-add failed: ${run.stderr}`);
      return link;
    });
  },

  site: async ({}, use) => {
    const servers: Server[] = [];
    await use(async (pages) => {
      const server = createServer((req, res) => {
        const page = pages[req.url ?? ''];
        res.writeHead(page === undefined ? 404 : 200, { 'content-type': TYPES[(req.url ?? '').split('.').pop()!] ?? TYPES.html });
        res.end(page ?? 'not found');
      });
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    await Promise.all(
      servers.map((s) => {
        const closed = new Promise((resolve) => s.close(resolve));
        s.closeAllConnections();
        return closed;
      }),
    );
  },
});

/** Fills the widget's compact form in `frame` for 200 litres of sanitiser to Durban, and sends it. */
export async function fillAndSendWidget(frame: FrameLocator) {
  await frame.getByRole('combobox', { name: 'Product name' }).fill('Hand San');
  await frame.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
  await frame.getByRole('textbox', { name: 'Quantity' }).fill('200');
  await frame.getByRole('combobox', { name: 'Delivery location' }).fill('Durb');
  await frame.getByRole('option', { name: 'Durban, KwaZulu-Natal' }).click();
  await frame.getByRole('textbox', { name: 'E-mail address' }).fill('buyer@coastal.example.co.za');
  await frame.getByRole('checkbox').check();
  await frame.getByRole('button', { name: 'Get My Quotes' }).click();
}

/** Registers Coastal Cleaning as a partner through the API, as the registration form does; answers its credentials. */
export async function registerPartner(base: string, integrationType: 'widget' | 'both'): Promise<{ partnerId: string; apiKey: string }> {
  const registration = await fetch(`${base}/api/partners/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      companyName: 'Coastal Cleaning',
      contactEmail: 'dev@coastal.example.co.za',
      contactName: 'Thandi Nkosi',
      website: 'https://coastal.example.co.za',
      businessType: 'directory',
      integrationType,
      monthlyTraffic: '10k-50k',
      useCase: 'Quotes beside every cleaning-supplier listing',
    }),
  });
  expect(registration.status).toBe(201);
  return ((await registration.json()) as { credentials: { partnerId: string; apiKey: string } }).credentials;
}

/** Asks through the API for quotes on 40 bottles of bleach for Johannesburg, for `primaryEmail`; answers the RFQ made. */
export async function requestBleachQuotes(
  request: APIRequestContext,
  primaryEmail: string,
  supplierCount = 3,
): Promise<{ rfqId: string; quotes: { trackingUrl: string; trackingToken: string }[] }> {
  const res = await request.post('/api/rfq', {
    data: {
      productName: 'Household Bleach',
      productDescription: 'Five-litre bottles for a school kitchen',
      quantity: 40,
      supplierCount,
      deliveryLocation: 'Johannesburg',
      primaryEmail,
      agreeTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/**
 * On the home page, asks for 200 of Hand Sanitizer 70% Alcohol delivered to Durban and gives
 * `email` on the last step; the optional fields, the terms and the send are left to the journey.
 */
export async function startHandSanitizerRequest(page: Page, email: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Product name' }).fill('Hand San');
  await page.getByRole('option', { name: /Hand Sanitizer 70% Alcohol/ }).click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill('200');
  await page.getByRole('combobox', { name: 'Delivery location' }).fill('Durb');
  await page.getByRole('option', { name: 'Durban, KwaZulu-Natal' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('button', { name: 'Next Step' }).click();
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
}
