/**
 * Sleeve's Content-Security-Policy, the one source of it: vite.config.ts writes it into index.html's meta tag (the
 * second line of defence, for any host), and deploy/hosting.ts sends it as a header (Firebase Hosting), where it can
 * also refuse framing. Both come from the settings the app is built with (src/remote/settings.ts).
 */
import { GOOGLE_LOADER_URL } from '../src/domain/script-urls.ts';
import type { RemoteSettings } from '../src/remote/settings.ts';

type Directives = [name: string, sources: string[]][];

/**
 * Google's script loader, only the paths the popup sign-in loads: `api.js` itself (the Firebase SDK's `_loadGapi`),
 * and the `gapi.iframes` module that `gapi.load` then fetches from Google's static path. A path that ends in `/`
 * allows what lies under it; one that does not allows that file alone. The second cannot be narrower here: the
 * module's next segment (`k=gapi.lb.<language>.<release>.O`) changes with Google's releases and the browser's
 * language, and a policy matches paths segment by segment. The page's Trusted Types policy narrows what the page's own
 * code may load to `api.js` with Firebase's callback alone (src/domain/script-urls.ts).
 */
export const GOOGLE_LOADER_SCRIPTS = [GOOGLE_LOADER_URL, 'https://apis.google.com/_/scs/abc-static/_/js/'];

/**
 * The Trusted Types policies the page may create, each once: the page's own `default` (src/app/trusted-types.ts),
 * through which every script URL of Sleeve's and Firebase's passes, and the two Google's sign-in scripts may make for
 * themselves when they load: `gapi#gapi` (the loader makes it, for the module it adds) and `goog#html` (the name
 * Google's Closure-built scripts give theirs; allowed so that its iframes module, which cannot be tried offline, is not
 * refused one). Only those scripts hold their policies; a name refused here would stop their sign-in.
 */
export const TRUSTED_TYPES_POLICIES = ['default', 'gapi#gapi', 'goog#html'];

/** The database's hosts: a connection may be handed to another server of the same family (`s-….firebaseio.com`). */
function databaseSources(databaseUrl: string): string[] {
  const host = new URL(databaseUrl).hostname;
  for (const family of ['firebaseio.com', 'firebasedatabase.app']) {
    if (host === family || host.endsWith(`.${family}`)) return [`https://*.${family}`, `wss://*.${family}`];
  }
  return [`https://${host}`, `wss://${host}`];
}

/**
 * Exactly what Firebase needs, and where:
 * - auth: Auth's API and its token service, which the page's Auth (sign-in) and the database worker's (tokens) reach.
 * - database: the realtime database (HTTP, and a WebSocket), which only the database worker reaches.
 * - frame: the hidden Auth iframe the popup flow talks through (`/__/auth/iframe` on the auth domain, or the
 *   emulator's `/emulator/auth/iframe`), that path alone.
 * - script: Google's loader, which `signInWithPopup` needs before it opens that iframe, in emulator mode too.
 */
export function firebaseSources(settings: RemoteSettings): {
  auth: string[];
  database: string[];
  frame: string[];
  script: string[];
} {
  const script = GOOGLE_LOADER_SCRIPTS;
  if (settings.emulators) {
    const { auth, database } = settings.emulators;
    return {
      auth: [`http://${auth}`],
      database: [`http://${database}`, `ws://${database}`],
      frame: [`http://${auth}/emulator/auth/iframe`],
      script,
    };
  }
  return {
    auth: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
    database: databaseSources(settings.options.databaseURL),
    frame: [`https://${settings.options.authDomain}/__/auth/iframe`],
    script,
  };
}

/**
 * The page signs in and hands out work: it reaches Auth, never the database (its worker does, under its own policy),
 * and turns no string into a script URL, markup or code but through its Trusted Types policy.
 */
function pageDirectives(settings: RemoteSettings): Directives {
  const firebase = firebaseSources(settings);
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...firebase.script]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...firebase.auth]],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['frame-src', firebase.frame],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['require-trusted-types-for', ["'script'"]],
    ['trusted-types', [...TRUSTED_TYPES_POLICIES]],
  ];
}

const serialise = (directives: Directives): string =>
  directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');

export type PolicyDelivery =
  /** index.html's meta tag: a meta policy cannot hold frame-ancestors (browsers ignore it there). */
  | 'meta'
  /** The page's response header: the meta policy and framing refused. */
  | 'header'
  /**
   * The dev server's meta tag: Vite injects CSS as <style> elements and updates the page over a WebSocket, and its
   * error overlay writes markup, so Trusted Types are left to the builds.
   */
  | 'dev-server';

/** The policy of Sleeve's page (index.html, and every route the app answers with it). */
export function pagePolicy(settings: RemoteSettings, delivery: PolicyDelivery): string {
  let directives = pageDirectives(settings);
  if (delivery === 'header') directives.push(['frame-ancestors', ["'none'"]]);
  if (delivery === 'dev-server') {
    directives = directives.filter(([name]) => !name.includes('trusted-types'));
    for (const directive of directives) {
      if (directive[0] === 'style-src') directive[1].push("'unsafe-inline'");
      if (directive[0] === 'connect-src') directive[1].push('ws://localhost:*', 'ws://127.0.0.1:*');
    }
  }
  return serialise(directives);
}

/**
 * Scripts that run as workers get the policy of their own response, not the page's. The engine's worker holds the
 * keys and has no business with the network at all: it may load Sleeve's scripts and nothing else.
 */
export const ENGINE_WORKER_POLICY = serialise([
  ['default-src', ["'none'"]],
  ['script-src', ["'self'"]],
]);

/**
 * The database worker (src/remote/database/) holds the Realtime Database client and the Auth that gives it tokens: it
 * reaches the database, which the page may not, and Auth's services, and nothing else; it runs no script but its own.
 */
export function databaseWorkerPolicy(settings: RemoteSettings): string {
  const firebase = firebaseSources(settings);
  return serialise([
    ['default-src', ["'none'"]],
    ['script-src', ["'self'"]],
    ['connect-src', [...firebase.auth, ...firebase.database]],
  ]);
}

/**
 * The scanner's recognition worker (scan-worker/) reads camera frames and photos. It may run WebAssembly
 * ('wasm-unsafe-eval' allows compiling it, not eval) and reaches no network at all, this site included: the page
 * fetches the reader's files and hands them over (src/scanner/reader-files.ts), so no image can leave the device from
 * there (DESIGN.md invariant 12). `default-src 'none'` says so already; `connect-src 'none'` says it where one looks.
 */
export const SCAN_WORKER_POLICY = serialise([
  ['default-src', ["'none'"]],
  ['script-src', ["'self'", "'wasm-unsafe-eval'"]],
  ['connect-src', ["'none'"]],
]);

/** The service worker imports Workbox's runtime and fetches Sleeve's own files to precache them; nothing else. */
export const SERVICE_WORKER_POLICY = serialise([
  ['default-src', ["'none'"]],
  ['script-src', ["'self'"]],
  ['connect-src', ["'self'"]],
]);
