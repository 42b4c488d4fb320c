/**
 * /user/data-management — moving cards in and out (export to a file, import from one), and the Danger Zone: delete
 * every card after a confirmation.
 */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Page } from '../../app/Page';
import { afterSheetCloses, ConfirmDialog } from '../../components/ConfirmDialog';
import { DangerZone } from '../../components/DangerZone';
import { deleteAllCards } from '../../state/cards';
import { gateFor } from '../../state/gate';
import { goBack } from '../../state/going-back';
import { showError, showToast } from '../../state/toast';
import { SettingsLink, SettingsSection } from './Settings';

/**
 * The whole confirmed action in one function, so a verification gate (password or PIN first) can wrap it
 * without this screen changing.
 */
export async function deleteAllCardsAndReturn(stepsBack = 1): Promise<void> {
  try {
    await deleteAllCards();
  } catch (error) {
    showError(error);
    return;
  }
  showToast('Deleted all cards');
  // Opened straight from its address there is no previous screen of Sleeve: You is the one above this screen.
  goBack(stepsBack, '/user');
}

export function DataManagementScreen() {
  const [confirming, setConfirming] = useState(false);
  const [, navigate] = useLocation();

  /** Behind the gate: the verify screen adds a step, so the person returns past it to where they came from. */
  const confirmed = () => {
    const route = gateFor(() => deleteAllCardsAndReturn(2));
    if (route) navigate(`/data-management/${route}`);
    else void deleteAllCardsAndReturn();
  };
  return (
    <Page title="Data Management" back={{ to: '~/user' }}>
      <SettingsSection title="Your cards">
        <SettingsLink to="/data-management/export">Export cards</SettingsLink>
        <SettingsLink to="/data-management/import">Import cards</SettingsLink>
      </SettingsSection>
      <DangerZone
        hint="Removes every saved card. There is no way to get them back."
        action="Delete all cards"
        onAsk={() => setConfirming(true)}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete all cards"
        texts={['Are you sure you want to delete all cards?', 'This action cannot be undone.']}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() => afterSheetCloses(() => setConfirming(false), confirmed)}
      />
    </Page>
  );
}
