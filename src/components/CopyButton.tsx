/**
 * Copies one value to the clipboard. Its icon turns into a check for 2 s (SPEC.md §9) to confirm the copy; beside it,
 * until the clipboard is cleared again (src/state/clipboard.ts), how many seconds are left.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { clipboardState, copyToClipboard } from '../state/clipboard';
import { showToast } from '../state/toast';
import { CheckIcon, CopyIcon } from './Icons';
import type { Confirm } from './use-confirmed';
import { useConfirmed } from './use-confirmed';

export const COPY_CONFIRM_MS = 2000;
export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard';

export interface CopyButtonProps {
  /** What is copied, for the accessible name: 'Copy Card number'. Never the value itself. */
  field: string;
  value: string;
  /** Asked before copying (a secret such as a card's PIN); nothing is copied unless it resolves true. */
  confirm?: Confirm | undefined;
}

/** Whole seconds until `until`, ticking each second; `null` without a time. */
function useSecondsLeft(until: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const ticking = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(ticking);
  }, [until]);
  return until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

const clearsIn = (seconds: number): string => (seconds > 0 ? `Clears in ${seconds} s` : 'Clearing');

export function CopyButton({ field, value, confirm }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  /** The serial of this button's last copy: its countdown shows while that copy is the one waiting to be cleared. */
  const [serial, setSerial] = useState<number | null>(null);
  /** Said once per copy: 'Copied. Clears in 30 s'. The ticking countdown is not announced. */
  const [announcement, setAnnouncement] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const clipboard = useSnapshot(clipboardState);
  const mine = serial !== null && clipboard.serial === serial && clipboard.clearsAt !== null;
  const secondsLeft = useSecondsLeft(mine ? clipboard.clearsAt : null);
  const confirmed = useConfirmed(confirm);

  const copy = () => {
    copyToClipboard(value)
      .then((copySerial) => {
        clearTimeout(timer.current);
        setCopied(true);
        setSerial(copySerial);
        const clearsAt = clipboardState.clearsAt;
        setAnnouncement(
          clearsAt === null ? 'Copied' : `Copied. ${clearsIn(Math.round((clearsAt - Date.now()) / 1000))}`,
        );
        timer.current = setTimeout(() => {
          setCopied(false);
          setAnnouncement('');
        }, COPY_CONFIRM_MS);
      })
      .catch(() => showToast(COPY_FAILED_MESSAGE, 'ERROR'));
  };

  return (
    <>
      {mine && secondsLeft !== null && <span className="copy-countdown">{clearsIn(secondsLeft)}</span>}
      <button
        type="button"
        className="icon-button copy-button"
        aria-label={`Copy ${field}`}
        data-copied={copied}
        onClick={() => confirmed(copy)}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
        {/* Announced once per copy; the button's own name stays stable so it is easy to find again. */}
        <span className="visually-hidden" aria-live="polite">
          {announcement}
        </span>
      </button>
    </>
  );
}
