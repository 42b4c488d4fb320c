// `npm start`: the app's dev server and, unless .env.local points at a real Firebase project, the local backend
// (Auth emulator and realtime database server). All on loopback; one Ctrl-C stops everything. Against the local
// backend, Google sign-in needs no internet: the dev server and the emulator's front serve a stand-in for Google's
// script loader (scripts/google-loader-stand-in.mjs).
//
//   npm start                     the app on http://localhost:5173
//   npm start -- --port=5200      the app on another port
// SLEEVE_VITE_CACHE_DIR keeps the dev server's pre-bundled dependencies elsewhere than .vite (the tests start it
// beside their own servers).
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, loadEnv } from 'vite';
import { startBackend } from './backend.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const portArg = process.argv.find((arg) => arg.startsWith('--port='))?.slice('--port='.length);
const APP_PORT = portArg === undefined ? 5173 : Number(portArg);
if (!Number.isInteger(APP_PORT) || APP_PORT <= 0 || APP_PORT > 65535) {
  console.error(`--port takes a port number, not '${portArg}'.`);
  process.exit(1);
}
const APP_URL = `http://localhost:${APP_PORT}`;

// The same settings the app reads: .env, .env.local and VITE_* variables already in the environment.
const env = loadEnv('development', ROOT, 'VITE_');
const realProject = env.VITE_USE_FIREBASE_EMULATORS !== 'true' && Boolean(env.VITE_FIREBASE_PROJECT_ID);

/**
 * The port of a `host:port` setting, or the fallback.
 * @param {string | undefined} hostAndPort
 * @param {number} fallback
 */
function portOf(hostAndPort, fallback) {
  const port = Number(hostAndPort?.split(':').pop());
  return Number.isInteger(port) && port > 0 ? port : fallback;
}

/** @type {Awaited<ReturnType<typeof startBackend>> | null} */
let backend = null;
/** @type {import('vite').ViteDevServer | null} */
let vite = null;
/** @type {Promise<void> | null} */
let stopping = null;

/** @param {number} code */
function stopAll(code) {
  stopping ??= (async () => {
    await Promise.allSettled([vite?.close(), backend?.stop()]);
    process.exit(code);
  })();
  return stopping;
}

process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));

try {
  if (realProject) {
    console.log(`Using the Firebase project "${env.VITE_FIREBASE_PROJECT_ID}" from your settings; no local backend.`);
  } else {
    console.log('Starting the local backend (Auth emulator and realtime database server)…');
  }
  const [startedBackend, startedVite] = await Promise.all([
    realProject
      ? null
      : startBackend({
          authPort: portOf(env.VITE_FIREBASE_AUTH_EMULATOR_HOST, 9099),
          databasePort: portOf(env.VITE_FIREBASE_DATABASE_EMULATOR_HOST, 9000),
          quiet: true,
          localGoogleLoader: true,
        }).then((ready) => {
          backend = ready;
          return ready;
        }),
    createServer({
      root: ROOT,
      configFile: resolve(ROOT, 'vite.config.ts'),
      clearScreen: false,
      logLevel: 'warn',
      server: { port: APP_PORT },
      cacheDir: process.env.SLEEVE_VITE_CACHE_DIR || undefined,
    })
      .then((server) => server.listen())
      .then((server) => {
        vite = server;
        return server;
      }),
  ]);
  if (startedBackend) {
    console.log(`  Auth emulator      ${startedBackend.authUrl}`);
    console.log(`  Realtime database  ${startedBackend.databaseUrl}`);
  }
  if (startedVite) console.log(`\nSleeve is running at ${APP_URL}  (Ctrl-C stops it)\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll(1);
}
