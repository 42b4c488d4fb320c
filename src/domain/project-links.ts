/**
 * Where a deployment's outward links point: its source code (About) and its Android app (You → 'Download app'). Both
 * are the deployment's own settings, never a fixed address, so no build links to a project it does not run. Pure, so
 * the build's check (deploy/build-settings.ts) and the app read the same values the same way.
 */
export type LinkEnv = Readonly<Record<string, string | boolean | undefined>>;

export const SOURCE_CODE_SETTING = 'VITE_SOURCE_CODE_URL';
export const ANDROID_APP_SETTING = 'VITE_ANDROID_APP_URL';
/** Stands for the app's version in the Android app's address, so a release's file has it in its path (SPEC.md §1). */
export const VERSION_PLACEHOLDER = '{version}';

export interface ProjectLinks {
  sourceCode: string | null;
  androidApp: string | null;
}

const text = (env: LinkEnv, name: string): string | undefined => {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/**
 * An absolute https address a person can be sent to: no other scheme (a `javascript:` link would run in the app's
 * page) and no user name or password in it, which a browser would show or send to the host.
 */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** The template with every `{version}` replaced; the version is encoded, so it can only ever be part of a path. */
export const fillVersion = (template: string, version: string): string =>
  template.split(VERSION_PLACEHOLDER).join(encodeURIComponent(version));

/** What is wrong with the two settings, one line each; empty when they are unset or can be shipped. */
export function linkSettingsProblems(env: LinkEnv): string[] {
  const problems: string[] = [];
  const source = text(env, SOURCE_CODE_SETTING);
  if (source !== undefined && !isHttpsUrl(source)) {
    problems.push(
      `${SOURCE_CODE_SETTING} "${source}" is not an absolute https: URL (such as https://example.org/your/sleeve).`,
    );
  }
  const android = text(env, ANDROID_APP_SETTING);
  if (android !== undefined) {
    if (!android.includes(VERSION_PLACEHOLDER)) {
      problems.push(
        `${ANDROID_APP_SETTING} "${android}" has no ${VERSION_PLACEHOLDER} in it: the app's version must be in the file's path (such as https://example.org/releases/v${VERSION_PLACEHOLDER}/app.apk).`,
      );
    } else if (!isHttpsUrl(fillVersion(android, '1.0.0'))) {
      problems.push(
        `${ANDROID_APP_SETTING} "${android}" is not an absolute https: URL (such as https://example.org/releases/v${VERSION_PLACEHOLDER}/app.apk).`,
      );
    }
  }
  return problems;
}

/**
 * The links this build offers for `version`: each null when its setting is unset or not one the build would accept
 * (the dev server does not check), so no screen offers a link that leads nowhere.
 */
export function projectLinks(env: LinkEnv, version: string): ProjectLinks {
  const source = text(env, SOURCE_CODE_SETTING);
  const android = text(env, ANDROID_APP_SETTING);
  const androidApp = android?.includes(VERSION_PLACEHOLDER) ? fillVersion(android, version) : undefined;
  return {
    sourceCode: source !== undefined && isHttpsUrl(source) ? source : null,
    androidApp: androidApp !== undefined && isHttpsUrl(androidApp) ? androidApp : null,
  };
}
