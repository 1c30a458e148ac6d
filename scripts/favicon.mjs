/**
 * `node scripts/favicon.mjs`: writes console/public/favicon.ico (16, 32 and 48 px, PNG
 * entries) from console/src/favicon.svg, rendered by Debian's Chromium as the console's
 * tests use it. Run it after changing the SVG; both files are checked in (Vite copies
 * public/ to the bundle's root, and the service answers /favicon.ico with it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SIZES = [16, 32, 48];
const svg = readFileSync(new URL('../console/src/favicon.svg', import.meta.url), 'utf8');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const images = [];
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    images.push(await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}

// ICONDIR (6 bytes), one ICONDIRENTRY (16 bytes) per image, then the PNGs themselves.
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, index) => {
  const entry = 6 + 16 * index;
  header.writeUInt8(SIZES[index] % 256, entry);
  header.writeUInt8(SIZES[index] % 256, entry + 1);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
writeFileSync(new URL('../console/public/favicon.ico', import.meta.url), Buffer.concat([header, ...images]));
console.log(`console/public/favicon.ico: ${SIZES.join(', ')} px, ${offset} bytes`);
