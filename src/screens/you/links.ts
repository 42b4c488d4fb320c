/** Where the product's external links point. One place, so a new release only changes APP_VERSION. */
export const APP_VERSION = '1.0.2';

export const SOURCE_CODE_URL = 'https://github.com/sleeve-wallet/sleeve';

/** The Android build of a release; the version is part of the path (SPEC.md §1). */
export const androidReleaseUrl = (version: string): string =>
  `${SOURCE_CODE_URL}/releases/download/v${version}/sleeve-${version}.apk`;
