/** Six dots, filled as digits are entered; red and shaking after a failure. */
import { PIN_LENGTH } from '../../domain/secret';

export function PinDots({ length, failed }: { length: number; failed: boolean }) {
  return (
    <div
      className="pin-dots"
      data-failed={failed ? 'true' : 'false'}
      role="img"
      aria-label={`${length} of ${PIN_LENGTH} digits entered`}
    >
      {Array.from({ length: PIN_LENGTH }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the six dots are positions, not items
        <span key={i} className="pin-dot" data-filled={i < length ? 'true' : 'false'} />
      ))}
    </div>
  );
}
