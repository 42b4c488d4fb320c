/**
 * The first entry of a new PIN, held between 'Create a PIN' and 'Confirm your PIN'. Kept in this module, not in a
 * proxy: it is a secret for a few seconds, never view data.
 */
let draft = '';

export const holdPinDraft = (pin: string): void => {
  draft = pin;
};

export const peekPinDraft = (): string => draft;

export const clearPinDraft = (): void => {
  draft = '';
};
