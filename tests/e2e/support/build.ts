/** Builds the app for production and serves it on an ephemeral loopback port. */
import { build, type PreviewServer, preview } from 'vite';

export interface ServedBuild {
  url: string;
  close: () => Promise<void>;
}

/**
 * `env` adds build-time settings (VITE_*) for this build only; `outDir` keeps such a variant apart from dist/.
 * Vitest sets NODE_ENV to 'test', which would bundle React's development build; this tests what ships instead.
 * Every build here talks to the local backend, whatever project an `.env.local` may name; it says so explicitly,
 * since a production build refuses to guess (deploy/build-settings.ts).
 */
export async function buildApp({ outDir = 'dist', env = {} }: { outDir?: string; env?: Record<string, string> } = {}) {
  const saved = { ...process.env };
  const forBuild = { VITE_USE_FIREBASE_EMULATORS: 'true', ...env, NODE_ENV: 'production' };
  Object.assign(process.env, forBuild);
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir } });
  } finally {
    for (const key of Object.keys(forBuild)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

/** Serves a build on loopback: on an ephemeral port, or on `port` (to serve another build at the same origin). */
export async function serveBuilt({ outDir = 'dist', port = 0 }: { outDir?: string; port?: number } = {}) {
  const server: PreviewServer = await preview({
    build: { outDir },
    preview: { port, host: '127.0.0.1', strictPort: port !== 0 },
    logLevel: 'warn',
  });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('The preview server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: () => server.close(),
  } satisfies ServedBuild & { port: number };
}

export async function buildAndServe(options: { outDir?: string; env?: Record<string, string> } = {}) {
  await buildApp(options);
  const { url, close } = await serveBuilt(options.outDir === undefined ? {} : { outDir: options.outDir });
  return { url, close } satisfies ServedBuild;
}
