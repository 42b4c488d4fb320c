/**
 * PIN entry as SPEC.md §4 describes it: one digit at a time, presses ignored at six digits, backspace removes the
 * last one, submit runs by itself at six. On failure the message shows as an error toast, the dots turn red and
 * shake, and the PIN is cleared after 1 s. Any key press hides the message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from '../../domain/errors';
import { PIN_LENGTH } from '../../domain/secret';
import { reportError } from '../../state/report';
import { hideToast, showToast } from '../../state/toast';

export const PIN_ERROR_RESET_MS = 1000;

export interface PinEntry {
  pin: string;
  /** The failure being shown, '' when none. */
  error: string;
  /** True while submitting or while a failed PIN waits to be cleared. */
  busy: boolean;
  press(digit: string): void;
  backspace(): void;
  /**
   * The PIN field's whole value after typing, pasting or a password manager's fill: digits only, at most six. Six
   * submit as the keypad's sixth digit does.
   */
  fill(text: string): void;
}

/** What the PIN field keeps of what was typed or pasted: digits only (a pasted '123 456' is a PIN), at most six. */
export const pinDigits = (text: string): string => text.replace(/\D/g, '').slice(0, PIN_LENGTH);

/** `blocked`: no key counts (the PIN must wait); digits typed before stay until the wait is over. */
export function usePinEntry(submit: (pin: string) => Promise<void>, blocked = false): PinEntry {
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(resetTimer.current);
    };
  }, []);

  const fail = useCallback((failure: unknown) => {
    const message = messageOf(failure);
    if (message) showToast(message, 'ERROR');
    else reportError(failure);
    setError(message || 'Something went wrong, try again');
    resetTimer.current = setTimeout(() => {
      if (!mounted.current) return;
      setPin('');
      setBusy(false);
    }, PIN_ERROR_RESET_MS);
  }, []);

  const run = useCallback(
    (full: string) => {
      setBusy(true);
      submit(full).then(
        () => {
          // The screen usually moves on; if it stays (e.g. to ask for the PIN again), start afresh.
          if (!mounted.current) return;
          setPin('');
          setBusy(false);
        },
        (failure: unknown) => {
          if (mounted.current) fail(failure);
        },
      );
    },
    [submit, fail],
  );

  const hideError = useCallback(() => {
    setError((current) => {
      if (current) hideToast();
      return '';
    });
  }, []);

  const press = useCallback(
    (digit: string) => {
      if (blocked) return;
      hideError();
      if (busy || pin.length >= PIN_LENGTH || !/^\d$/.test(digit)) return;
      const next = pin + digit;
      setPin(next);
      if (next.length === PIN_LENGTH) run(next);
    },
    [busy, blocked, pin, run, hideError],
  );

  const backspace = useCallback(() => {
    if (blocked) return;
    hideError();
    if (busy) return;
    setPin((current) => current.slice(0, -1));
  }, [busy, blocked, hideError]);

  const fill = useCallback(
    (text: string) => {
      if (blocked) return;
      hideError();
      if (busy) return;
      const next = pinDigits(text);
      if (next === pin) return;
      setPin(next);
      if (next.length === PIN_LENGTH) run(next);
    },
    [busy, blocked, pin, run, hideError],
  );

  return { pin, error, busy, press, backspace, fill };
}
