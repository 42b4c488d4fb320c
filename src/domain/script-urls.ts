/**
 * Which strings the page lets become script URLs (its Trusted Types `default` policy, src/app/trusted-types.ts). The
 * Content-Security-Policy (deploy/content-security-policy.ts) says where scripts may come from, by host and path;
 * this says, for each place a script URL goes, which exact URLs the page's own code and Firebase's may put there:
 *
 * - a worker of any kind, and the service worker: this site's own files, never a `blob:` or `data:` one;
 * - anywhere, a `<script>` element above all: Google's loader exactly as the Firebase SDK asks for it before a popup
 *   sign-in (its `_loadGapi`: `api.js?onload=` a callback it names `__iframefcb` and up to six digits). The app adds no
 *   script element of its own; Google's loader adds its iframes module under a policy of its own (`gapi#gapi`).
 *
 * Anything else is refused: this site's files as a script element's, any other Google script, any other host.
 */

/** Google's script loader, as the Firebase SDK names it (and the Content-Security-Policy allows that file alone). */
export const GOOGLE_LOADER_URL = 'https://apis.google.com/js/api.js';

const GOOGLE_LOADER_REQUEST = /^https:\/\/apis\.google\.com\/js\/api\.js\?onload=__iframefcb\d{1,6}$/;

/**
 * Whether `value` may become a script URL at `sink` (as the browser names it to a `default` policy: 'Worker
 * constructor', 'ServiceWorkerContainer register', 'HTMLScriptElement src', …) in a page of `origin`. A value that is no
 * URL at all throws, which refuses it as well. Kept this short on purpose: it is part of the first script, whose budget
 * is tight.
 */
export const scriptUrlAllowed = (value: string, sink: string, origin: string): boolean =>
  GOOGLE_LOADER_REQUEST.test(value) ||
  // This site's own files: `blob:` and `data:` URLs, whatever their origin, do not start so.
  (/Worker/.test(sink) && new URL(value, origin).href.startsWith(`${origin}/`));
