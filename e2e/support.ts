import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** A port on loopback that nothing listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Procura {
  base: string;
  /** The SQLite file the server writes. */
  databaseFile: string;
  stop(): Promise<void>;
}

/** The real built server (npm test builds first) on a fresh SQLite database. */
export async function startProcura(): Promise<Procura> {
  const dir = mkdtempSync(join(tmpdir(), 'procura-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const databaseFile = join(dir, 'e2e.sqlite');
  const server: ChildProcess = spawn('node', ['dist/server/main.js'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${databaseFile}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', NODE_ENV: 'test', RFQ_RATE_LIMIT: '1000', SMTP_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    databaseFile,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium, headless. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A page in a fresh context; 'decided' stores a cookie choice first, so the banner stays away. */
export async function newPage(browser: Browser, width = 1280, consent: 'decided' | 'undecided' = 'decided'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  if (consent === 'decided') {
    await context.addInitScript(() =>
      localStorage.setItem('procura-consent', JSON.stringify({ essential: true, analytics: false, marketing: false, timestamp: new Date().toISOString(), revision: 1 })),
    );
  }
  return context.newPage();
}

/** No serious or critical axe violations on the page (its frames included). */
export async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const TYPES: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8' };

/** Another site on loopback (its own port, so its own origin) serving the given pages by path. */
export async function serve(pages: Record<string, string>): Promise<{ base: string; server: Server }> {
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    const page = pages[req.url ?? ''];
    res.writeHead(page === undefined ? 404 : 200, { 'content-type': TYPES[(req.url ?? '').split('.').pop()!] ?? TYPES.html });
    res.end(page ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { base: `http://127.0.0.1:${port}`, server };
}

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
