import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import { CHROMIUM_ARGS, FAKE_CAMERA_ARGS, findTestChromium } from './scripts/chromium.mjs';
import { seedCommands } from './tests/interop/seed-commands.ts';
import viteConfig from './vite.config.ts';

// Tests talk to the local backend on its TEST ports (tests/support/test-ports.ts), so a running `npm start` on
// 9099/9000 does not clash. Set before anything builds the app, so the browser project and the e2e build see them.
// SLEEVE_TEST_PORT_OFFSET moves every fixed test port, so two checkouts on one machine can test at the same time.
const portOffset = Number(process.env.SLEEVE_TEST_PORT_OFFSET ?? 0);
process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${9199 + portOffset}`;
process.env.VITE_FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${9100 + portOffset}`;
const backend = 'tests/support/backend.ts';
// Looked for, not required, as the config loads: `npm run test:unit` launches no browser and runs where there is none.
// The projects that do launch one require it first (tests/support/require-chromium.ts).
const needsChromium = 'tests/support/require-chromium.ts';
// The browser test page's own server (63315 by default) moves with the other test ports: up while that stays a port
// number, down for larger offsets (up past 2220 would leave the port range), so distinct offsets never share it.
const browserApiPort = 63315 + portOffset <= 65535 ? 63315 + portOffset : 63315 - portOffset;

// With Chromium's stand-in camera, so the scanner's screen tests open a real camera stream.
const chromium = playwright({
  launchOptions: { executablePath: findTestChromium(), args: [...CHROMIUM_ARGS, ...FAKE_CAMERA_ARGS] },
});

// In a single run (`vitest run`: `npm test`, CI), the browser tests' page may keep every module the test server gave
// it until the run ends, as a browser keeps a built app's hashed files. Vite marks source modules `no-cache`, so each
// test file's page, and each worker a test starts, asked for every module again and had it confirmed unchanged, one
// request each: on a 2-core machine, a fifth of the browser tests' CPU (ten of their files: 234 → 182 CPU-seconds).
// Watch mode keeps Vite's answer, so an edited file is always fetched anew.
const oneRun = process.argv.includes('run') || process.argv.includes('--run');

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Pre-bundled up front like the app's own dependencies (vite.config.ts): axe-core, which only tests load, found
    // mid-run would reload the test page and leave it with two copies of React.
    optimizeDeps: { include: ['axe-core'] },
    test: {
      // A ceiling for waiting on what another tab, the worker or the server does, not a speed check: on a busy
      // 2-core machine a storage event or a round trip can take longer than the default second.
      expect: { poll: { timeout: 5_000 } },
      // Two at once whatever the core count says (a 2-core machine would get one): a browser test file beside an
      // end-to-end one. Each project still runs its own files one after another (fileParallelism below); most of a
      // test's time is spent waiting on a browser, a worker or the backend, so the two overlap well.
      maxWorkers: 2,
      projects: [
        {
          // Pure code: domain rules, formats, search, in Node. A file that needs a DOM API asks for happy-dom in its
          // docblock (`@vitest-environment happy-dom`): setting one up for each of the forty files cost 34 of their
          // 74 CPU-seconds on a 2-core machine, and held both of the run's workers before the browser files began.
          extends: true,
          test: { name: 'unit', environment: 'node', include: ['tests/domain/**/*.test.ts'], testTimeout: 30_000 },
        },
        {
          // What ships: the build's settings check, the Content-Security-Policy, firebase.json, `npm run deploy`.
          extends: true,
          test: { name: 'deploy', environment: 'node', include: ['tests/deploy/**/*.test.ts'], testTimeout: 30_000 },
        },
        {
          // Anything that touches the DOM, a worker, WebCrypto or localStorage runs in real Chromium.
          extends: true,
          server: { headers: oneRun ? { 'Cache-Control': 'max-age=3600' } : {} },
          test: {
            name: 'browser',
            include: [
              'tests/{app,screens,components,state,storage,engine,worker,remote,scan-worker}/**/*.test.{ts,tsx}',
            ],
            setupFiles: ['tests/support/browser-setup.ts'],
            globalSetup: [needsChromium, backend],
            browser: {
              enabled: true,
              headless: true,
              provider: chromium,
              instances: [{ browser: 'chromium' }],
              screenshotFailures: false,
              api: { host: '127.0.0.1', port: browserApiPort, strictPort: true },
              // The seed's clients, made with node:crypto in this process (tests/support/seed-commands.ts).
              commands: seedCommands,
            },
            testTimeout: 20_000,
            // One page at a time: test files share the origin's storage, and reset it.
            fileParallelism: false,
          },
        },
        {
          // The built app driven in Chromium as a person would use it.
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts', 'tests/interop/**/*.test.ts'],
            globalSetup: [needsChromium, backend, 'tests/e2e/support/serve-build.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
            // The built app waits on a worker, the backend and the network between pages; under a full machine a
            // server write seen through the REST API can take several seconds.
            expect: { poll: { timeout: 15_000 } },
            fileParallelism: false,
          },
        },
        {
          // database.rules.json enforced by the local backend, through the real Firebase SDK.
          extends: true,
          test: {
            name: 'rules',
            environment: 'node',
            include: ['tests/rules/**/*.test.ts'],
            globalSetup: [backend],
            testTimeout: 30_000,
            hookTimeout: 90_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
