/**
 * The local backend the account group talks to: the one the build was made for. The build reads its Firebase
 * settings from `VITE_` variables and `.env` files (src/remote/settings.ts); read here the same way, they say where
 * the Auth emulator and the database listen. If a backend already answers there (`npm start`, or the test suite's
 * while `npm test` runs the smoke run), it is used as it is; otherwise one is started for the run (scripts/backend.mjs)
 * and stopped after. Built for a real Firebase project, the build has no local backend, and the account group does
 * not run.
 */
import { createConnection } from 'node:net';
import { loadEnv, runnerImport } from 'vite';
import { startBackend } from '../../scripts/backend.mjs';
import { log } from './pages.mjs';
import { ROOT } from './servers.mjs';

/** The Firebase settings the production build was made with (`npm run bench` builds in this same environment). */
export async function buildSettings() {
  const { module } = await runnerImport(`${ROOT}src/remote/settings.ts`, { configFile: false, logLevel: 'warn' });
  const { resolveRemoteSettings } = /** @type {typeof import('../../src/remote/settings.ts')} */ (module);
  return resolveRemoteSettings(loadEnv('production', ROOT, 'VITE_'));
}

/** @typedef {Awaited<ReturnType<typeof buildSettings>>} Settings */

/** Whether something accepts connections at host:port. @param {string} hostPort */
function listening(hostPort) {
  const [host = '127.0.0.1', port = '0'] = hostPort.split(':');
  return new Promise((resolve) => {
    const socket = createConnection({ host, port: Number(port) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * The backend at the build's emulator addresses, started if none answers there; `null` for a build against a real
 * project.
 * @param {Settings} settings
 */
export async function localBackend(settings) {
  if (!settings.emulators) return null;
  const { auth, database } = settings.emulators;
  const [authUp, databaseUp] = await Promise.all([listening(auth), listening(database)]);
  if (authUp && databaseUp) {
    log(`account: using the local backend already running (auth ${auth}, database ${database})`);
    return { stop: async () => undefined };
  }
  if (authUp || databaseUp) {
    throw new Error(`Only part of a local backend answers at auth ${auth} and database ${database}: stop it first.`);
  }
  log(`account: starting the local backend (auth ${auth}, database ${database})`);
  const started = await startBackend({
    authPort: Number(auth.split(':')[1]),
    databasePort: Number(database.split(':')[1]),
    quiet: true,
  });
  return { stop: () => started.stop() };
}
