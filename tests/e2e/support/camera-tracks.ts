/** Camera tracks the app is given, kept by an init script so a test can ask whether each has ended. */
import type { Page } from 'playwright';

/** Installed before the app (`context.addInitScript(keepTracks)`): every getUserMedia stream's tracks are kept. */
export function keepTracks(): void {
  const devices = navigator.mediaDevices;
  const real = devices.getUserMedia.bind(devices);
  const kept: MediaStreamTrack[] = [];
  (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = kept;
  devices.getUserMedia = async (constraints) => {
    const stream = await real(constraints);
    kept.push(...stream.getTracks());
    return stream;
  };
}

/** Each kept track's `readyState`, in the order the app was given them. */
export const trackStates = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((track) => track.readyState),
  );
