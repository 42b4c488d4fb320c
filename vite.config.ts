import { defineConfig, loadEnv, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [devCsp(), firebaseCsp()],
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
