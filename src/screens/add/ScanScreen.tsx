/**
 * /add/scan — the camera with a card-shaped guide and a hint that follows what the recognition sees; a torch where
 * the camera has one; a photo instead; manual entry one step away. A card read opens the editor with what was read
 * filled in (around what was typed there, when the scan started from the editor); nothing is saved until Save.
 * The camera runs only while this screen is on screen and the app unlocked (src/scanner/use-camera.ts).
 */
import type { ChangeEvent } from 'react';
import { useCallback, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Page } from '../../app/Page';
import type { ScanResult } from '../../domain/scan-accept';
import { SCAN_HINTS } from '../../domain/scan-accept';
import { hasTorch, setTorch } from '../../scanner/camera';
import { usePageVisible } from '../../scanner/use-camera';
import type { Scanner } from '../../scanner/use-scanner';
import { useScanner } from '../../scanner/use-scanner';
import { holdScanned, peekScanDraft } from '../../state/drafts';
import { appState } from '../../state/store';
import { CAMERA_PROBLEMS, PHOTO_STATES, ScanTexts } from './scan-texts';

/** What the live region says: a photo's outcome first (the person just acted), then the camera's. */
function message(scanner: Scanner, visible: boolean): string {
  if (scanner.photo) return PHOTO_STATES[scanner.photo];
  const { state } = scanner.camera;
  if (state.status === 'problem') return CAMERA_PROBLEMS[state.problem];
  if (state.status === 'live') return scanner.slow ? ScanTexts.slow : SCAN_HINTS[scanner.hint];
  if (state.status === 'off' && !visible) return ScanTexts.paused;
  return ScanTexts.starting;
}

function TorchSwitch({ track }: { track: MediaStreamTrack }) {
  const [on, setOn] = useState(false);
  const toggle = () => {
    // The switch shows what the camera did, not what was asked: a refusal leaves it as it was.
    setTorch(track, !on).then(
      () => setOn(!on),
      () => undefined,
    );
  };
  return (
    <button type="button" className="button" aria-pressed={on} onClick={toggle}>
      {ScanTexts.torch}
    </button>
  );
}

export function ScanScreen() {
  const [, navigate] = useLocation();
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const visible = usePageVisible();
  const { locked } = useSnapshot(appState);
  // Back and manual entry return to the editor's card when the scan started there.
  const [fromEditor] = useState(() => peekScanDraft().base !== null);
  const onResult = useCallback(
    (result: ScanResult) => {
      holdScanned(result);
      navigate('/editor', { replace: true });
    },
    [navigate],
  );
  const scanner = useScanner({ video, active: visible && !locked, onResult });
  const { state, retry } = scanner.camera;
  const live = state.status === 'live';

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Let the same file be chosen again after a failed read.
    event.target.value = '';
    if (file) void scanner.readPhoto(file);
  };

  return (
    <Page title={ScanTexts.title} back={{ to: fromEditor ? '~/add/editor' : '~/add' }}>
      <div className="scanner">
        <div className={`scanner-view${live ? ' scanner-view-live' : ''}`}>
          <video ref={video} className="scanner-video" muted playsInline autoPlay aria-label={ScanTexts.camera} />
          <div className="scanner-guide" aria-hidden="true" />
        </div>
        <p className="scanner-hint" role="status">
          {message(scanner, visible)}
        </p>
        <div className="scanner-actions">
          {state.status === 'problem' && state.problem !== 'missing' && (
            <button type="button" className="button button-primary button-block" onClick={retry}>
              {ScanTexts.tryAgain}
            </button>
          )}
          {live && hasTorch(state.track) && <TorchSwitch track={state.track} />}
          {/* The input itself is hidden; its label is the button, and shows the input's keyboard focus (CSS). */}
          <input
            id={`${id}-photo`}
            className="visually-hidden scanner-photo-input"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={scanner.photo === 'reading'}
            onChange={choose}
          />
          <label className="button button-block scanner-photo" htmlFor={`${id}-photo`}>
            {ScanTexts.choosePhoto}
          </label>
          <Link href="/editor" className="button button-block">
            {ScanTexts.manual}
          </Link>
        </div>
      </div>
    </Page>
  );
}
