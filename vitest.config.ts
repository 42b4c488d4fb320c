import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import { CHROMIUM_ARGS, requireChromium } from './scripts/chromium.mjs';
import viteConfig from './vite.config.ts';

const chromium = playwright({ launchOptions: { executablePath: requireChromium(), args: CHROMIUM_ARGS } });

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          // Pure code: domain rules, formats, search. No DOM needed beyond what happy-dom gives.
          extends: true,
          test: { name: 'unit', environment: 'happy-dom', include: ['tests/domain/**/*.test.ts'] },
        },
        {
          // Anything that touches the DOM, a worker, WebCrypto or localStorage runs in real Chromium.
          extends: true,
          test: {
            name: 'browser',
            include: ['tests/{app,screens,components,state,storage,engine,worker}/**/*.test.{ts,tsx}'],
            setupFiles: ['tests/support/browser-setup.ts'],
            browser: {
              enabled: true,
              headless: true,
              provider: chromium,
              instances: [{ browser: 'chromium' }],
              screenshotFailures: false,
            },
            testTimeout: 20_000,
          },
        },
        {
          // The built app driven in Chromium as a person would use it.
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts', 'tests/interop/**/*.test.ts'],
            globalSetup: ['tests/e2e/support/serve-build.ts'],
            testTimeout: 60_000,
            hookTimeout: 60_000,
            fileParallelism: false,
          },
        },
      ],
    },
  }),
);
