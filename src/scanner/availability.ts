/**
 * Whether this device can scan at all, asked by /add and the editor before they offer it. Kept apart from the camera
 * module so that offering the scanner loads nothing of it: this only lists devices, it never opens one.
 */
import { useEffect, useState } from 'react';

/** Whether this browser can use any camera at all: an API, and at least one video input it can see. */
export async function cameraAvailable(): Promise<boolean> {
  const devices = navigator.mediaDevices;
  if (!devices?.getUserMedia || !devices.enumerateDevices) return false;
  try {
    const found = await devices.enumerateDevices();
    return found.some((device) => device.kind === 'videoinput');
  } catch {
    return false;
  }
}

/** Whether this device can scan: null until the browser has said. */
export function useCameraAvailable(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    cameraAvailable().then(
      (found) => current && setAvailable(found),
      () => current && setAvailable(false),
    );
    return () => {
      current = false;
    };
  }, []);
  return available;
}
