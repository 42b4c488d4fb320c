/**
 * Dots, message, keypad and a PIN field together: the whole PIN entry of every PIN screen. The field and the keypad
 * share one PIN, so a person can tap, type, paste or let a password manager fill it (WCAG 2.2, 3.3.8: no memory
 * test without an input that can be filled).
 *
 * Password managers: the field is a password field with `autocomplete` 'current-password' where a PIN is asked
 * for and 'new-password' where one is chosen, beside a hidden, read-only username field ('Sleeve PIN'). Managers
 * key a saved secret on the pair, so the PIN is kept as its own entry, apart from the account's password, and is
 * offered back on the unlock and verify screens.
 */
import type { ClipboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { PIN_LENGTH } from '../../domain/secret';
import { Keypad } from './Keypad';
import { PinDots } from './PinDots';
import { usePinEntry } from './use-pin-entry';
import '../../styles/pin-input.css';

/** The username a password manager saves the PIN under; the same on every PIN screen so it is offered back. */
export const PIN_USERNAME = 'Sleeve PIN';

/** How long the progress waits for the next digit before it is read out, so fast typing is one announcement. */
const PROGRESS_PAUSE_MS = 300;

export interface PinPadProps {
  onSubmit: (pin: string) => Promise<void>;
  /** 'current': a PIN that exists is asked for (unlock, verify); 'new': one is being chosen (create, confirm). */
  purpose: 'current' | 'new';
  /** Puts the cursor in the PIN field once the screen has shown, e.g. on the step that asks for the PIN again. */
  focusOnMount?: boolean;
  /** Why no PIN may be entered now ('Try again in 30 s'): shown, and neither keypad nor field takes a digit. */
  blocked?: string;
}

export function PinPad({ onSubmit, purpose, focusOnMount = false, blocked = '' }: PinPadProps) {
  const entry = usePinEntry(onSubmit, blocked !== '');
  const id = useId();
  const padRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const full = entry.pin.length >= PIN_LENGTH;
  const progress = useProgress(entry.pin.length);

  useEffect(() => {
    if (!focusOnMount) return;
    // After the frame: the page's own focus handling on navigation runs first, then the field takes the cursor.
    const frame = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [focusOnMount]);

  // A key that was just pressed goes dim when the PIN is full (or while it is checked) and would drop the focus to
  // the page; the PIN field keeps it instead, also when the PIN is cleared after a failure. In the next frame, whose
  // style and layout this change has made due anyway: focusing here would have the browser work them out in the
  // task of the key that completed the PIN as well (at 4× CPU throttling, 15–25 ms of a task of 39–84).
  useEffect(() => {
    if (!full && !entry.busy && entry.error === '') return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      const dropped = active === null || active === document.body;
      const dimmed = active instanceof HTMLButtonElement && active.disabled && padRef.current?.contains(active);
      if (dropped || dimmed) inputRef.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [full, entry.busy, entry.error]);

  // A paste replaces what is selected, then keeps its digits: '123 456' or '123-456' is a PIN, which the field's
  // six-character limit would otherwise cut short before its digits are picked out.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    entry.fill(input.value.slice(0, start) + event.clipboardData.getData('text') + input.value.slice(end));
  };

  const errorId = `${id}-error`;
  const message = entry.error.trim();
  return (
    <form ref={padRef} className="pin-pad" noValidate onSubmit={(event) => event.preventDefault()}>
      <input type="text" name="username" autoComplete="username" value={PIN_USERNAME} readOnly hidden tabIndex={-1} />
      <div className="pin-field">
        <label className="pin-field-label" htmlFor={`${id}-pin`}>
          PIN
        </label>
        <input
          ref={inputRef}
          id={`${id}-pin`}
          name="pin"
          className="field-input pin-field-input"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
          maxLength={PIN_LENGTH}
          value={entry.pin}
          readOnly={entry.busy || blocked !== ''}
          aria-invalid={message ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => entry.fill(event.target.value)}
          onPaste={paste}
        />
      </div>
      <PinDots length={entry.pin.length} failed={entry.error !== ''} />
      <p id={errorId} className="pin-error" role="alert">
        {message}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="pin-progress">
        {progress}
      </p>
      {blocked && (
        <p className="pin-wait" role="status">
          {blocked}
        </p>
      )}
      <Keypad
        onDigit={entry.press}
        onBackspace={entry.backspace}
        disabled={full}
        locked={entry.busy || blocked !== ''}
      />
    </form>
  );
}

/** '3 of 6' once the digits pause; nothing when none are entered. The digits themselves are never said. */
function useProgress(length: number): string {
  const [progress, setProgress] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setProgress(length > 0 ? `${length} of ${PIN_LENGTH}` : ''), PROGRESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [length]);
  return progress;
}
