/** The one place unexpected failures go: the console while developing, nowhere the person has to look. */
export function reportError(error: unknown): void {
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') console.error(error);
}
