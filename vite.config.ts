import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type RemoteSettings, resolveRemoteSettings } from './src/remote/settings.ts';

/**
 * index.html carries the strict Content-Security-Policy that ships. The dev server alone needs two allowances:
 * Vite injects CSS as <style> elements and talks to the page over a WebSocket for hot updates.
 */
function devCsp(): Plugin {
  return {
    name: 'sleeve-dev-csp',
    apply: 'serve',
    transformIndexHtml(html) {
      return html
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*");
    },
  };
}

/**
 * Exactly what Firebase needs, from the same settings the app is built with (src/remote/settings.ts):
 * - connect-src: the Auth API and the realtime database (HTTP for Auth, a WebSocket for the database).
 * - frame-src: the hidden Auth iframe the popup flow talks through (`/__/auth/iframe` on the auth domain, or the
 *   emulator's `/emulator/auth/iframe`).
 * - script-src: `signInWithPopup` loads Google's iframe library from https://apis.google.com/js/api.js before it
 *   opens that iframe, in emulator mode too (@firebase/auth `_openIframe` → `_loadGapi`).
 */
export function firebaseCspSources(settings: RemoteSettings): { connect: string[]; frame: string[]; script: string[] } {
  const script = ['https://apis.google.com'];
  if (settings.emulators) {
    const { auth, database } = settings.emulators;
    return { connect: [`http://${auth}`, `http://${database}`, `ws://${database}`], frame: [`http://${auth}`], script };
  }
  return {
    connect: [
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      'https://*.firebaseio.com',
      'wss://*.firebaseio.com',
      'https://*.firebasedatabase.app',
      'wss://*.firebasedatabase.app',
    ],
    frame: [`https://${settings.options.authDomain}`],
    script,
  };
}

/** Settings from `.env` files and the shell's `VITE_` variables for the mode being built (loadEnv, as the app sees them). */
function firebaseCsp(): Plugin {
  let sources = firebaseCspSources(resolveRemoteSettings({}));
  return {
    name: 'sleeve-firebase-csp',
    configResolved(config) {
      const envDir = typeof config.envDir === 'string' ? config.envDir : config.root;
      sources = firebaseCspSources(resolveRemoteSettings(loadEnv(config.mode, envDir, 'VITE_')));
    },
    transformIndexHtml(html) {
      return html
        .replace("script-src 'self'", `script-src 'self' ${sources.script.join(' ')}`)
        .replace("connect-src 'self'", `connect-src 'self' ${sources.connect.join(' ')}`)
        .replace("frame-src 'none'", `frame-src ${sources.frame.join(' ')}`);
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
      sourcemap: false,
    },
  });
}

export default defineConfig({
  plugins: [devCsp(), firebaseCsp(), installableApp()],
  // Kept beside the project rather than in node_modules, which worktrees of one repository may share.
  cacheDir: '.vite',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es' },
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
    ],
  },
  build: { target: 'es2022', sourcemap: true },
});
