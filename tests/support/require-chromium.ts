/**
 * First global setup of the projects that drive Chromium: stops in plain words when it is not installed, before the
 * backend starts or the app is built. The config only looks for it, so projects that need no browser run without.
 */
import { requireChromium } from '../../scripts/chromium.mjs';

export default function setup(): void {
  requireChromium();
}
