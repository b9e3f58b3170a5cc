// Draws the app icons (public/icons/*.png) from public/logo.svg with Chromium. Run by hand after the logo
// changes: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.ts';

const logo = readFileSync('public/logo.svg', 'utf8');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const page = await browser.newPage();
const shots: [file: string, size: number, padding: number][] = [
  ['public/icons/icon-192.png', 192, 0],
  ['public/icons/icon-512.png', 512, 0],
  // Maskable: the logo sits inside the 80% safe zone on the brand colour.
  ['public/icons/maskable-512.png', 512, 0.12],
];
for (const [file, size, pad] of shots) {
  await page.setViewportSize({ width: size, height: size });
  const inner = Math.round(size * (1 - 2 * pad));
  await page.setContent(
    `<body style="margin:0;background:#0d5c63;display:grid;place-items:center;width:${size}px;height:${size}px">` +
      `<div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg style="width:100%;height:100%" `)}</div></body>`,
  );
  await page.screenshot({ path: file, omitBackground: false });
  console.log('wrote', file);
}
await browser.close();
