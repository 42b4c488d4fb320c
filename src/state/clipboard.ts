/**
 * Card details copied to the clipboard, and cleared from it again after the seconds chosen in Security (30 by
 * default), but only while the clipboard still holds what Sleeve put there: something the person copied since, here
 * or elsewhere, stays.
 *
 * Whether the clipboard still holds Sleeve's copy is read only where the person has already allowed Sleeve to read the
 * clipboard, since asking would put a permission prompt in front of them half a minute after they copied. Where it
 * cannot be read, the clipboard is cleared if Sleeve copied nothing else since: something copied in another app in
 * those seconds is then cleared too, which is the smaller harm than a card number left behind.
 *
 * The browser lets a page write to the clipboard only while it has focus, so a clearing that falls due while Sleeve is
 * in the background happens as soon as it is back in front.
 */
import { reportError } from './report';
import { clipboardState, memoryOf, preferencesState } from './store';

export { clipboardState } from './store';

/** What Sleeve last wrote, while its clearing waits: the store keeps it outside any proxy (a card detail). */
const copy = () => memoryOf('clipboard');

/** Copies `value`; resolves to the copy's serial once the clipboard holds it, and schedules its clearing. */
export async function copyToClipboard(value: string): Promise<number> {
  // Absent outside a secure context; treated like any other refusal.
  if (!navigator.clipboard) throw new Error('No clipboard');
  await navigator.clipboard.writeText(value);
  const memory = copy();
  clearTimeout(memory.timer);
  clipboardState.serial += 1;
  const serial = clipboardState.serial;
  const seconds = preferencesState.security.clipboardClearSeconds;
  if (seconds === null) {
    memory.written = null;
    clipboardState.clearsAt = null;
    return serial;
  }
  memory.written = value;
  clipboardState.clearsAt = Date.now() + seconds * 1000;
  memory.timer = setTimeout(() => clearCopy(serial), seconds * 1000);
  return serial;
}

/** Whether Sleeve may read the clipboard without asking the person. */
async function mayRead(): Promise<boolean> {
  try {
    const status = await navigator.permissions.query({ name: 'clipboard-read' as PermissionName });
    return status.state === 'granted';
  } catch {
    // A browser that does not know this permission asks on every read.
    return false;
  }
}

/** Clears the clipboard if it still holds `copied`, or, when it cannot be read, clears it anyway. */
async function clearIfStillOurs(copied: string): Promise<void> {
  if (await mayRead()) {
    let holds: string;
    try {
      holds = await navigator.clipboard.readText();
    } catch {
      holds = copied;
    }
    if (holds !== copied) return;
  }
  await navigator.clipboard.writeText('');
}

function clearCopy(serial: number): void {
  // A later copy has its own clearing.
  const memory = copy();
  if (serial !== clipboardState.serial || memory.written === null) return;
  if (!document.hasFocus()) {
    window.addEventListener('focus', () => clearCopy(serial), { once: true });
    return;
  }
  const copied = memory.written;
  clearIfStillOurs(copied)
    .catch(reportError)
    .finally(() => {
      if (serial !== clipboardState.serial) return;
      memory.written = null;
      clipboardState.clearsAt = null;
    });
}
