/**
 * The last question before an account is deleted, asked from the Danger Zone and from 'Forgot password?'. The
 * deletion runs once the sheet has gone; deleteAccount() announces its own success.
 */
import { afterSheetCloses, ConfirmDialog } from '../../components/ConfirmDialog';
import { deleteAccount } from '../../state/leave';
import { showError } from '../../state/toast';

export const DELETE_ACCOUNT_TEXTS = [
  'Are you sure you want to delete your account?',
  'All your cards will be deleted from the server and this device. This action cannot be undone.',
] as const;

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      title="Delete account"
      texts={DELETE_ACCOUNT_TEXTS}
      confirmLabel="Delete"
      onCancel={onClose}
      onConfirm={() => afterSheetCloses(onClose, () => deleteAccount().catch(showError))}
    />
  );
}
