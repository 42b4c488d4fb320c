/**
 * /add — the way into the scanner and the editor. Where a camera can be used, Scan card comes first and manual entry
 * beside it; where none can (no camera API, or no camera the browser can see), SPEC.md's explanation stays as it
 * was and manual entry is the only way. Nothing is offered until the browser has said which: a choice that appeared
 * above another a moment later would move the button under a person's finger.
 */
import { useEffect } from 'react';
import { Link } from 'wouter';
import { Page } from '../../app/Page';
import { useCameraAvailable } from '../../scanner/availability';
import { clearScanDraft } from '../../state/drafts';
import { SCAN_INTRO } from './scan-texts';

export function AddIntroScreen() {
  const camera = useCameraAvailable();
  // A fresh start: a scan begun from an editor that was left another way brings nothing back.
  useEffect(clearScanDraft, []);
  return (
    <Page title="Add Card">
      <section className="intro" aria-busy={camera === null}>
        {camera === false && (
          <>
            <p>Scanning a card with the camera is not available on the website yet.</p>
            <p>Enter your card's details manually instead; it only takes a moment.</p>
          </>
        )}
        {camera && (
          <>
            <p>{SCAN_INTRO}</p>
            <Link href="/scan" className="button button-primary button-block">
              Scan card
            </Link>
          </>
        )}
        {camera !== null && (
          <Link href="/editor" className={`button button-block${camera ? '' : ' button-primary'}`}>
            Add card manually
          </Link>
        )}
      </section>
    </Page>
  );
}
