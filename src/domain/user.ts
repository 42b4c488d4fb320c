/** The signed-in person as the app shows them (SPEC.md §3). */
export interface SignedInUser {
  uid: string;
  /** First word of the display name, 'Anonymous' when there is none. */
  name: string;
  fullName: string;
}

export function toSignedInUser(uid: string, displayName: string | null | undefined): SignedInUser {
  const fullName = (displayName ?? '').trim();
  const name = fullName.split(/\s+/)[0] || 'Anonymous';
  return { uid, name, fullName: fullName || name };
}
