import { resolve } from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { settingsForBuild } from './deploy/build-settings.ts';
import { pagePolicy } from './deploy/content-security-policy.ts';
import { compileHints, firstScriptGroups, preloadAppScript } from './scripts/first-scripts.ts';
import { answerGoogleLoader, LOCAL_LOADER_PATH } from './scripts/google-loader-stand-in.mjs';
import { cardReaderModel } from './scripts/reader-model/write.mjs';
import { resolveRemoteSettings } from './src/remote/settings.ts';

/** Where index.html's meta tag takes the policy (deploy/content-security-policy.ts, the one source of it). */
const POLICY_PLACEHOLDER = '%SLEEVE_CONTENT_SECURITY_POLICY%';

/**
 * The Content-Security-Policy of index.html, from the settings the app is built with: `.env` files and the shell's
 * `VITE_` variables for the mode (loadEnv, as the app sees them). A build first checks that those settings can ship
 * (deploy/build-settings.ts) and stops with the reason when they cannot. The dev server's policy adds what Vite needs.
 */
function contentSecurityPolicy(): Plugin {
  let policy = '';
  let indexHtml = '';
  return {
    name: 'sleeve-content-security-policy',
    configResolved(config) {
      const envDir = typeof config.envDir === 'string' ? config.envDir : config.root;
      const env = loadEnv(config.mode, envDir, 'VITE_');
      indexHtml = resolve(config.root, 'index.html');
      policy =
        config.command === 'build'
          ? pagePolicy(settingsForBuild(env), 'meta')
          : pagePolicy(resolveRemoteSettings(env), 'dev-server');
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, context) {
        // Other pages (the benchmark's harness, the test runner's) carry no policy of their own.
        if (context.filename !== indexHtml) return html;
        if (!html.includes(POLICY_PLACEHOLDER)) throw new Error(`index.html has lost its ${POLICY_PLACEHOLDER}`);
        return html.replace(POLICY_PLACEHOLDER, policy);
      },
    },
  };
}

/**
 * The dev server serves the stand-in for Google's script loader (scripts/google-loader-stand-in.mjs) and names its
 * path to the app, which loads it before a popup sign-in against the local backend (src/remote/local-google-loader.ts):
 * `npm start` signs in without internet. Dev server only; a build neither has the path nor names it.
 */
function localGoogleLoader(): Plugin {
  return {
    name: 'sleeve-local-google-loader',
    apply: 'serve',
    config: () => ({ define: { 'import.meta.env.VITE_LOCAL_GOOGLE_LOADER': JSON.stringify(LOCAL_LOADER_PATH) } }),
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (!answerGoogleLoader(request, response)) next();
      });
    },
  };
}

/**
 * The installable app: a web manifest and a service worker (Workbox's generateSW) that precaches Sleeve's own built
 * files, the lazily loaded Firebase and engine chunks included, so a start without a connection works signed out
 * and signed in. It has no runtime caching at all: Firebase (Auth, the database) and anything else on another origin
 * passes straight to the network, so no card and no token ever lands in a cache. The app registers it itself after
 * its first render (src/app/service-worker.ts): no injected script, so the CSP stays strict. 'prompt': a new version
 * waits until the person reloads for it (or until every Sleeve tab has closed), never swapping code under a running
 * page. Production builds only; the dev server has no service worker.
 */
function installableApp(): Plugin[] {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    strategies: 'generateSW',
    // Workbox's production runtime whatever NODE_ENV says (the development one logs every request to the console).
    mode: 'production',
    // The icons are among the precached files already (globPatterns).
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Sleeve',
      short_name: 'Sleeve',
      description: 'A personal wallet for your payment cards.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // index.html's theme-color and the dark palette's page background (src/styles/base.css).
      theme_color: '#0f172a',
      background_color: '#0b1120',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      // The web manifest is added by the plugin itself.
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      navigateFallback: 'index.html',
      // Firebase Hosting's reserved paths (the sign-in helper under /__/auth/ when the auth domain is this site's own)
      // must reach the network, never the app's page.
      navigateFallbackDenylist: [/^\/__\//],
      cleanupOutdatedCaches: true,
      // The scanner's runtime and model (about 13 MB gzip) are kept on first use, not at install: most people never
      // scan, and an install should not cost them that. Their names carry a hash, so a kept copy is never stale;
      // once a scan has run, scanning works offline too.
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/[^/]+\.(wasm|onnx)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: { cacheName: 'sleeve-scanner', expiration: { maxEntries: 4 } },
        },
      ],
      sourcemap: false,
    },
  });
}

export default defineConfig({
  plugins: [
    contentSecurityPolicy(),
    localGoogleLoader(),
    preloadAppScript(),
    compileHints(),
    installableApp(),
    cardReaderModel(),
  ],
  resolve: {
    alias: [
      // The router's stand-in for React's useSyncExternalStore, for the React versions before 18 that lacked it: with
      // React 19 it hands back React's own, so the build takes React's directly and leaves the stand-in out of the
      // first script.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
    ],
  },
  // Kept beside the project rather than in node_modules, which worktrees of one repository may share.
  cacheDir: '.vite',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: {
    format: 'es',
    rolldownOptions: {
      output: {
        // The recognition worker's script and the database worker's get names of their own, so hosting can send each
        // its own policy (deploy/hosting.ts: WebAssembly allowed in the first and nowhere else, the database's and
        // Auth's addresses reachable from the second and from no other worker).
        entryFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/scan-worker/')
            ? 'assets/scan-worker-[hash].js'
            : chunk.facadeModuleId?.includes('/src/remote/database/')
              ? 'assets/database-worker-[hash].js'
              : 'assets/[name]-[hash].js',
      },
    },
  },
  // Every runtime dependency pre-bundled up front. Discovered mid-run, one would make the dev server (and the browser
  // tests) reload, and could leave a page with two copies of React.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      'valtio',
      'wouter',
      'comlink',
      'firebase/app',
      'firebase/auth',
      'firebase/database',
      '@zxcvbn-ts/core',
      '@zxcvbn-ts/language-common',
      '@zxcvbn-ts/language-en',
      // The scanner worker's line reader (scan-worker/recognize/engine.ts): found only when that worker starts.
      'onnxruntime-web/wasm',
    ],
  },
  build: {
    target: 'es2022',
    // Every browser Sleeve supports preloads modules itself (index.html preloads the 'app' chunk).
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: firstScriptGroups },
      },
    },
  },
});
