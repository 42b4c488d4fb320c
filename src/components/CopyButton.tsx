/** Copies one value to the clipboard. Its icon turns into a check for 2 s (SPEC.md §9) to confirm the copy. */
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../state/toast';
import { CheckIcon, CopyIcon } from './Icons';

export const COPY_CONFIRM_MS = 2000;
export const COPY_FAILED_MESSAGE = 'Could not copy to the clipboard';

export interface CopyButtonProps {
  /** What is copied, for the accessible name: 'Copy Card number'. */
  field: string;
  value: string;
}

async function writeClipboard(value: string): Promise<void> {
  // Absent outside a secure context; treated like any other refusal.
  if (!navigator.clipboard) throw new Error('No clipboard');
  await navigator.clipboard.writeText(value);
}

export function CopyButton({ field, value }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = () => {
    writeClipboard(value)
      .then(() => {
        clearTimeout(timer.current);
        setCopied(true);
        timer.current = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
      })
      .catch(() => showToast(COPY_FAILED_MESSAGE, 'ERROR'));
  };

  return (
    <button
      type="button"
      className="icon-button copy-button"
      aria-label={`Copy ${field}`}
      data-copied={copied}
      onClick={copy}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
      {/* Announced once per copy; the button's own name stays stable so it is easy to find again. */}
      <span className="visually-hidden" aria-live="polite">
        {copied ? 'Copied' : ''}
      </span>
    </button>
  );
}
