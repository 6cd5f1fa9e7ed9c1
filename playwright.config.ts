import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { databaseFolder, freePort, serverEnvironment } from './e2e/server';

// Every worker process reads this file again. The runner chooses the port and the database once
// and hands them down in the environment its workers inherit, so all of them reach one server.
if (!process.env.PROCURA_E2E_PORT || !process.env.PROCURA_E2E_DATABASE) {
  const folder = databaseFolder();
  process.env.PROCURA_E2E_PORT = String(await freePort());
  process.env.PROCURA_E2E_DATABASE = join(folder, 'e2e.sqlite');
  // 'exit' comes after the runner has stopped the web server, so the file is no longer open.
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
}
const port = Number(process.env.PROCURA_E2E_PORT);
const databaseFile = process.env.PROCURA_E2E_DATABASE;
const base = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  // Two cores: the journeys, their servers and Chromium share them.
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // A guard against a hung journey, not a measure of speed: the longest journeys take half a minute
  // alone on a fast two-core machine, twice that beside another, and four times as long again on a
  // slow one.
  timeout: 600_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL: base,
    browserName: 'chromium',
    // Debian's Chromium; the journeys never use a downloaded browser.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    viewport: { width: 1280, height: 900 },
    // A click or fill whose element never comes fails within a minute, as an expectation does
    // within half of one, where it held the journey to the ten-minute guard above.
    actionTimeout: 60_000,
    // A failed journey keeps its trace: every action with the page's DOM before and after it. The
    // screencast is left out, a tenth of the journeys' time on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
  webServer: {
    command: 'node dist/server/main.js',
    url: `${base}/readyz`,
    env: serverEnvironment(port, databaseFile),
    reuseExistingServer: false,
    // A guard against a hung journey, not a measure of speed: the longest journeys take half a minute
    // alone and twice that beside another.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server finish its requests and close the database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
