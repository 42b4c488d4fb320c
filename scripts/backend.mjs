// The local backend: the Firebase Auth emulator (firebase-tools, spawned) and a realtime database server
// (firebase-server, in this process) loaded with database.rules.json, the rules a real deployment uses.
// Both listen on loopback only. No Firebase account, Java or internet is needed.
//
//   node scripts/backend.mjs     starts it on the default ports (auth 9099, database 9000); Ctrl-C stops it.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import FirebaseServer from 'firebase-server';
import { startAuthFront } from './auth-front.mjs';
import { compareBeforeWriting } from './compare-before-writing.mjs';
import { assertPortFree, HOST, startEmulator } from './emulator-process.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The namespace the app's database URL names (`?ns=`), after the project id as Firebase does.
 * @param {string} projectId
 */
export const namespaceFor = (projectId) => `${projectId}-default-rtdb`;

/** The rules a real deployment uses (`npx firebase deploy --only database`). */
export function loadRules() {
  return JSON.parse(readFileSync(join(ROOT, 'database.rules.json'), 'utf8'));
}

/**
 * firebase-server keeps the rules engine's database from the last write, and with it the auth of whoever wrote;
 * the engine's `as(null)` keeps that auth, so a signed-out client would be judged as the last writer. Store every
 * new engine database signed out, so each request is judged as exactly its own client.
 */
/** @param {any} server */
function judgeEachClientAsItself(server) {
  const signedOut = (/** @type {any} */ db) =>
    db.auth === null ? db : new db.constructor({ rules: db.rules, data: db.root, auth: null, debug: db.debug });
  let current = signedOut(server.targaryen);
  Object.defineProperty(server, 'targaryen', {
    get: () => current,
    set: (/** @type {any} */ db) => {
      current = signedOut(db);
    },
  });
}

/**
 * @param {number} port
 * @param {string} namespace
 * @returns {Promise<FirebaseServer>}
 */
function startDatabase(port, namespace) {
  return new Promise((resolveServer, reject) => {
    const server = new FirebaseServer({ port, address: HOST }, namespace);
    judgeEachClientAsItself(server);
    compareBeforeWriting(server);
    server.setRules(loadRules());
    // The WebSocket server listens on the next tick, so these handlers are in place in time.
    const wss = /** @type {any} */ (server).wss;
    wss.once('error', (/** @type {Error} */ error) =>
      reject(new Error(`The realtime database server could not start: ${error.message}`)),
    );
    wss.once('listening', () => resolveServer(server));
  });
}

/**
 * The Auth emulator, from a config generated for this run rather than firebase.json, since its ports are parameters.
 * The hub and logging ports are fixed beside the auth port the app talks to (`authPort`) so two backends (dev and
 * tests) can coexist; with a front (auth-front.mjs) on that port, the emulator itself listens on `emulatorPort`.
 * @param {{ authPort: number, emulatorPort: number, projectId: string, quiet: boolean }} options
 */
function startAuth({ authPort, emulatorPort, projectId, quiet }) {
  const config = {
    emulators: {
      auth: { host: HOST, port: emulatorPort },
      hub: { host: HOST, port: authPort + 2 },
      logging: { host: HOST, port: authPort + 3 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  return startEmulator({
    only: 'auth',
    what: 'Auth emulator',
    label: 'auth',
    configFor: () => config,
    readyUrl: `http://${HOST}:${emulatorPort}`,
    projectId,
    quiet,
  });
}

/**
 * Starts the Auth emulator and the realtime database server on loopback. With `localGoogleLoader` (`npm start`), the
 * emulator sits behind a front on `authPort` that lets its sign-in pages work without internet (auth-front.mjs),
 * and listens itself on `authPort + 4`.
 * @param {{ authPort?: number, databasePort?: number, projectId?: string, quiet?: boolean, localGoogleLoader?: boolean }} [options]
 * @returns {Promise<{ authUrl: string, databaseUrl: string, namespace: string, readAll: () => Promise<unknown>, writeRaw: (path: string, value: unknown) => Promise<void>, stop: () => Promise<void> }>}
 */
export async function startBackend({
  authPort = 9099,
  databasePort = 9000,
  projectId = 'demo-sleeve',
  quiet = false,
  localGoogleLoader = false,
} = {}) {
  const namespace = namespaceFor(projectId);
  const authUrl = `http://${HOST}:${authPort}`;
  const databaseUrl = `http://${HOST}:${databasePort}?ns=${namespace}`;
  const started = Date.now();

  await assertPortFree(databasePort, 'realtime database');
  await assertPortFree(authPort, 'Auth emulator');
  await assertPortFree(authPort + 2, 'emulator hub');
  await assertPortFree(authPort + 3, 'emulator logging');
  const emulatorPort = localGoogleLoader ? authPort + 4 : authPort;
  if (localGoogleLoader) await assertPortFree(emulatorPort, 'Auth emulator behind its front');

  const database = await startDatabase(databasePort, namespace);
  /** @type {Awaited<ReturnType<typeof startAuth>>} */
  let auth;
  try {
    auth = await startAuth({ authPort, emulatorPort, projectId, quiet });
  } catch (error) {
    await database.close();
    throw error;
  }
  /** @type {Awaited<ReturnType<typeof startAuthFront>> | null} */
  let front = null;
  if (localGoogleLoader) {
    try {
      front = await startAuthFront({ host: HOST, port: authPort, emulatorPort });
    } catch (error) {
      await Promise.allSettled([auth.stop(), database.close()]);
      throw error;
    }
  }

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      await front?.close();
      await auth.stop();
      await database.close();
    })();
    return stopping;
  };

  if (!quiet) {
    console.log(`Backend ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  Auth emulator      ${authUrl}`);
    console.log(`  Realtime database  ${databaseUrl}`);
  }
  /** The whole database as the server holds it, rules aside: for tests that check what reached the server. */
  const readAll = () => /** @type {Promise<unknown>} */ (database.getValue());
  /**
   * Writes `value` at `path` as the server itself, rules aside: for tests that need what no client may write any
   * more (an entry left by an older client, say). Subscribed clients hear of it like any other change.
   * @param {string} path
   * @param {unknown} value
   */
  // The server keeps its data in an offline client of its own, whose writes apply (and reach every listener) at
  // once but are never acknowledged: nothing waits for that promise.
  const writeRaw = async (path, value) => {
    const server = /** @type {any} */ (database);
    server.baseRef
      .child(path)
      .set(value)
      .catch(() => {});
    // The rules engine keeps its own copy of the data, which rules that compare with what is stored (`data`) read:
    // it must hold this too, or a later write would be judged against what the server no longer holds.
    server.targaryen = server.targaryen.with({ data: server.targaryen.root.$set(path, value, undefined, Date.now()) });
  };
  return { authUrl, databaseUrl, namespace, readAll, writeRaw, stop };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const backend = await startBackend({ localGoogleLoader: true }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  console.log('Press Ctrl-C to stop.');
  const shutdown = async () => {
    await backend.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
