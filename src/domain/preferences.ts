/** What `sleeve/preferences` holds. */
export interface Preferences {
  userInterface: { maskCardNumber: boolean };
  updates: { checkAtLaunch: boolean };
}

export const defaultPreferences = (): Preferences => ({
  userInterface: { maskCardNumber: false },
  updates: { checkAtLaunch: true },
});
