/**
 * Cards put on the server or taken off it directly, through the Firebase SDK as the signed-in user (the rules apply,
 * as to any client of the account), for tests that need the server to hold something before the app reads it or
 * to change under the app's feet. The app's own writes are what the tests check, so they are not used for this.
 */
import { ref, remove, set } from 'firebase/database';
import type { EncryptedCard } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { database } from './page-database';

export const putServerCard = (uid: string, card: EncryptedCard): Promise<void> =>
  set(ref(database, `${uid}/cards/${card.id}`), card);

export const removeServerCard = (uid: string, id: string): Promise<void> => remove(ref(database, `${uid}/cards/${id}`));

/** The account's password record written as another device of the account writes it (the rules apply). */
export const putServerRecord = (uid: string, record: SecretRecord): Promise<void> =>
  set(ref(database, `${uid}/auth/password`), record);
