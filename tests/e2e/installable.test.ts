/**
 * The built app is installable and its service worker caches only Sleeve's own files: Chromium finds nothing that
 * stops an install, and the generated sw.js (read as built) precaches the app's files, every lazily loaded chunk
 * included, and routes only one thing more: the card reader's own model and WebAssembly files, cached on first use
 * (too large to precache). Firebase traffic and card data always go past it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { expect, it } from 'vitest';
import { CHROMIUM_ARGS, requireTestChromium } from '../../scripts/chromium.mjs';
import { appUrl, watchPageErrors } from './support/browser';
import { serviceWorkerReady } from './support/service-worker';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The URLs sw.js precaches, as Workbox's generateSW writes them: `{url:"…",revision:…}`. */
const precached = (sw: string): string[] =>
  [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1] ?? '');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

it('precaches every built file it needs, Firebase and engine chunks included, and caches at run time only the reader files', () => {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const urls = precached(sw);
  const scripts = readdirSync(join(DIST, 'assets')).filter((name) => /\.(js|css)$/.test(name));
  expect(scripts.length).toBeGreaterThan(2);
  for (const name of scripts) expect(urls).toContain(`assets/${name}`);
  for (const url of ['index.html', 'manifest.webmanifest', 'icons/icon-192.png', 'icons/icon-512.png']) {
    expect(urls).toContain(url);
  }
  // Only files of this build, by relative path: nothing from another origin, no source maps.
  for (const url of urls) {
    expect(url).not.toMatch(/^[a-z]+:|^\/\//);
    expect(url).not.toMatch(/\.map$/);
  }
  expect(new Set(urls).size).toBe(urls.length);

  // Two routes besides the precache: navigations get index.html, except Firebase Hosting's reserved /__/ paths, and
  // the reader's same-origin .wasm/.onnx files are kept after their first download (a handful, never card data).
  expect([...sw.matchAll(/registerRoute\(/g)]).toHaveLength(2);
  expect(sw).toMatch(
    /registerRoute\(new (\w+)\.NavigationRoute\(\1\.createHandlerBoundToURL\("index\.html"\),\{denylist:\[\/\^\\\/__\\\/\/\]\}\)\)/,
  );
  const scannerRoute =
    /registerRoute\(\(\{url:(\w+),sameOrigin:(\w+)\}\)=>\2&&\/\^\\\/assets\\\/\[\^\/\]\+\\\.\(wasm\|onnx\)\$\/\.test\(\1\.pathname\),new (\w+)\.CacheFirst\(\{cacheName:"sleeve-scanner",plugins:\[new \3\.ExpirationPlugin\(\{maxEntries:4\}\)\]\}\),"GET"\)/;
  expect(sw).toMatch(scannerRoute);
  // No other runtime caching strategy anywhere in the worker or the Workbox runtime it loads.
  const runtime = readdirSync(DIST).filter((name) => /^workbox-.*\.js$/.test(name));
  expect(runtime).toHaveLength(1);
  expect(sw.replace(scannerRoute, '')).not.toMatch(
    /NetworkFirst|CacheFirst|StaleWhileRevalidate|NetworkOnly|CacheOnly|ExpirationPlugin/,
  );
  expect(readFileSync(join(DIST, runtime[0] ?? ''), 'utf8')).not.toMatch(
    /NetworkFirst|StaleWhileRevalidate|NetworkOnly|CacheOnly/,
  );
  // The reader's large files are not precached: a person who never scans never downloads them.
  for (const url of urls) expect(url).not.toMatch(/\.(wasm|onnx)$/);
  expect(sw).toMatch(/\w+\.cleanupOutdatedCaches\(\)/);
  // The page's Reload answer: a waiting version takes over only when asked.
  expect(sw).toMatch(/"SKIP_WAITING"===\w+\.data\.type&&self\.skipWaiting\(\)/);
  expect(sw).not.toContain('clientsClaim');
});

it('has a web manifest with the icons and colours an install needs, linked without any inline script', () => {
  const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.webmanifest'), 'utf8')) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Sleeve',
    short_name: 'Sleeve',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0f172a',
    background_color: '#0b1120',
  });
  const png = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(png.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of png) {
    const [width, height] = icon.sizes.split('x').map(Number);
    expect(pngSize(join(DIST, icon.src))).toEqual({ width, height });
  }
  expect(manifest.icons.some((icon) => icon.type === 'image/svg+xml' && icon.sizes === 'any')).toBe(true);

  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  // Every script has a source: the service worker is registered by the app's own code, the CSP stays strict.
  for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\ssrc="/);
  expect(html).toMatch(/script-src 'self'[^;]*;/);
  expect(html).not.toContain('unsafe-inline');
});

it('is installable in Chromium once its service worker is active', async () => {
  // A profile on disk, as a person's browser has: Chromium offers no install in an incognito-like test context.
  const profile = await mkdtemp(join(tmpdir(), 'sleeve-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: requireTestChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(appUrl('/home'));
    await page.getByRole('heading', { name: 'Home' }).waitFor();
    await serviceWorkerReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
