/**
 * Firebase Hosting's configuration for a build: the single-page rewrite, caching, and the headers a vault needs. One
 * function for the committed firebase.json (a build for the local backend), the deployment (scripts/deploy.mjs, the
 * project's settings) and the Hosting emulator in the tests, so the header policy is always the meta policy of the
 * very build it is served with.
 *
 * Each header is set by exactly one rule for any path, so no answer depends on which of two rules a host applies last.
 * Firebase's reserved paths (`/__/`: its init scripts, and the sign-in helper pages when the auth domain is this site)
 * are Firebase's own pages and keep Firebase's headers: a refusal to be framed there would break the Auth iframe.
 */
import type { RemoteSettings } from '../src/remote/settings.ts';
import {
  databaseWorkerPolicy,
  ENGINE_WORKER_POLICY,
  pagePolicy,
  SCAN_WORKER_POLICY,
  SERVICE_WORKER_POLICY,
} from './content-security-policy.ts';

export interface Header {
  key: string;
  value: string;
}

export interface HeaderRule {
  source: string;
  headers: Header[];
}

export interface HostingConfig {
  public: string;
  ignore: string[];
  rewrites: { source: string; destination: string }[];
  headers: HeaderRule[];
}

/**
 * Only what Sleeve uses: copying (and checking what it copied), passkeys, and the camera for the scanner. Every other
 * feature is refused.
 */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'clipboard-read=(self)',
  'clipboard-write=(self)',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
  ...[
    'accelerometer',
    'autoplay',
    'display-capture',
    'encrypted-media',
    'fullscreen',
    'geolocation',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'microphone',
    'midi',
    'payment',
    'picture-in-picture',
    'screen-wake-lock',
    'serial',
    'usb',
    'web-share',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/** Sent with every answer of this site (the reserved paths aside). */
export const SECURITY_HEADERS: Header[] = [
  // Two years, every subdomain: once a browser has seen the vault over HTTPS it never asks over HTTP again.
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'no-referrer' },
  { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
  // The Google sign-in popup reports back to the page that opened it; nothing else keeps a handle on this window.
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
  // No other site may embed Sleeve's files (a script, an image) in its pages.
  { key: 'Cross-Origin-Resource-Policy', value: 'same-origin' },
  // frame-ancestors 'none' says the same to every current browser; this is for older ones.
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** Hashed names: a file under /assets/ never changes, so browsers may keep it for a year without asking. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page, the service worker and the other unhashed files are checked at every launch, so updates are found. */
export const REVALIDATE = 'no-cache';

/** The rules, by path, in the order a reader would look for them. */
export const PATHS = {
  everything: '!/__/**',
  page: '!{/**/*.js,/__/**}',
  serviceWorker: '/sw.js',
  /** The scanner's recognition worker: vite.config.ts names its script so. */
  scanWorker: '/**/scan-worker-*.js',
  /** The database worker: vite.config.ts names its script so. */
  databaseWorker: '/**/database-worker-*.js',
  otherScripts: '/**/!(sw|scan-worker-*|database-worker-*).js',
  assets: '/assets/**',
  notAssets: '!{/assets/**,/__/**}',
  /** Routes the app answers itself; a missing /assets/ file stays a 404 rather than a page served as a script. */
  app: '!/assets/**',
} as const;

export function hostingConfig(settings: RemoteSettings, publicDir = 'dist'): HostingConfig {
  return {
    public: publicDir,
    // Source maps stay out of the deployment; dotfiles are Firebase's default.
    ignore: ['**/.*', '**/node_modules/**', '**/*.map'],
    rewrites: [{ source: PATHS.app, destination: '/index.html' }],
    headers: [
      { source: PATHS.everything, headers: SECURITY_HEADERS },
      {
        source: PATHS.page,
        headers: [{ key: 'Content-Security-Policy', value: pagePolicy(settings, 'header') }],
      },
      { source: PATHS.serviceWorker, headers: [{ key: 'Content-Security-Policy', value: SERVICE_WORKER_POLICY }] },
      { source: PATHS.scanWorker, headers: [{ key: 'Content-Security-Policy', value: SCAN_WORKER_POLICY }] },
      {
        source: PATHS.databaseWorker,
        headers: [{ key: 'Content-Security-Policy', value: databaseWorkerPolicy(settings) }],
      },
      { source: PATHS.otherScripts, headers: [{ key: 'Content-Security-Policy', value: ENGINE_WORKER_POLICY }] },
      { source: PATHS.assets, headers: [{ key: 'Cache-Control', value: IMMUTABLE }] },
      { source: PATHS.notAssets, headers: [{ key: 'Cache-Control', value: REVALIDATE }] },
    ],
  };
}
