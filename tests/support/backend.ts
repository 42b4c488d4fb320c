/**
 * Vitest globalSetup: the local backend (Auth emulator and realtime database server) on the TEST ports, so a
 * running `npm start` does not clash. Several projects list this file; they share one backend, started by the
 * first of them and stopped after the last one's teardown. Tests reach it through `inject(...)`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startBackend } from '../../scripts/backend.mjs';
import type {} from './provided-context';
import { TEST_AUTH_PORT, TEST_DATABASE_PORT } from './test-ports';

type Backend = Awaited<ReturnType<typeof startBackend>>;
interface Shared {
  backend: Promise<Backend>;
  dump: Promise<Server>;
  users: number;
}

/**
 * Tests that check what reached the server (only ciphertext, nothing left after deleting an account) read the
 * whole database, which no client may do under the rules. This test-only endpoint, on an ephemeral loopback port,
 * answers with the server's own copy (all of it, or what is at a path); a PUT writes a value rules aside, for data
 * no client may write any more.
 */
/** The value at `path` (segments split by '/') inside `root`, or null where there is none. */
function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const segment of path.split('/').filter(Boolean)) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) return null;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

function serveDump(backend: Promise<Backend>): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((request, response) => {
      // Browser tests call this from the test page's origin.
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-methods', 'GET, PUT');
      response.setHeader('access-control-allow-headers', 'content-type');
      if (request.method === 'OPTIONS') {
        response.writeHead(204);
        response.end();
        return;
      }
      const answer = (work: (ready: Backend) => Promise<unknown>) =>
        backend
          .then(work)
          .then((value) => {
            response.writeHead(200, { 'content-type': 'application/json' });
            response.end(JSON.stringify(value ?? null));
          })
          .catch((error: unknown) => {
            response.writeHead(500);
            response.end(String(error));
          });
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname).replace(/^\/+/, '');
      if (request.method !== 'PUT') {
        // GET /: the whole database; GET /some/path: only what is there (one account's data, say).
        void answer(async (ready) => valueAt(await ready.readAll(), path));
        return;
      }
      // PUT /some/path with a JSON body writes there rules aside (see writeRaw in scripts/backend.mjs).
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        void answer((ready) => ready.writeRaw(path, JSON.parse(body) as unknown));
      });
    });
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

// Global setup modules may be loaded once per project; the process is one, so the shared state lives here.
const KEY = Symbol.for('sleeve.tests.backend');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };

export default async function backend(project: TestProject) {
  let shared = holder[KEY];
  if (!shared) {
    const started = Date.now();
    const backend = startBackend({ authPort: TEST_AUTH_PORT, databasePort: TEST_DATABASE_PORT, quiet: true }).then(
      (ready) => {
        console.log(`Test backend ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${ready.authUrl})`);
        return ready;
      },
    );
    shared = { backend, dump: serveDump(backend), users: 0 };
    holder[KEY] = shared;
  }
  shared.users += 1;
  let ready: Backend;
  try {
    ready = await shared.backend;
  } catch (error) {
    shared.users -= 1;
    if (shared.users === 0) delete holder[KEY];
    throw error;
  }
  project.provide('authUrl', ready.authUrl);
  project.provide('databaseUrl', ready.databaseUrl);
  project.provide('namespace', ready.namespace);
  const dump = await shared.dump;
  project.provide('databaseDumpUrl', `http://127.0.0.1:${(dump.address() as AddressInfo).port}/`);

  return async () => {
    const current = holder[KEY];
    if (!current) return;
    current.users -= 1;
    if (current.users > 0) return;
    delete holder[KEY];
    const dump = await current.dump;
    await new Promise((resolve) => dump.close(resolve));
    await ready.stop();
  };
}
