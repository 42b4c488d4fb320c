/**
 * pin/verify: the gate in front of sensitive actions when only a PIN exists. Runs the stored follow-up. A PIN is a
 * PIN wherever it is typed, so the attempt limit holds here too: the keypad waits out the same countdown.
 */
import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { PinPad } from '../../components/pin/PinPad';
import { useSecondsUntil } from '../../components/pin/use-seconds-until';
import { PinLimitMessages } from '../../domain/pin-attempts';
import { continueAfterVerification } from '../../state/gate';
import { verifyPin } from '../../state/secrets';
import { pinLimitState } from '../../state/store';

export function PinVerifyScreen({ back, lead = 'Enter your PIN to continue.' }: { back: string; lead?: string }) {
  const { tryAgainAt } = useSnapshot(pinLimitState);
  const seconds = useSecondsUntil(tryAgainAt);
  const submit = async (pin: string) => {
    await verifyPin(pin);
    await continueAfterVerification();
  };
  return (
    <Page title="Verify your PIN" back={{ to: back }}>
      <p className="lead">{lead}</p>
      <PinPad onSubmit={submit} purpose="current" blocked={seconds > 0 ? PinLimitMessages.tryAgainIn(seconds) : ''} />
    </Page>
  );
}
