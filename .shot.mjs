import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
await page.goto('http://127.0.0.1:4311/');
await page.getByRole('region', { name: /Help Us Improve/ }).waitFor();
await page.screenshot({ path: '/tmp/shots/consent.png' });
await browser.close();
