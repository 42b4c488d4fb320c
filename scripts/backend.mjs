// The local backend: the Firebase Auth emulator (firebase-tools, spawned) and a realtime database server
// (firebase-server, in this process) loaded with database.rules.json, the rules a real deployment uses.
// Both listen on loopback only. No Firebase account, Java or internet is needed.
//
//   node scripts/backend.mjs     starts it on the default ports (auth 9099, database 9000); Ctrl-C stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import FirebaseServer from 'firebase-server';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
// The Auth emulator takes over a minute to start on a busy 2-core machine.
const READY_TIMEOUT_MS = 180_000;
const require = createRequire(import.meta.url);

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
 * @param {number} port
 * @param {string} what
 * @returns {Promise<void>}
 */
function assertPortFree(port, what) {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', (/** @type {NodeJS.ErrnoException} */ error) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} (${what}) is already in use on ${HOST}. Stop whatever holds it, or choose other ports.`
            : `Cannot listen on ${HOST}:${port} (${what}): ${error.message}`,
        ),
      );
    });
    probe.listen({ port, host: HOST, exclusive: true }, () => probe.close(() => resolvePort()));
  });
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
 * Resolves once the Auth emulator answers HTTP; rejects when the process ends first or the time runs out.
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {string[]} output
 * @returns {Promise<void>}
 */
function waitForAuth(url, child, output) {
  return new Promise((resolveReady, reject) => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let done = false;
    const finish = (/** @type {Error | undefined} */ error = undefined) => {
      if (done) return;
      done = true;
      child.off('exit', onExit);
      if (error) reject(error);
      else resolveReady();
    };
    const onExit = (/** @type {number | null} */ code, /** @type {NodeJS.Signals | null} */ signal) =>
      finish(
        new Error(
          `The Auth emulator exited before it was ready (${signal ?? `code ${code}`}).\n${output.join('').slice(-4000)}`,
        ),
      );
    child.once('exit', onExit);
    const poll = async () => {
      if (done) return;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
        await response.arrayBuffer();
        finish();
        return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        finish(
          new Error(
            `The Auth emulator did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s.\n${output.join('').slice(-4000)}`,
          ),
        );
        return;
      }
      setTimeout(poll, 250);
    };
    setTimeout(poll, 250);
  });
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @param {NodeJS.Signals} signal
 */
function killGroup(child, signal) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** @param {{ authPort: number, projectId: string, quiet: boolean, workDir: string }} options */
function startAuth({ authPort, projectId, quiet, workDir }) {
  // Ports are parameterised, so the emulator reads a config generated for this run rather than firebase.json.
  // The hub and logging ports are fixed beside the auth port so two backends (dev and tests) can coexist.
  const config = {
    emulators: {
      auth: { host: HOST, port: authPort },
      hub: { host: HOST, port: authPort + 2 },
      logging: { host: HOST, port: authPort + 3 },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const configPath = join(workDir, 'firebase.json');
  writeFileSync(configPath, `${JSON.stringify(config, null, 2)}\n`);
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', configPath, '--non-interactive'],
    {
      cwd: workDir,
      // Its own process group, so stop() can end it and anything it starts, and Ctrl-C reaches it through us.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Never reach for the network: no update check, no message of the day; the debug log stays out of the repo.
        CI: 'true',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        FIREBASE_DEBUG_PATH: join(workDir, 'firebase-debug.log'),
      },
    },
  );
  /** @type {string[]} */
  const output = [];
  const collect = (/** @type {Buffer} */ chunk) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 200) output.shift();
    if (!quiet) process.stdout.write(text.replace(/^(?=.)/gm, '[auth] '));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return { child, output };
}

/**
 * Starts the Auth emulator and the realtime database server on loopback.
 * @param {{ authPort?: number, databasePort?: number, projectId?: string, quiet?: boolean }} [options]
 * @returns {Promise<{ authUrl: string, databaseUrl: string, namespace: string, readAll: () => Promise<unknown>, writeRaw: (path: string, value: unknown) => Promise<void>, stop: () => Promise<void> }>}
 */
export async function startBackend({
  authPort = 9099,
  databasePort = 9000,
  projectId = 'demo-sleeve',
  quiet = false,
} = {}) {
  const namespace = namespaceFor(projectId);
  const authUrl = `http://${HOST}:${authPort}`;
  const databaseUrl = `http://${HOST}:${databasePort}?ns=${namespace}`;
  const started = Date.now();

  await assertPortFree(databasePort, 'realtime database');
  await assertPortFree(authPort, 'Auth emulator');
  await assertPortFree(authPort + 2, 'emulator hub');
  await assertPortFree(authPort + 3, 'emulator logging');

  const database = await startDatabase(databasePort, namespace);
  const workDir = mkdtempSync(join(tmpdir(), 'sleeve-auth-'));
  const { child, output } = startAuth({ authPort, projectId, quiet, workDir });
  // If this process ends without stop(), the emulator must not outlive it.
  const onExit = () => killGroup(child, 'SIGKILL');
  process.once('exit', onExit);

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    stopping ??= (async () => {
      process.off('exit', onExit);
      const exited = new Promise((/** @type {(value?: unknown) => void} */ done) => {
        if (child.exitCode !== null || child.signalCode !== null) done();
        else child.once('exit', () => done());
      });
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      // The emulator's own children (if any) share its group.
      killGroup(child, 'SIGKILL');
      await database.close();
      rmSync(workDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    await waitForAuth(authUrl, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
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
  const backend = await startBackend().catch((error) => {
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
