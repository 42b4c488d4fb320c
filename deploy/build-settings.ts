/**
 * What a production build may ship with. A build that silently fell back to the emulators on 127.0.0.1 would fail at
 * sign-in once deployed, with no word of why, so a build needs either a real project's settings (docs/deploy.md, "Run against
 * a real Firebase project", step 6) or an explicit `VITE_USE_FIREBASE_EMULATORS=true` (the local preview, the tests,
 * the benchmark). Every value checked here ends up in the Content-Security-Policy, so each must have the plain shape
 * it claims: a host name cannot smuggle in a `;` and a directive of its own. The two optional links (the source code
 * and the Android app, src/domain/project-links.ts) are checked for every build, the local backend's too: a link a
 * person presses must lead somewhere.
 */
import { linkSettingsProblems } from '../src/domain/project-links.ts';
import { type RemoteEnv, type RemoteSettings, resolveRemoteSettings } from '../src/remote/settings.ts';

export const EMULATOR_SWITCH = 'VITE_USE_FIREBASE_EMULATORS';

/** The web app's config, as docs/deploy.md lists it, in its order. */
export const PROJECT_SETTINGS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_DATABASE_URL',
  'VITE_FIREBASE_APP_ID',
] as const;

export const SETTINGS_FILE = '.env.local';

export class BuildSettingsError extends Error {
  constructor(message: string) {
    super(message);
    // The message is the whole story; a stack trace under it would only bury it.
    this.stack = `${this.name}: ${message}`;
  }
}
BuildSettingsError.prototype.name = 'BuildSettingsError';

const text = (env: RemoteEnv, name: string): string | undefined => {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

export const usesEmulators = (env: RemoteEnv): boolean => text(env, EMULATOR_SWITCH) === 'true';

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const LOOPBACK_HOST_AND_PORT = /^(?:127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/;
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

const SETTINGS_PLACE = `${SETTINGS_FILE} at the root of the repository (docs/deploy.md, "Run against a real Firebase project", step 6)`;
export const WHERE_SETTINGS_GO = `Put them in ${SETTINGS_PLACE}.`;
export const WHERE_TO_CORRECT = `Correct them in ${SETTINGS_PLACE}.`;
const orLocal = `To build for the local backend instead (the local preview, the tests), set ${EMULATOR_SWITCH}=true.`;

/** What is wrong with a project's settings, one line each; empty when they can be shipped. */
function projectProblems(env: RemoteEnv): string[] {
  const problems: string[] = [];
  const projectId = text(env, 'VITE_FIREBASE_PROJECT_ID');
  if (projectId && !PROJECT_ID.test(projectId)) {
    problems.push(`VITE_FIREBASE_PROJECT_ID "${projectId}" is not a Firebase project id (such as sleeve-4f2a1).`);
  }
  if (projectId?.startsWith('demo-')) {
    problems.push(`VITE_FIREBASE_PROJECT_ID "${projectId}" is a demo project, which exists only in the emulators.`);
  }
  const authDomain = text(env, 'VITE_FIREBASE_AUTH_DOMAIN');
  if (authDomain && !HOST_NAME.test(authDomain)) {
    problems.push(
      `VITE_FIREBASE_AUTH_DOMAIN "${authDomain}" is not a host name (such as <your-project-id>.firebaseapp.com, without https://).`,
    );
  }
  const databaseUrl = text(env, 'VITE_FIREBASE_DATABASE_URL');
  if (databaseUrl && !isDatabaseUrl(databaseUrl)) {
    problems.push(
      `VITE_FIREBASE_DATABASE_URL "${databaseUrl}" is not an https address of a database (such as https://<your-project-id>-default-rtdb.firebaseio.com).`,
    );
  }
  for (const name of ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_APP_ID']) {
    const value = text(env, name);
    if (value && !/^[\w:.-]+$/.test(value)) problems.push(`${name} "${value}" has characters no Firebase key has.`);
  }
  return problems;
}

function isDatabaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      HOST_NAME.test(url.hostname) &&
      url.port === '' &&
      url.username === '' &&
      url.password === '' &&
      url.pathname === '/' &&
      url.search === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

function emulatorProblems(env: RemoteEnv): string[] {
  return ['VITE_FIREBASE_AUTH_EMULATOR_HOST', 'VITE_FIREBASE_DATABASE_EMULATOR_HOST'].flatMap((name) => {
    const value = text(env, name);
    return value && !LOOPBACK_HOST_AND_PORT.test(value)
      ? [`${name} "${value}" is not a loopback host and port (such as 127.0.0.1:9099).`]
      : [];
  });
}

/**
 * What stands between a project's settings and a build that can ship: names not set, and values that are wrong (the
 * optional links' included, so a deployment refuses them before it builds).
 */
export function projectSettingsProblems(env: RemoteEnv): { missing: string[]; wrong: string[] } {
  return {
    missing: PROJECT_SETTINGS.filter((name) => text(env, name) === undefined),
    wrong: [...projectProblems(env), ...linkSettingsProblems(env)],
  };
}

/** "…, and none of them is set: A, B." or "…, and these are missing: A, B." */
export function missingText(missing: readonly string[]): string {
  if (missing.length === PROJECT_SETTINGS.length) return `and none of them is set: ${missing.join(', ')}.`;
  return `and ${missing.length === 1 ? 'this one is' : 'these are'} missing: ${missing.join(', ')}.`;
}

/**
 * The settings a production build ships with, worked out as the app works them out (src/remote/settings.ts), or a
 * BuildSettingsError that says which settings are missing or wrong and where they go.
 */
export function settingsForBuild(env: RemoteEnv): RemoteSettings {
  if (usesEmulators(env)) {
    const problems = [...emulatorProblems(env), ...linkSettingsProblems(env)];
    if (problems.length > 0) throw new BuildSettingsError(problems.join('\n'));
    return resolveRemoteSettings(env);
  }
  const { missing, wrong } = projectSettingsProblems(env);
  if (missing.length > 0) {
    throw new BuildSettingsError(
      [
        `A production build of Sleeve needs your Firebase project's settings, ${missingText(missing)}`,
        WHERE_SETTINGS_GO,
        orLocal,
      ].join('\n'),
    );
  }
  if (wrong.length > 0) throw new BuildSettingsError([...wrong, WHERE_TO_CORRECT].join('\n'));
  return resolveRemoteSettings(env);
}
