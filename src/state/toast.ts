/** The toast at the bottom of the screen: green for success, red for error, gone after 3 s. */
import { messageOf } from '../domain/errors';
import { reportError } from './report';
import { memoryOf, toastState } from './store';

export { toastState } from './store';

export const TOAST_DURATION_MS = 3000;

export type ToastType = 'SUCCESS' | 'ERROR';

export function showToast(message: string, type: ToastType = 'SUCCESS'): void {
  const memory = memoryOf('toast');
  clearTimeout(memory.timer);
  toastState.message = message;
  toastState.type = type;
  toastState.visible = true;
  toastState.serial += 1;
  memory.timer = setTimeout(hideToast, TOAST_DURATION_MS);
}

export function hideToast(): void {
  clearTimeout(memoryOf('toast').timer);
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
