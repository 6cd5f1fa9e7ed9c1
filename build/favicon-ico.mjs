// `node build/favicon-ico.mjs`: writes portal/favicon.ico from portal/favicon.svg, for the browsers
// and crawlers that ask for /favicon.ico whatever the page links. Debian's Chromium draws the SVG at
// 16 and 32 pixels on a transparent ground, and the two PNGs go into one ICO file as they are
// (Windows Vista and every browser since read PNG inside ICO). Run it again when the SVG changes;
// the build copies the committed file.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SIZES = [16, 32];
const svg = readFileSync('portal/favicon.svg');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const pngs = [];
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const src = `data:image/svg+xml;base64,${svg.toString('base64')}`;
  for (const size of SIZES) {
    await page.setContent(`<style>html,body{margin:0;background:transparent}img{display:block}</style><img src="${src}" width="${size}" height="${size}">`);
    await page.locator('img').evaluate((img) => img.decode());
    pngs.push(await page.locator('img').screenshot({ omitBackground: true }));
  }
} finally {
  await browser.close();
}

// ICONDIR (reserved, type 1 = icon, count), then one 16-byte entry per image, then the images.
const head = Buffer.alloc(6 + 16 * pngs.length);
head.writeUInt16LE(0, 0);
head.writeUInt16LE(1, 2);
head.writeUInt16LE(pngs.length, 4);
let offset = head.length;
pngs.forEach((png, i) => {
  const entry = 6 + 16 * i;
  head.writeUInt8(SIZES[i], entry); // width
  head.writeUInt8(SIZES[i], entry + 1); // height
  head.writeUInt8(0, entry + 2); // no palette
  head.writeUInt8(0, entry + 3);
  head.writeUInt16LE(1, entry + 4); // colour planes
  head.writeUInt16LE(32, entry + 6); // bits per pixel
  head.writeUInt32LE(png.length, entry + 8);
  head.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync('portal/favicon.ico', Buffer.concat([head, ...pngs]));
console.log(`portal/favicon.ico: ${SIZES.join(' and ')} pixels, ${offset} bytes.`);
