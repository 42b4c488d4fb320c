/**
 * The browser project runs Chromium with its stand-in camera (scripts/chromium.mjs, FAKE_CAMERA_ARGS): the real
 * getUserMedia opens a real stream of a test pattern. These helpers watch what the app opens, or take the camera
 * away, each undone when the test finishes.
 */
import { onTestFinished } from 'vitest';

export interface CameraWatch {
  /** What each getUserMedia call asked for. */
  asked: MediaStreamConstraints[];
  /** Every track the app was given. */
  tracks: () => MediaStreamTrack[];
}

/**
 * Passes every getUserMedia call to the real one and keeps what it asked for and got. `torch`: the tracks also say
 * they have a torch (the stand-in camera has none; asking it for one is ignored, as a constraint it cannot meet).
 */
export function watchCamera({ torch = false }: { torch?: boolean } = {}): CameraWatch {
  const devices = navigator.mediaDevices;
  const real = devices.getUserMedia.bind(devices);
  const asked: MediaStreamConstraints[] = [];
  const streams: MediaStream[] = [];
  devices.getUserMedia = async (constraints) => {
    asked.push(constraints ?? {});
    const stream = await real(constraints);
    streams.push(stream);
    for (const track of torch ? stream.getVideoTracks() : []) {
      const capabilities = track.getCapabilities();
      track.getCapabilities = () => ({ ...capabilities, torch: true }) as MediaTrackCapabilities;
    }
    return stream;
  };
  onTestFinished(() => {
    Reflect.deleteProperty(devices, 'getUserMedia');
    for (const track of streams.flatMap((stream) => stream.getTracks())) track.stop();
  });
  return { asked, tracks: () => streams.flatMap((stream) => stream.getTracks()) };
}

/** getUserMedia fails as a browser does: refused, no camera, or a camera another app holds. */
export function cameraFails(name: 'NotAllowedError' | 'NotFoundError' | 'NotReadableError' | 'OverconstrainedError') {
  const devices = navigator.mediaDevices;
  devices.getUserMedia = () => Promise.reject(new DOMException(`The camera failed: ${name}`, name));
  onTestFinished(() => {
    Reflect.deleteProperty(devices, 'getUserMedia');
  });
}

/** The browser sees no camera: no video input at all, or (`api: false`) no media devices API. */
export function noCamera({ api = true }: { api?: boolean } = {}): void {
  if (!api) {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    });
    return;
  }
  const devices = navigator.mediaDevices;
  const real = devices.enumerateDevices.bind(devices);
  devices.enumerateDevices = async () => (await real()).filter((device) => device.kind !== 'videoinput');
  onTestFinished(() => {
    Reflect.deleteProperty(devices, 'enumerateDevices');
  });
}

/** Pretends the tab was hidden (`hidden: true`) or shown again, as switching tabs does. */
export function setTabHidden(hidden: boolean): void {
  Object.defineProperty(document, 'visibilityState', { value: hidden ? 'hidden' : 'visible', configurable: true });
  if (!hidden) Reflect.deleteProperty(document, 'visibilityState');
  document.dispatchEvent(new Event('visibilitychange'));
  onTestFinished(() => {
    Reflect.deleteProperty(document, 'visibilityState');
  });
}
