/**
 * What tests/e2e/hosting.test.ts reads of the built app and of a browser using it: the workers' files as the app's
 * scripts name them, every request a context makes, the workers a page starts, whether a fetch gets through, and a
 * sample card photo for the scanner.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright';

export const DIST = fileURLToPath(new URL('../../../dist/', import.meta.url));

export interface WorkerPaths {
  engine: string;
  scan: string;
  reading: string;
  strength: string;
  database: string;
}

/**
 * The workers' files as the app's scripts name them: the engine's, the scanner's recognition worker's, the import's
 * file reader's, the strength estimator's (those two, holding no key and reaching nothing, under the engine's policy
 * too) and the database worker's.
 */
export function workerPaths(): WorkerPaths {
  const assets = `${DIST}assets/`;
  const found: string[] = [];
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const text = readFileSync(`${assets}${name}`, 'utf8');
    for (const match of text.matchAll(/new Worker\(new URL\([`'"](\/assets\/[^`'"]+\.js)/g)) found.push(match[1] ?? '');
  }
  const others = ['/scan-worker-', '/reading-worker-', '/strength-worker-', '/database-worker-'];
  const [scan, reading, strength, database] = others.map((name) => found.find((path) => path.includes(name)));
  const engine = found.find((path) => !others.some((name) => path.includes(name)));
  if (!engine || !scan || !reading || !strength || !database) {
    throw new Error(
      `The build names workers ${found.join(', ')}, not the engine, the scanner, the file reader, the estimator ` +
        'and the database',
    );
  }
  return { engine, scan, reading, strength, database };
}

/** Every request and WebSocket of a context's pages, the service worker's and the popup's included. */
export function recordTraffic(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  context.on('page', (page) => page.on('websocket', (socket) => urls.push(socket.url())));
  return urls;
}

/** The path of every dedicated worker the page starts, as it starts. */
export function recordWorkers(page: Page): string[] {
  const paths: string[] = [];
  page.on('worker', (worker) => paths.push(new URL(worker.url()).pathname));
  return paths;
}

/**
 * Run in a page or a worker: whether a request to `url` leaves at all. `no-cors`, so an answer without CORS headers
 * still counts as reached: only a refusal by the policy (or no server) fails.
 */
export const reach = (url: string): Promise<'reached' | 'refused'> =>
  fetch(url, { mode: 'no-cors' }).then(
    () => 'reached',
    () => 'refused',
  );

/** A committed sample photo (tests/fixtures/scan-sample) and the number printed on it. */
export function samplePhoto(file: string): { path: string; number: string } {
  const sample = join(import.meta.dirname, '../../fixtures/scan-sample');
  const { labels } = JSON.parse(readFileSync(join(sample, 'labels.json'), 'utf8')) as {
    labels: { file: string; number: string }[];
  };
  const label = labels.find((one) => one.file === file);
  if (!label) throw new Error(`${file} has no label`);
  return { path: join(sample, file), number: label.number };
}
