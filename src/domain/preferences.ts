/** What `sleeve/preferences` holds. */
export interface Preferences {
  userInterface: { maskCardNumber: boolean };
  updates: { checkAtLaunch: boolean };
  security: SecurityPreferences;
}

/** Minutes without activity before Sleeve locks itself; `null`: never. Only while a PIN or password exists. */
export const LOCK_AFTER_MINUTES = [1, 5, 15, 60] as const;
export type LockAfterMinutes = (typeof LOCK_AFTER_MINUTES)[number] | null;

/** Seconds after which a copied card detail is cleared from the clipboard; `null`: never. */
export const CLIPBOARD_CLEAR_SECONDS = [15, 30, 60, 120] as const;
export type ClipboardClearSeconds = (typeof CLIPBOARD_CLEAR_SECONDS)[number] | null;

export interface SecurityPreferences {
  lockAfterMinutes: LockAfterMinutes;
  clipboardClearSeconds: ClipboardClearSeconds;
  /**
   * 'Ask before showing PINs': revealing or copying a card's PIN first asks for the PIN or password the verification
   * gate asks for. Only while one exists; without one there is nothing to ask for.
   */
  askBeforeShowingPins: boolean;
}

export const defaultSecurityPreferences = (): SecurityPreferences => ({
  lockAfterMinutes: 5,
  clipboardClearSeconds: 30,
  askBeforeShowingPins: false,
});

export const defaultPreferences = (): Preferences => ({
  userInterface: { maskCardNumber: false },
  updates: { checkAtLaunch: true },
  security: defaultSecurityPreferences(),
});

export const isLockAfterMinutes = (value: unknown): value is LockAfterMinutes =>
  value === null || (LOCK_AFTER_MINUTES as readonly unknown[]).includes(value);

export const isClipboardClearSeconds = (value: unknown): value is ClipboardClearSeconds =>
  value === null || (CLIPBOARD_CLEAR_SECONDS as readonly unknown[]).includes(value);
