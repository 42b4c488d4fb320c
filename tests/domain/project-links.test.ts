/** The deployment's outward links: filled in for the running version, and offered only when they can lead somewhere. */
import { expect, it } from 'vitest';
import { fillVersion, isHttpsUrl, linkSettingsProblems, projectLinks } from '../../src/domain/project-links';

const ANDROID = 'https://example.org/releases/v{version}/app.apk';

it('fills every {version} in, encoded so it stays inside the path', () => {
  expect(fillVersion(ANDROID, '1.0.2')).toBe('https://example.org/releases/v1.0.2/app.apk');
  expect(fillVersion('https://example.org/{version}/sleeve-{version}.apk', '1.0.2')).toBe(
    'https://example.org/1.0.2/sleeve-1.0.2.apk',
  );
  expect(fillVersion(ANDROID, '1.0/../x?y')).toBe('https://example.org/releases/v1.0%2F..%2Fx%3Fy/app.apk');
});

it('takes only absolute https addresses without credentials', () => {
  expect(isHttpsUrl('https://example.org/sleeve')).toBe(true);
  expect(isHttpsUrl('https://git.example.org:8443/me/sleeve#readme')).toBe(true);
  for (const value of [
    'http://example.org/sleeve',
    'javascript:alert(1)',
    'example.org/sleeve',
    '/sleeve',
    'https://user:secret@example.org/',
    'ftp://example.org/app.apk',
    '',
  ]) {
    expect(isHttpsUrl(value), value).toBe(false);
  }
});

it('says what is wrong with each setting, and nothing when they are unset or right', () => {
  expect(linkSettingsProblems({})).toEqual([]);
  expect(linkSettingsProblems({ VITE_SOURCE_CODE_URL: ' ', VITE_ANDROID_APP_URL: '' })).toEqual([]);
  expect(
    linkSettingsProblems({ VITE_SOURCE_CODE_URL: 'https://example.org/sleeve', VITE_ANDROID_APP_URL: ANDROID }),
  ).toEqual([]);
  expect(linkSettingsProblems({ VITE_SOURCE_CODE_URL: 'http://example.org/sleeve' })).toEqual([
    'VITE_SOURCE_CODE_URL "http://example.org/sleeve" is not an absolute https: URL (such as https://example.org/your/sleeve).',
  ]);
  const [missingVersion] = linkSettingsProblems({ VITE_ANDROID_APP_URL: 'https://example.org/app.apk' });
  expect(missingVersion).toContain('VITE_ANDROID_APP_URL "https://example.org/app.apk" has no {version} in it');
  expect(missingVersion).toContain("the app's version must be in the file's path");
  expect(linkSettingsProblems({ VITE_ANDROID_APP_URL: 'releases/v{version}/app.apk' })).toEqual([
    'VITE_ANDROID_APP_URL "releases/v{version}/app.apk" is not an absolute https: URL (such as https://example.org/releases/v{version}/app.apk).',
  ]);
});

it('offers the links filled in for the version, and none that the build would refuse', () => {
  expect(
    projectLinks({ VITE_SOURCE_CODE_URL: 'https://example.org/sleeve', VITE_ANDROID_APP_URL: ANDROID }, '1.0.2'),
  ).toEqual({ sourceCode: 'https://example.org/sleeve', androidApp: 'https://example.org/releases/v1.0.2/app.apk' });
  expect(projectLinks({}, '1.0.2')).toEqual({ sourceCode: null, androidApp: null });
  expect(
    projectLinks(
      { VITE_SOURCE_CODE_URL: 'javascript:alert(1)', VITE_ANDROID_APP_URL: 'https://example.org/app.apk' },
      '1.0.2',
    ),
  ).toEqual({ sourceCode: null, androidApp: null });
});
