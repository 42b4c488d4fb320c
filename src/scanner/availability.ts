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

/**
 * The browser's last answer in this page, so that a screen opened after another (the editor after /add) offers
 * scanning from its first paint instead of moving its content down a moment later. Each screen still asks again: a
 * camera may have been plugged in or out since.
 */
let lastAnswer: boolean | null = null;

/** Whether this device can scan: null until the browser has said (in this page, the first time only). */
export function useCameraAvailable(): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(lastAnswer);
  useEffect(() => {
    let current = true;
    const answer = (found: boolean) => {
      lastAnswer = found;
      if (current) setAvailable(found);
    };
    cameraAvailable().then(answer, () => answer(false));
    return () => {
      current = false;
    };
  }, []);
  return available;
}
