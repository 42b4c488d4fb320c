/** The toast at the bottom of the screen: green for success, red for error, gone after 3 s. */
import { proxy } from 'valtio';
import { messageOf } from '../domain/errors';
import { reportError } from './report';

export const TOAST_DURATION_MS = 3000;

export type ToastType = 'SUCCESS' | 'ERROR';

export const toastState = proxy({
  visible: false,
  message: '',
  type: 'SUCCESS' as ToastType,
  /** Changes with every toast so the same message shown twice still restarts its timer and announcement. */
  serial: 0,
});

let hideTimer: ReturnType<typeof setTimeout> | undefined;

export function showToast(message: string, type: ToastType = 'SUCCESS'): void {
  clearTimeout(hideTimer);
  toastState.message = message;
  toastState.type = type;
  toastState.visible = true;
  toastState.serial += 1;
  hideTimer = setTimeout(hideToast, TOAST_DURATION_MS);
}

export function hideToast(): void {
  clearTimeout(hideTimer);
  toastState.visible = false;
}

/**
 * SPEC.md §8: any caught error with a non-blank message is shown with its own text. One without a message is
 * unexpected, so it goes to the error handler instead of puzzling the person with an empty red box.
 */
export function showError(error: unknown): void {
  const message = messageOf(error);
  if (message) showToast(message, 'ERROR');
  else reportError(error);
}
