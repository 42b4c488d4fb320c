/** /user/interface — the 'Mask card number' and 'Check for updates at launch' switches, stored in `sleeve/preferences`. */
import { useSnapshot } from 'valtio';
import { Page } from '../../app/Page';
import { SwitchRow } from '../../components/SwitchRow';
import { preferencesState, setCheckAtLaunch, setMaskCardNumber } from '../../state/preferences';

export function InterfaceScreen() {
  const { userInterface, updates } = useSnapshot(preferencesState);
  return (
    <Page title="User Interface" back={{ to: '~/user' }}>
      <div className="settings-section">
        <SwitchRow
          label="Mask card number"
          hint="Card numbers show only their first and last four digits; on a card's details, Reveal shows the rest."
          on={userInterface.maskCardNumber}
          onToggle={setMaskCardNumber}
        />
        <SwitchRow
          label="Check for updates at launch"
          hint="When Sleeve starts, it looks for a new version and offers to reload into it. When off, a new version starts once every Sleeve tab has been closed."
          on={updates.checkAtLaunch}
          onToggle={setCheckAtLaunch}
        />
      </div>
    </Page>
  );
}
