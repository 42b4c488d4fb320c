/** What the deploy tests share: the repository root, a real project's settings, and how a refusal is read. */
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../..');

/** The settings of a real (made-up) Firebase project, as a person would put them in .env.local. */
export const PROJECT = {
  VITE_FIREBASE_API_KEY: 'AIzaSyB-sleeve_example-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'sleeve-example.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'sleeve-example',
  VITE_FIREBASE_DATABASE_URL: 'https://sleeve-example-default-rtdb.firebaseio.com',
  VITE_FIREBASE_APP_ID: '1:123456789:web:abcdef0123',
};

/**
 * The message `check` refuses settings with, as an error of class `Refusal`; any other error, or none, fails the
 * test, so a refusal for the wrong reason is not taken for the right one.
 */
export const refusalOf =
  (check: (env: Record<string, string>) => unknown, Refusal: abstract new (message: string) => Error) =>
  (env: Record<string, string>): string => {
    try {
      check(env);
    } catch (error) {
      if (error instanceof Refusal) return error.message;
      throw error;
    }
    throw new Error('The settings were accepted');
  };
