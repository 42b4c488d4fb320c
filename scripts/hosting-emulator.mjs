// The Firebase Hosting emulator (firebase-tools, offline) serving a production build with Hosting's own handling of
// firebase.json: the rewrite, the caching and the security headers, as a deployment sends them.
//
//   node scripts/hosting-emulator.mjs   serves dist/ at http://127.0.0.1:5000 with firebase.json's hosting section,
//                                       which is made for a build for the local backend on its default ports:
//                                       `VITE_USE_FIREBASE_EMULATORS=true npm run build` and `node scripts/backend.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree, HOST, startEmulator } from './emulator-process.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Serves `publicDir` through the Hosting emulator with `hosting` (firebase.json's hosting section; its `public` is
 * replaced). The emulator suite's hub and logging take the two ports after `port`.
 * @param {{ hosting: object, port?: number, publicDir?: string, projectId?: string, quiet?: boolean }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startHosting({
  hosting,
  port = 5000,
  publicDir = join(ROOT, 'dist'),
  projectId = 'demo-sleeve',
  quiet = false,
}) {
  await assertPortFree(port, 'Hosting emulator');
  await assertPortFree(port + 1, 'emulator hub');
  await assertPortFree(port + 2, 'emulator logging');
  const url = `http://${HOST}:${port}`;
  const emulator = await startEmulator({
    only: 'hosting',
    what: 'Hosting emulator',
    label: 'hosting',
    configFor: (dir) => ({
      // The emulator reads `public` relative to its config's folder.
      hosting: { ...hosting, public: relative(dir, resolve(publicDir)) },
      emulators: {
        hosting: { host: HOST, port },
        hub: { host: HOST, port: port + 1 },
        logging: { host: HOST, port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
    readyUrl: url,
    projectId,
    quiet,
  });
  return { url, stop: emulator.stop };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { hosting } = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  const served = await startHosting({ hosting, quiet: true }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  console.log(`dist/ is served with firebase.json's hosting headers at ${served.url}  (Ctrl-C stops it)`);
  const shutdown = async () => {
    await served.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
