/**
 * The camera's life on the scanner screen: on while `wanted`, off the moment it is not. Every way off (the screen
 * left, the tab hidden, the app locked, a card read) ends in `stopCamera`, and a camera that opens after it was no
 * longer wanted (the person left while the browser asked) is stopped as it arrives: no track runs unseen.
 */
import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CameraProblem } from './camera';
import { cameraProblem, openCamera, stopCamera } from './camera';

export type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'live'; track: MediaStreamTrack }
  | { status: 'problem'; problem: CameraProblem };

export interface CameraControl {
  state: CameraState;
  /** Stops every track now (a card was read): the screen need not wait for React to catch up. */
  stop: () => void;
  /** Asks for the camera again, after a refusal the person has since lifted, or a busy camera freed. */
  retry: () => void;
}

export function useCamera(video: RefObject<HTMLVideoElement | null>, wanted: boolean): CameraControl {
  const [state, setState] = useState<CameraState>({ status: 'off' });
  const [attempt, setAttempt] = useState(0);
  const stream = useRef<MediaStream | null>(null);

  const stop = useCallback(() => {
    stopCamera(stream.current);
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, [video]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what a retry changes, to open it again.
  useEffect(() => {
    if (!wanted) {
      setState({ status: 'off' });
      return;
    }
    let ended = false;
    setState({ status: 'starting' });
    openCamera().then(
      (opened) => {
        if (ended) return stopCamera(opened);
        stream.current = opened;
        const track = opened.getVideoTracks()[0];
        if (!track) {
          stop();
          setState({ status: 'problem', problem: 'missing' });
          return;
        }
        // A camera taken away while in use (unplugged, claimed by another app) says so rather than freezing.
        track.addEventListener('ended', () => {
          if (!ended && stream.current === opened) setState({ status: 'problem', problem: 'busy' });
        });
        const element = video.current;
        if (element) {
          element.srcObject = opened;
          // Muted and inline, so no gesture is needed; a refusal here only delays the picture, which autoplay retries.
          element.play().catch(() => undefined);
        }
        setState({ status: 'live', track });
      },
      (error: unknown) => {
        if (!ended) setState({ status: 'problem', problem: cameraProblem(error) });
      },
    );
    return () => {
      ended = true;
      stop();
    };
  }, [wanted, attempt, stop, video]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state, stop, retry };
}

/** Whether the page is on screen: a hidden tab's scanner lets the camera go, and takes it again on return. */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}
