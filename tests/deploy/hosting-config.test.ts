/**
 * One policy, two deliveries: the header Firebase Hosting sends is index.html's meta policy and the refusal to be
 * framed, made from the same settings. The committed firebase.json is what the generator makes for the local backend,
 * and docs/deploy.md names every header another host must send.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { settingsForBuild } from '../../deploy/build-settings.ts';
import {
  databaseWorkerPolicy,
  ENGINE_WORKER_POLICY,
  pagePolicy,
  SCAN_WORKER_POLICY,
  SERVICE_WORKER_POLICY,
} from '../../deploy/content-security-policy.ts';
import { committedFirebaseConfig, DATABASE_RULES, localSettings } from '../../deploy/firebase-config.ts';
import { hostingConfig, SECURITY_HEADERS } from '../../deploy/hosting.ts';

const ROOT = join(import.meta.dirname, '../..');

const project = settingsForBuild({
  VITE_FIREBASE_API_KEY: 'AIzaSyB-sleeve_example-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'sleeve-example.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'sleeve-example',
  VITE_FIREBASE_DATABASE_URL: 'https://sleeve-example-default-rtdb.europe-west1.firebasedatabase.app',
  VITE_FIREBASE_APP_ID: '1:123456789:web:abcdef0123',
});

/** The policy a rule of `config` sends for `source`. */
const policyOf = (config: ReturnType<typeof hostingConfig>, source: string) =>
  config.headers.find((rule) => rule.source === source)?.headers.find((h) => h.key === 'Content-Security-Policy')
    ?.value;

it('sends as a header the meta policy of the same build, with framing refused', () => {
  for (const settings of [project, localSettings()]) {
    const meta = pagePolicy(settings, 'meta');
    // Browsers ignore frame-ancestors in a meta tag; it belongs to the header alone.
    expect(meta).not.toContain('frame-ancestors');
    expect(policyOf(hostingConfig(settings), '!{/**/*.js,/__/**}')).toBe(`${meta}; frame-ancestors 'none'`);
  }
});

it("allows exactly the project's Firebase hosts and only the paths of Google's loader that sign-in needs", () => {
  const directives = Object.fromEntries(
    pagePolicy(project, 'header')
      .split('; ')
      .map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
  );
  expect(directives['script-src']).toEqual([
    "'self'",
    'https://apis.google.com/js/api.js',
    'https://apis.google.com/_/scs/abc-static/_/js/',
  ]);
  // The page talks to Auth alone: the database is its worker's business, under that worker's own policy.
  expect(directives['connect-src']).toEqual([
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
  ]);
  // No string becomes a script URL without passing the page's own policy; Google's loader brings its own two.
  expect(directives['require-trusted-types-for']).toEqual(["'script'"]);
  expect(directives['trusted-types']).toEqual(['default', 'gapi#gapi', 'goog#html']);
  expect(directives['frame-src']).toEqual(['https://sleeve-example.firebaseapp.com/__/auth/iframe']);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'none'"]);
  expect(directives['form-action']).toEqual(["'none'"]);
});

it("keeps the database's hosts out of the page, the local backend's too, and Trusted Types on in both", () => {
  for (const settings of [project, localSettings()]) {
    const policy = pagePolicy(settings, 'header');
    expect(policy).not.toMatch(/firebaseio|firebasedatabase/);
    if (settings.emulators) expect(policy).not.toContain(settings.emulators.database);
    expect(policy).toContain("require-trusted-types-for 'script'; trusted-types default gapi#gapi goog#html");
    // The database worker reaches them instead.
    expect(databaseWorkerPolicy(settings)).toMatch(
      settings.emulators ? /ws:\/\/127/ : /wss:\/\/\*\.firebasedatabase\.app/,
    );
  }
});

it('gives the scripts that run as workers policies of their own, the engine none to reach the network with', () => {
  const config = hostingConfig(project);
  expect(policyOf(config, '/sw.js')).toBe(SERVICE_WORKER_POLICY);
  expect(policyOf(config, '/**/!(sw|scan-worker-*|database-worker-*).js')).toBe(ENGINE_WORKER_POLICY);
  expect(policyOf(config, '/**/scan-worker-*.js')).toBe(SCAN_WORKER_POLICY);
  // The database worker reaches the database and Auth's token service, as the page does, and runs no other script.
  expect(policyOf(config, '/**/database-worker-*.js')).toBe(
    "default-src 'none'; script-src 'self'; connect-src https://identitytoolkit.googleapis.com " +
      'https://securetoken.googleapis.com https://*.firebasedatabase.app wss://*.firebasedatabase.app',
  );
  expect(ENGINE_WORKER_POLICY).toBe("default-src 'none'; script-src 'self'");
  // The recognition worker may compile WebAssembly, and fetches nothing: the page hands it the reader's files.
  expect(SCAN_WORKER_POLICY).toBe("default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'none'");
  expect(SERVICE_WORKER_POLICY).toBe("default-src 'none'; script-src 'self'; connect-src 'self'");
});

it('allows the camera to this site alone, for the scanner', () => {
  const policy = SECURITY_HEADERS.find((header) => header.key === 'Permissions-Policy')?.value ?? '';
  const features = policy.split(', ');
  expect(features).toContain('camera=(self)');
  expect(features).not.toContain('camera=()');
  expect(features).toContain('microphone=()');
});

it('commits the firebase.json the generator makes: run `node scripts/write-firebase-json.mjs` after a change', async () => {
  const committed = JSON.parse(await readFile(join(ROOT, 'firebase.json'), 'utf8'));
  expect(committed).toEqual(committedFirebaseConfig());
  // docs/deploy.md, "Run against a real Firebase project", step 4 deploys these rules.
  expect(committed.database.rules).toBe(DATABASE_RULES);
  expect(committed.hosting.public).toBe('dist');
  // Source maps stay in the build folder; only a deployment leaves them out (the Hosting emulator serves them all).
  expect(committed.hosting.ignore).toContain('**/*.map');
});

it('keeps index.html ready for the policy: a placeholder the build replaces, never a policy of its own', async () => {
  const html = await readFile(join(ROOT, 'index.html'), 'utf8');
  expect(html).toMatch(/<meta\s+http-equiv="Content-Security-Policy"\s+content="%SLEEVE_CONTENT_SECURITY_POLICY%"/);
});

it('names in docs/deploy.md every header another host must send, with its value', async () => {
  const readme = await readFile(join(ROOT, 'docs', 'deploy.md'), 'utf8');
  const start = readme.indexOf('## The headers');
  expect(start).toBeGreaterThan(-1);
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  for (const { key, value } of SECURITY_HEADERS) expect(section).toContain(`${key}: ${value}`);
  expect(section).toContain("frame-ancestors 'none'");
  expect(section).toContain(`Content-Security-Policy: ${ENGINE_WORKER_POLICY}`);
  expect(section).toContain(`Content-Security-Policy: ${SERVICE_WORKER_POLICY}`);
  expect(section).toContain(`Content-Security-Policy: ${SCAN_WORKER_POLICY}`);
  expect(section).toContain("Content-Security-Policy: default-src 'none'; script-src 'self'; connect-src");
  // The page's own policy, whole, as a project's build makes it.
  expect(section).toContain(pagePolicy(project, 'meta').replace('sleeve-example', '<your-project-id>'));
  expect(section).toContain('Cache-Control: public, max-age=31536000, immutable');
  expect(section).toContain('Cache-Control: no-cache');
});
