/** Dots, message and keypad together: the whole PIN entry of every PIN screen. */

import { PIN_LENGTH } from '../../domain/secret';
import { Keypad } from './Keypad';
import { PinDots } from './PinDots';
import { usePinEntry } from './use-pin-entry';

export function PinPad({ onSubmit }: { onSubmit: (pin: string) => Promise<void> }) {
  const entry = usePinEntry(onSubmit);
  return (
    <div className="pin-pad">
      <PinDots length={entry.pin.length} failed={entry.error !== ''} />
      <p className="pin-error" role="alert">
        {entry.error.trim()}
      </p>
      <Keypad
        onDigit={entry.press}
        onBackspace={entry.backspace}
        disabled={entry.pin.length >= PIN_LENGTH}
        locked={entry.busy}
      />
    </div>
  );
}
