/**
 * Where the product's outward links point: the deployment's own settings (VITE_SOURCE_CODE_URL and
 * VITE_ANDROID_APP_URL, src/domain/project-links.ts), each null when the deployment set none. One place for the
 * version, so a new release only changes APP_VERSION.
 */
import { type ProjectLinks, projectLinks } from '../../domain/project-links';

export const APP_VERSION = '1.0.2';

/** Read when a screen renders, from the settings the build baked in (and the ones a test stubs). */
export const deploymentLinks = (): ProjectLinks => projectLinks(import.meta.env, APP_VERSION);
