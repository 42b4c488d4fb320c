/** Dots, message and keypad together: the whole PIN entry of every PIN screen. */

import { PIN_LENGTH } from '../../domain/secret';
import { Keypad } from './Keypad';
import { PinDots } from './PinDots';
import { usePinEntry } from './use-pin-entry';

export interface PinPadProps {
  onSubmit: (pin: string) => Promise<void>;
  /** Why no PIN may be entered now ('Try again in 30 s'): shown, and the keypad takes no key until it is gone. */
  blocked?: string;
}

export function PinPad({ onSubmit, blocked = '' }: PinPadProps) {
  const entry = usePinEntry(onSubmit, blocked !== '');
  return (
    <div className="pin-pad">
      <PinDots length={entry.pin.length} failed={entry.error !== ''} />
      <p className="pin-error" role="alert">
        {entry.error.trim()}
      </p>
      {blocked && (
        <p className="pin-wait" role="status">
          {blocked}
        </p>
      )}
      <Keypad
        onDigit={entry.press}
        onBackspace={entry.backspace}
        disabled={entry.pin.length >= PIN_LENGTH}
        locked={entry.busy || blocked !== ''}
      />
    </div>
  );
}
