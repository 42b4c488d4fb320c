/**
 * `npm run deploy` refuses, before it builds anything, settings that could not work in a Firebase project; given a
 * project it deploys the hosting and the rules together. The deployment itself needs a login and the network, so
 * only what it decides is checked here, and the refusals through the script itself.
 */
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { settingsForBuild } from '../../deploy/build-settings.ts';
import { pagePolicy } from '../../deploy/content-security-policy.ts';
import { DEPLOY_CONFIG_FILE, DeployRefusal, deploymentFor } from '../../deploy/deployment.ts';
import { DATABASE_RULES } from '../../deploy/firebase-config.ts';
import { PROJECT, ROOT, refusalOf } from './example-project.ts';

const refusal = refusalOf(deploymentFor, DeployRefusal);

it('refuses to deploy without settings, or without a project to deploy to', () => {
  const none = refusal({});
  expect(none).toContain('There is no Firebase project to deploy to: VITE_FIREBASE_PROJECT_ID is not set.');
  expect(none).toContain('none of them is set');
  expect(none).toContain('Put them in .env.local at the root of the repository');
  const { VITE_FIREBASE_PROJECT_ID: _projectId, ...noProject } = PROJECT;
  expect(refusal(noProject)).toContain('this one is missing: VITE_FIREBASE_PROJECT_ID.');
  const { VITE_FIREBASE_API_KEY: _apiKey, ...noKey } = PROJECT;
  expect(refusal(noKey)).toBe(
    [
      "A deployment needs your web app's settings, and this one is missing: VITE_FIREBASE_API_KEY.",
      'Put them in .env.local at the root of the repository (docs/deploy.md, "Run against a real Firebase project", step 6).',
    ].join('\n'),
  );
  expect(refusal({ ...PROJECT, VITE_FIREBASE_PROJECT_ID: 'demo-sleeve' })).toContain('is a demo project');
  // The optional links too, before anything is built.
  expect(refusal({ ...PROJECT, VITE_ANDROID_APP_URL: 'https://example.org/app.apk' })).toContain(
    'VITE_ANDROID_APP_URL "https://example.org/app.apk" has no {version} in it',
  );
});

it('refuses to deploy a build for the local backend', () => {
  expect(refusal({ ...PROJECT, VITE_USE_FIREBASE_EMULATORS: 'true' })).toContain(
    'VITE_USE_FIREBASE_EMULATORS=true makes a build for the local backend, which cannot work in a Firebase project.',
  );
});

it("deploys the hosting and the database rules together, to the settings' project, with its own headers", () => {
  const deployment = deploymentFor(PROJECT);
  expect(deployment.projectId).toBe('sleeve-example');
  expect(deployment.cliArgs).toEqual([
    'deploy',
    '--only',
    'hosting,database',
    '--project',
    'sleeve-example',
    '--config',
    DEPLOY_CONFIG_FILE,
  ]);
  expect(deployment.config.database.rules).toBe(DATABASE_RULES);
  const policy = deployment.config.hosting.headers
    .flatMap((rule) => rule.headers)
    .find((header) => header.key === 'Content-Security-Policy' && header.value.startsWith("default-src 'self'"));
  expect(policy?.value).toBe(`${pagePolicy(settingsForBuild(PROJECT), 'meta')}; frame-ancestors 'none'`);
  expect(policy?.value).toContain('https://sleeve-example.firebaseapp.com/__/auth/iframe');
});

/** The script as a person runs it; variables in the environment win over any .env file of the checkout. */
async function runDeploy(env: Record<string, string>): Promise<{ code: number; output: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/deploy.mjs'], {
      cwd: ROOT,
      env: { ...clean, ...env },
      timeout: 25_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

it('stops `npm run deploy` with the reason, before building, when there is no project', async () => {
  const { code, output } = await runDeploy({ VITE_FIREBASE_PROJECT_ID: '' });
  expect(code).toBe(1);
  expect(output).toContain('Nothing was deployed.');
  expect(output).toContain('There is no Firebase project to deploy to: VITE_FIREBASE_PROJECT_ID is not set.');
  expect(output).not.toContain('Building');
  await expect(access(join(ROOT, DEPLOY_CONFIG_FILE))).rejects.toThrow('ENOENT');
});

it('stops `npm run deploy` when asked to deploy a build for the local backend', async () => {
  const { code, output } = await runDeploy({ ...PROJECT, VITE_USE_FIREBASE_EMULATORS: 'true' });
  expect(code).toBe(1);
  expect(output).toContain('Nothing was deployed.');
  expect(output).toContain('VITE_USE_FIREBASE_EMULATORS=true makes a build for the local backend');
  expect(output).not.toContain('Building');
});
