/**
 * `npm start` against the local backend: the dev server serves a stand-in for Google's script loader and names its
 * path in `VITE_LOCAL_GOOGLE_LOADER` (vite.config.ts, scripts/google-loader-stand-in.mjs). Loaded before the popup
 * opens, it is the `gapi` the Firebase SDK finds, so the SDK never asks apis.google.com and sign-in works on a
 * machine without internet. A production build has no such path: there the SDK loads Google's own.
 */
import { remoteConfig } from './config';

let loading: Promise<void> | null = null;

const hasLoader = (): boolean => Boolean((window as { gapi?: { load?: unknown } }).gapi?.load);

/** The stand-in's path when this page runs on the dev server against the local backend; else `null`. */
function localLoaderPath(): string | null {
  const path: unknown = import.meta.env.VITE_LOCAL_GOOGLE_LOADER;
  return import.meta.env.DEV && typeof path === 'string' && remoteConfig().mode === 'emulator' ? path : null;
}

/**
 * Puts the stand-in in place when it applies (once per page), or `null` when there is nothing to wait for: the
 * popup must open while the click still counts as the person's, so the usual path does not wait at all.
 */
export function prepareLocalGoogleLoader(): Promise<void> | null {
  const path = localLoaderPath();
  if (path === null || hasLoader()) return null;
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = path;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error(`The dev server did not serve ${path}`));
    };
    document.head.append(script);
  });
  return loading;
}
