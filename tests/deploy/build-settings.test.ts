/**
 * A production build ships only with settings that can work: a real project's, as docs/deploy.md's "Run against a real
 * Firebase project" lists them, or the local backend's when asked for explicitly. Otherwise it stops and says which
 * settings are missing and where they go.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BuildSettingsError,
  PROJECT_SETTINGS,
  projectSettingsProblems,
  settingsForBuild,
} from '../../deploy/build-settings.ts';
import { pagePolicy } from '../../deploy/content-security-policy.ts';
import { PROJECT, ROOT, refusalOf } from './example-project.ts';

const refusal = refusalOf(settingsForBuild, BuildSettingsError);

it('checks exactly the settings docs/deploy.md tells a person to put in .env.local', async () => {
  const readme = await readFile(join(ROOT, 'docs', 'deploy.md'), 'utf8');
  const start = readme.indexOf('## Run against a real Firebase project');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  expect(section).toContain("Put the web app's config into `.env.local` at the root of the repository");
  const named = [...section.matchAll(/^\s+(VITE_FIREBASE_\w+)=/gm)].map((match) => match[1]);
  expect(named).toEqual([...PROJECT_SETTINGS]);
});

it('refuses a build without settings, naming every one and where it goes', () => {
  const message = refusal({});
  expect(message).toContain(`none of them is set: ${PROJECT_SETTINGS.join(', ')}.`);
  expect(message).toContain('Put them in .env.local at the root of the repository');
  expect(message).toContain('set VITE_USE_FIREBASE_EMULATORS=true');
});

it('names only the settings that are missing', () => {
  const { VITE_FIREBASE_APP_ID: _appId, VITE_FIREBASE_DATABASE_URL: _databaseUrl, ...partial } = PROJECT;
  expect(refusal(partial)).toContain('these are missing: VITE_FIREBASE_DATABASE_URL, VITE_FIREBASE_APP_ID.');
  const { VITE_FIREBASE_API_KEY: _apiKey, ...allButKey } = PROJECT;
  expect(refusal(allButKey)).toContain('this one is missing: VITE_FIREBASE_API_KEY.');
  // Blank counts as missing.
  expect(refusal({ ...PROJECT, VITE_FIREBASE_APP_ID: '  ' })).toContain('this one is missing: VITE_FIREBASE_APP_ID.');
});

it('refuses values that are not what they claim, since each one lands in the Content-Security-Policy', () => {
  expect(refusal({ ...PROJECT, VITE_FIREBASE_AUTH_DOMAIN: 'https://sleeve-example.firebaseapp.com' })).toContain(
    'VITE_FIREBASE_AUTH_DOMAIN "https://sleeve-example.firebaseapp.com" is not a host name',
  );
  expect(refusal({ ...PROJECT, VITE_FIREBASE_AUTH_DOMAIN: "x.web.app; script-src 'unsafe-inline'" })).toContain(
    'is not a host name',
  );
  expect(refusal({ ...PROJECT, VITE_FIREBASE_DATABASE_URL: 'http://sleeve-example.firebaseio.com' })).toContain(
    'VITE_FIREBASE_DATABASE_URL "http://sleeve-example.firebaseio.com" is not an https address of a database',
  );
  expect(refusal({ ...PROJECT, VITE_FIREBASE_PROJECT_ID: 'demo-sleeve' })).toContain('is a demo project');
  expect(refusal({ ...PROJECT, VITE_FIREBASE_PROJECT_ID: 'Sleeve Example' })).toContain('is not a Firebase project id');
  expect(
    refusal({ VITE_USE_FIREBASE_EMULATORS: 'true', VITE_FIREBASE_AUTH_EMULATOR_HOST: 'evil.example.com:9099' }),
  ).toContain('is not a loopback host and port');
});

it("accepts a project's settings, and the local backend only when asked for by name", () => {
  const project = settingsForBuild(PROJECT);
  expect(project.mode).toBe('project');
  expect(project.options).toEqual({
    apiKey: PROJECT.VITE_FIREBASE_API_KEY,
    authDomain: PROJECT.VITE_FIREBASE_AUTH_DOMAIN,
    projectId: PROJECT.VITE_FIREBASE_PROJECT_ID,
    databaseURL: PROJECT.VITE_FIREBASE_DATABASE_URL,
    appId: PROJECT.VITE_FIREBASE_APP_ID,
  });
  expect(settingsForBuild({ VITE_USE_FIREBASE_EMULATORS: 'true' }).mode).toBe('emulator');
  // The switch wins over a project's settings, as in the app.
  expect(settingsForBuild({ ...PROJECT, VITE_USE_FIREBASE_EMULATORS: 'true' }).mode).toBe('emulator');
  expect(refusal({ VITE_USE_FIREBASE_EMULATORS: 'yes' })).toContain('none of them is set');
});

it("checks the optional links in every build, the local backend's too, and ships without them", () => {
  const local = { VITE_USE_FIREBASE_EMULATORS: 'true' };
  const links = {
    VITE_SOURCE_CODE_URL: 'https://example.org/sleeve',
    VITE_ANDROID_APP_URL: 'https://example.org/releases/v{version}/app.apk',
  };
  expect(settingsForBuild({ ...PROJECT, ...links }).mode).toBe('project');
  expect(settingsForBuild({ ...local, ...links }).mode).toBe('emulator');
  for (const env of [PROJECT, local]) {
    expect(refusal({ ...env, VITE_SOURCE_CODE_URL: 'http://example.org/sleeve' })).toContain(
      'VITE_SOURCE_CODE_URL "http://example.org/sleeve" is not an absolute https: URL',
    );
    expect(refusal({ ...env, VITE_ANDROID_APP_URL: 'https://example.org/app.apk' })).toContain(
      'VITE_ANDROID_APP_URL "https://example.org/app.apk" has no {version} in it',
    );
    expect(refusal({ ...env, VITE_ANDROID_APP_URL: 'javascript:alert("{version}")' })).toContain(
      'is not an absolute https: URL',
    );
  }
  // A project's wrong link is refused where its other wrong values are, with where to correct it.
  expect(refusal({ ...PROJECT, VITE_SOURCE_CODE_URL: 'example.org' })).toContain('Correct them in .env.local');
  expect(projectSettingsProblems({ ...PROJECT, VITE_SOURCE_CODE_URL: 'example.org' }).wrong).toHaveLength(1);
});

it('documents both optional links where the README and docs/deploy.md list the settings', async () => {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const deployDoc = await readFile(join(ROOT, 'docs', 'deploy.md'), 'utf8');
  for (const name of ['VITE_SOURCE_CODE_URL', 'VITE_ANDROID_APP_URL']) {
    expect(readme).toContain(name);
    expect(deployDoc).toContain(`\`${name}`);
  }
  expect(readme).toContain('VITE_ANDROID_APP_URL=https://example.org/releases/v{version}/app.apk');
});

describe('vite build', () => {
  // Its settings come from a folder of our own, and none from the shell (variables in the environment win over .env
  // files), so no .env.local of the checkout and no exported setting leaks in.
  const SHELL_SETTINGS = [
    ...PROJECT_SETTINGS,
    'VITE_USE_FIREBASE_EMULATORS',
    'VITE_SOURCE_CODE_URL',
    'VITE_ANDROID_APP_URL',
  ];
  let envDir: string;
  let outDir: string;
  let shell: Record<string, string | undefined>;
  beforeEach(async () => {
    envDir = await mkdtemp(join(tmpdir(), 'sleeve-env-'));
    outDir = await mkdtemp(join(tmpdir(), 'sleeve-build-'));
    shell = Object.fromEntries(SHELL_SETTINGS.map((name) => [name, process.env[name]]));
    for (const name of SHELL_SETTINGS) delete process.env[name];
  });
  afterEach(async () => {
    for (const [name, value] of Object.entries(shell)) if (value !== undefined) process.env[name] = value;
    await rm(envDir, { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
  });

  const buildWith = (envFile: string) =>
    writeFile(join(envDir, '.env.local'), envFile).then(() =>
      build({ root: ROOT, envDir, mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true } }),
    );

  it('stops before it writes anything when the settings are missing', async () => {
    await expect(buildWith('VITE_FIREBASE_PROJECT_ID=sleeve-example\n')).rejects.toThrow(
      'these are missing: VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_DATABASE_URL, VITE_FIREBASE_APP_ID.',
    );
    await expect(readFile(join(outDir, 'index.html'))).rejects.toThrow('ENOENT');
  });

  it("builds with a project's settings from .env.local, its page carrying the policy made from them", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await buildWith(
        Object.entries(PROJECT)
          .map(([name, value]) => `${name}=${value}\n`)
          .join(''),
      );
    } finally {
      process.env.NODE_ENV = previous;
    }
    const html = await readFile(join(outDir, 'index.html'), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toBe(pagePolicy(settingsForBuild(PROJECT), 'meta'));
    expect(meta).toContain('frame-src https://sleeve-example.firebaseapp.com/__/auth/iframe;');
    expect(meta).not.toContain('127.0.0.1');
    // The page reaches Auth, never the database (its worker does), and lets no string become a script URL unchecked.
    expect(meta).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com;",
    );
    expect(meta).not.toContain('firebaseio.com');
    expect(meta).toContain("require-trusted-types-for 'script'");
  }, 180_000);
});
