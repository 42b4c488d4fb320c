/**
 * The numeric keypad: digits 0-9 and backspace, dimmed while disabled. A physical keyboard's digits and Backspace
 * work too, so nobody has to click six times.
 */
import { useEffect } from 'react';

const ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
] as const;

export interface KeypadProps {
  onDigit(digit: string): void;
  onBackspace(): void;
  /** Digits are refused (full or busy); backspace stays available unless `locked`. */
  disabled: boolean;
  /** Nothing can be pressed (busy submitting or showing a failure). */
  locked: boolean;
}

export function Keypad({ onDigit, onBackspace, disabled, locked }: KeypadProps) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select')) return;
      if (/^\d$/.test(event.key)) {
        event.preventDefault();
        onDigit(event.key);
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        onBackspace();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onDigit, onBackspace]);

  const digit = (value: string) => (
    <button
      key={value}
      type="button"
      className="keypad-key"
      disabled={disabled || locked}
      onClick={() => onDigit(value)}
    >
      {value}
    </button>
  );

  return (
    <fieldset className="keypad" aria-label="PIN keypad" data-disabled={disabled || locked ? 'true' : 'false'}>
      {ROWS.map((row) => row.map(digit))}
      <span className="keypad-spacer" aria-hidden="true" />
      {digit('0')}
      <button type="button" className="keypad-key" aria-label="Backspace" disabled={locked} onClick={onBackspace}>
        ⌫
      </button>
    </fieldset>
  );
}
