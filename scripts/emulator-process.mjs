// Runs one of firebase-tools' emulators (`firebase emulators:start --only <name>`) as a child process on loopback,
// offline, from a config written for that run: shared by the local backend (Auth) and the Hosting emulator.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HOST = '127.0.0.1';
// An emulator takes over a minute to start on a busy 2-core machine.
const READY_TIMEOUT_MS = 180_000;
const require = createRequire(import.meta.url);

/**
 * @param {number} port
 * @param {string} what
 * @returns {Promise<void>}
 */
export function assertPortFree(port, what) {
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
 * Resolves once `url` answers HTTP; rejects when the process ends first or the time runs out.
 * @param {string} url
 * @param {string} what
 * @param {import('node:child_process').ChildProcess} child
 * @param {string[]} output
 * @returns {Promise<void>}
 */
function waitForHttp(url, what, child, output) {
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
          `The ${what} exited before it was ready (${signal ?? `code ${code}`}).\n${output.join('').slice(-4000)}`,
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
            `The ${what} did not answer at ${url} within ${READY_TIMEOUT_MS / 1000} s.\n${output.join('').slice(-4000)}`,
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

/**
 * Starts `firebase emulators:start --only <only>` with `configFor(dir)` as its firebase.json, written to a fresh
 * folder `dir` (the emulator's project folder: relative paths in the config are relative to it), and resolves once
 * `readyUrl` answers. The emulator suite also takes a hub and a logging port, which the config names beside the
 * emulator's own.
 * @param {{ only: string, what: string, label: string, configFor: (dir: string) => object, readyUrl: string,
 *   projectId: string, quiet: boolean }} options
 * @returns {Promise<{ stop: () => Promise<void> }>}
 */
export async function startEmulator({ only, what, label, configFor, readyUrl, projectId, quiet }) {
  const dir = mkdtempSync(join(tmpdir(), `sleeve-${only}-`));
  const configPath = join(dir, 'firebase.json');
  writeFileSync(configPath, `${JSON.stringify(configFor(dir), null, 2)}\n`);
  const cli = require.resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(
    process.execPath,
    [cli, 'emulators:start', '--only', only, '--project', projectId, '--config', configPath, '--non-interactive'],
    {
      cwd: dir,
      // Its own process group, so stop() can end it and anything it starts, and Ctrl-C reaches it through us.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Never reach for the network: no update check, no message of the day; the debug log stays out of the repo.
        CI: 'true',
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
        FIREBASE_DEBUG_PATH: join(dir, 'firebase-debug.log'),
      },
    },
  );
  /** @type {string[]} */
  const output = [];
  const collect = (/** @type {Buffer} */ chunk) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 200) output.shift();
    if (!quiet) process.stdout.write(text.replace(/^(?=.)/gm, `[${label}] `));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
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
      rmSync(dir, { recursive: true, force: true });
    })();
    return stopping;
  };

  try {
    await waitForHttp(readyUrl, what, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
