/**
 * The only code that opens the camera (DESIGN.md: one door per I/O). The scanner asks for the rear camera first,
 * video only, and every track it opened is stopped through `stopCamera`: a camera left running is the one thing a
 * person would rightly never forgive a wallet.
 */

/** Why the camera could not be used, each with its own advice on screen. */
export type CameraProblem = 'refused' | 'missing' | 'busy' | 'failed';

/** Opens the camera: the rear one where there is a choice (phones), any other where there is not (laptops). */
export function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(new DOMException('No camera API', 'NotFoundError'));
  }
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 }, height: { ideal: 1080 } },
  });
}

/** Stops every track of a stream: the camera's light goes out and the browser's indicator with it. */
export function stopCamera(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** What a failed `getUserMedia` means for the person. */
export function cameraProblem(error: unknown): CameraProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/** The torch's capability is not yet in TypeScript's DOM types. */
interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

/** Whether the camera's track can switch a torch on: only then is the switch shown. */
export function hasTorch(track: MediaStreamTrack | undefined): boolean {
  if (!track || typeof track.getCapabilities !== 'function') return false;
  return (track.getCapabilities() as TorchCapabilities).torch === true;
}

/** Switches the torch; rejects when the device refuses (the switch then stays as it was). */
export function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  return track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
