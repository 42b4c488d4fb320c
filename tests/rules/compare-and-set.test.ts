/**
 * A transaction (the SDK's compare-and-set) against the local backend as against Firebase's servers: a write made
 * from a value the server no longer holds is answered as stale and changes nothing, neither the data nor what the
 * rules judge later writes against. The local server once kept such a refused value in its rules engine's copy of the
 * data (scripts/compare-before-writing.mjs): a device that lost the race for an account's first password left its
 * record there, and every key replacement of the account was refused after it.
 */
import { onValue, ref, runTransaction, set, update } from 'firebase/database';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ada,
  adaElsewhere,
  base64,
  type Client,
  closeClient,
  encryptedCard,
  passwordRecord,
  putCard,
  read,
  signInPeople,
} from './clients';

signInPeople();

const T0 = 1_700_000_000_000;
const opened: Client[] = [];
afterEach(async () => {
  for (const c of opened.splice(0)) await closeClient(c);
});

describe('a compare-and-set from a stale value', () => {
  it('is refused, and later writes are judged against what the server holds', async () => {
    await set(ref(ada.db, `${ada.uid}/auth/password`), passwordRecord(T0));
    await putCard(ada, encryptedCard());
    // Another device, which has read nothing, creates a first record only where there is none: as the app does.
    const laptop = await adaElsewhere();
    opened.push(laptop);
    const laptopRecord = { ...passwordRecord(T0 + 100), salt: base64(16, 9) };
    const result = await runTransaction(
      ref(laptop.db, `${laptop.uid}/auth/password`),
      (current: unknown) => (current === null ? laptopRecord : undefined),
      { applyLocally: false },
    );
    expect(result.committed).toBe(false);
    expect(result.snapshot.val()).toEqual(passwordRecord(T0));
    expect(await read(ada.db, `${ada.uid}/auth/password`)).toEqual(passwordRecord(T0));

    // A record dated between the two, and a key replacement naming the record the server holds: both taken, as the
    // refused record never was the account's.
    await update(ref(ada.db, ada.uid as string), {
      'auth/password': passwordRecord(T0 + 50, 60),
      'auth/retiredKeys': {
        ciphertext: base64(48),
        iv: base64(12),
        replaced: passwordRecord(T0).encryptedDek.ciphertext,
      },
    });
    expect(await read(ada.db, `${ada.uid}/auth/password`)).toEqual(passwordRecord(T0 + 50, 60));
  });

  it('takes a compare-and-set from the value the server holds', async () => {
    await set(ref(ada.db, `${ada.uid}/auth/password`), passwordRecord(T0));
    const laptop = await adaElsewhere();
    opened.push(laptop);
    const path = ref(laptop.db, `${laptop.uid}/auth/password`);
    // Heard first, as the app hears its account: the transaction starts from that value.
    let stopListening = () => {};
    await new Promise<void>((heard) => {
      stopListening = onValue(path, () => heard());
    });
    const result = await runTransaction(path, (current: unknown) =>
      (current as { modifiedAt?: number } | null)?.modifiedAt === T0 ? passwordRecord(T0 + 1) : undefined,
    );
    stopListening();
    expect(result.committed).toBe(true);
    expect(await read(ada.db, `${ada.uid}/auth/password`)).toEqual(passwordRecord(T0 + 1));
  });
});
