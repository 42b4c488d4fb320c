/**
 * The page's side of the account's subscription (src/remote/heard-account.ts): copies of the account that arrive
 * while one is read give way to the newest, `caughtUp` waits for what was heard, and nothing is handed on once
 * stopped. Copies of many cards arrive in parts, as the database worker sends them.
 */
import { describe, expect, test } from 'vitest';
import { partsNow } from '../../src/domain/card-parts';
import { PartedValue } from '../../src/domain/collection-transfer';
import type { HeardCards } from '../../src/domain/server-shapes';
import { HeardAccount } from '../../src/remote/heard-account';

/** A copy of an account holding `count` cards, as the worker hands it on: in parts once there are many. */
function copyOf(count: number, first = 0): unknown {
  const cards = Object.fromEntries(
    Array.from({ length: count }, (_, index) => {
      const id = `Card${String(first + index).padStart(4, '0')}`;
      return [id, { id, data: { cipherText: `c${index}`, iv: `i${index}` }, modifiedAt: 1_700_000_000_000 + index }];
    }),
  );
  const heard = { collection: { type: 'ENCRYPTED', cards }, malformed: [], deletions: {}, details: [] };
  const parts = partsNow.make(heard);
  return parts ? new PartedValue(parts) : heard;
}

/** An account whose copies, as handed on, are counted by their cards. */
function countingAccount(): { account: HeardAccount; handed: number[] } {
  const handed: number[] = [];
  const account = new HeardAccount(
    (heard: HeardCards) => handed.push(Object.keys(heard.collection.cards).length),
    (error) => {
      throw error;
    },
  );
  return { account, handed };
}

describe('the account as the page takes it in', () => {
  test('copies heard while one is read give way to the newest; caughtUp waits for it', async () => {
    const { account, handed } = countingAccount();
    account.heard(copyOf(1_000));
    // Arrive while the first is still being read: the second is passed over for the third.
    account.heard(copyOf(1_001));
    account.heard(copyOf(1_002));
    await account.caughtUp();
    expect(handed).toEqual([1_000, 1_002]);
    account.heard(copyOf(3));
    await account.caughtUp();
    expect(handed).toEqual([1_000, 1_002, 3]);
  });

  test('a copy in parts is read whole, card for card', async () => {
    const handed: HeardCards[] = [];
    const account = new HeardAccount(
      (heard) => handed.push(heard),
      (error) => {
        throw error;
      },
    );
    const copy = copyOf(600, 7);
    expect(copy).toBeInstanceOf(PartedValue);
    account.heard(copy);
    await account.caughtUp();
    const cards = handed[0]?.collection.cards ?? {};
    expect(Object.keys(cards)).toHaveLength(600);
    expect(cards.Card0007).toEqual({
      id: 'Card0007',
      data: { cipherText: 'c0', iv: 'i0' },
      modifiedAt: 1_700_000_000_000,
    });
  });

  test('nothing is handed on once stopped, not even a copy being read', async () => {
    const { account, handed } = countingAccount();
    account.heard(copyOf(1_000));
    account.stop();
    await account.caughtUp();
    account.heard(copyOf(2));
    await account.caughtUp();
    expect(handed).toEqual([]);
  });
});
