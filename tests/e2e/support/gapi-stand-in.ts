/**
 * Google's script loader (https://apis.google.com/js/api.js) cannot be reached from this offline machine, yet both
 * the Firebase SDK's popup sign-in and the Auth emulator's helper iframe load it to talk to each other. The
 * end-to-end tests serve the stand-in that `npm start` uses (scripts/google-loader-stand-in.mjs) in its place, at
 * Google's own addresses: the built app takes its production path. Everything else in the flow is real: the
 * Firebase SDK, the emulator's popup and account chooser, and its iframe.
 *
 * Like Google's, it comes in two scripts from the two paths the Content-Security-Policy allows: `api.js`, the loader,
 * whose `gapi.load('gapi.iframes')` then fetches the iframes module from Google's static path, adding its script under
 * a Trusted Types policy of its own (`gapi#gapi`). A page whose policy refused either path, or the Firebase SDK's
 * `api.js?onload=…` at its Trusted Types policy, would fail to sign in, as it would with Google's own.
 */
import type { BrowserContext } from 'playwright';
import {
  GOOGLE_LOADER_URL,
  googleIframesScript,
  googleLoaderScript,
} from '../../../scripts/google-loader-stand-in.mjs';

const IFRAMES_MODULE =
  'https://apis.google.com/_/scs/abc-static/_/js/k=gapi.lb.en.stand-in.O/m=gapi_iframes/rt=j/sv=1/d=1/ed=1/cb=gapi.loaded_0';

/** Serves the stand-in to every page and frame of a browser context (the app, the popup, the emulator iframe). */
export async function serveGapiStandIn(context: BrowserContext): Promise<void> {
  await context.route(`${GOOGLE_LOADER_URL}**`, async (route) => {
    const onload = new URL(route.request().url()).searchParams.get('onload');
    await route.fulfill({ contentType: 'text/javascript', body: googleLoaderScript(IFRAMES_MODULE, onload) });
  });
  await context.route(`${IFRAMES_MODULE}**`, async (route) => {
    await route.fulfill({ contentType: 'text/javascript', body: googleIframesScript() });
  });
}
