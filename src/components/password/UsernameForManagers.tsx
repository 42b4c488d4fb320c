/**
 * The account a password belongs to, for password managers only: they file and offer a password by the username
 * in its form, and a form with none gets a saved password without a name, or none offered. Hidden and read-only,
 * so nobody sees or edits it; absent when no account is known.
 */
export function UsernameForManagers({ username }: { username: string }) {
  if (!username) return null;
  return <input type="text" name="username" autoComplete="username" value={username} readOnly hidden tabIndex={-1} />;
}
