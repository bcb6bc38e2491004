// Draws the app's PNG icons and favicon.ico from public/icon.svg in Chromium, so that every icon is the one
// drawing: `node scripts/render-icons.mjs` after changing the SVG. The apple-touch icon is square without
// rounded corners (iOS rounds them itself), the others keep the SVG's own.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const publicDir = path.resolve(import.meta.dirname, '../public');
const svg = readFileSync(path.join(publicDir, 'icon.svg'), 'utf8');
const square = svg.replace(/ rx="\d+"/, '');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
const page = await browser.newPage();
async function png(source, size) {
  await page.setViewportSize({ width: size, height: size });
  const uri = `data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}`;
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img src="${uri}" width="${size}" height="${size}"></body></html>`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
}

/** An .ico of PNG images (Windows Vista and later, every current browser). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

writeFileSync(path.join(publicDir, 'apple-touch-icon.png'), await png(square, 180));
writeFileSync(path.join(publicDir, 'icon-192.png'), await png(svg, 192));
writeFileSync(path.join(publicDir, 'icon-512.png'), await png(svg, 512));
writeFileSync(
  path.join(publicDir, 'favicon.ico'),
  ico([
    { size: 16, data: await png(svg, 16) },
    { size: 32, data: await png(svg, 32) },
    { size: 48, data: await png(svg, 48) },
  ]),
);
await browser.close();
