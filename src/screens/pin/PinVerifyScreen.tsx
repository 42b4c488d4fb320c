/** pin/verify: the gate in front of sensitive actions when only a PIN exists. Runs the stored follow-up. */
import { Page } from '../../app/Page';
import { PinPad } from '../../components/pin/PinPad';
import { continueAfterVerification } from '../../state/gate';
import { verifyPin } from '../../state/secrets';

export function PinVerifyScreen({ back }: { back: string }) {
  const submit = async (pin: string) => {
    await verifyPin(pin);
    await continueAfterVerification();
  };
  return (
    <Page title="Verify your PIN" back={{ to: back }}>
      <p className="lead">Enter your PIN to continue.</p>
      <PinPad onSubmit={submit} purpose="current" />
    </Page>
  );
}
