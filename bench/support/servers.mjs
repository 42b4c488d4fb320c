/**
 * The two things the benchmark serves on loopback: the app's production build (dist/, through Vite's preview, as
 * the end-to-end tests serve it) and the engine bench page, built at bench time into a temporary folder so it never
 * ships in dist/.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, loadConfigFromFile, preview } from 'vite';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = join(ROOT, 'dist');
const CONFIG = join(ROOT, 'vite.config.ts');

/** @param {import('vite').PreviewServer} server */
function urlOf(server) {
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('The preview server has no port');
  return `http://127.0.0.1:${address.port}`;
}

const loopback = { port: 0, host: '127.0.0.1', strictPort: false };

/** Serves dist/ as built by `vite build`; the benchmark never builds the app itself. */
export async function serveApp() {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error(
      'dist/ has no build: run `npm run bench`, which builds first, or `VITE_USE_FIREBASE_EMULATORS=true npx vite build`.',
    );
  }
  const server = await preview({ configFile: CONFIG, preview: loopback, logLevel: 'warn' });
  return { url: urlOf(server), close: () => server.close() };
}

/**
 * Builds bench/harness with the app's own Vite config (same worker build, same Firebase settings) into a temporary
 * folder and serves it. The one part of that config left out is the service worker's generation (vite-plugin-pwa):
 * the bench pages never register one, and precaching their build took most of the build's time.
 */
export async function serveHarness() {
  const outDir = await mkdtemp(join(tmpdir(), 'sleeve-bench-'));
  const saved = {
    NODE_ENV: process.env.NODE_ENV,
    VITE_USE_FIREBASE_EMULATORS: process.env.VITE_USE_FIREBASE_EMULATORS,
  };
  process.env.NODE_ENV = 'production';
  // A production build says which Firebase it talks to; the engine's page talks to none, so the local one will do.
  process.env.VITE_USE_FIREBASE_EMULATORS = 'true';
  try {
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, CONFIG, ROOT, 'warn');
    if (!loaded) throw new Error(`Could not load ${CONFIG}`);
    const plugins = (loaded.config.plugins ?? [])
      .flat()
      .filter((plugin) => !(plugin && 'name' in plugin && plugin.name.startsWith('vite-plugin-pwa')));
    await build({
      ...loaded.config,
      configFile: false,
      root: ROOT,
      plugins,
      mode: 'production',
      logLevel: 'warn',
      publicDir: false,
      build: {
        ...loaded.config.build,
        outDir,
        emptyOutDir: true,
        sourcemap: false,
        // The app's own output options (its chunking) stay; only the pages built are the bench's.
        rolldownOptions: {
          ...loaded.config.build?.rolldownOptions,
          input: {
            engine: join(ROOT, 'bench/harness/index.html'),
            account: join(ROOT, 'bench/harness/account.html'),
          },
        },
      },
    });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  const server = await preview({
    configFile: false,
    root: ROOT,
    build: { outDir },
    preview: loopback,
    logLevel: 'warn',
  });
  return {
    url: `${urlOf(server)}/bench/harness/index.html`,
    accountUrl: `${urlOf(server)}/bench/harness/account.html`,
    close: async () => {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
