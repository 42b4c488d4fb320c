/**
 * Creating the account's first password and changing it write the record by compare-and-set
 * (src/state/record-writes.ts, src/state/sign-in.ts), through the real worker, storage and local backend: refused up
 * front without a connection, with nothing queued; and when the server does not answer in time, told as not known
 * yet and settled by the server's answer when it comes.
 */
import { describe, expect, test, vi } from 'vitest';
import { ANSWER_WITHIN_MS } from '../../src/domain/answer-time';
import type { PlainCard } from '../../src/domain/card';
import type { SecretRecord } from '../../src/domain/secret';
import { accountServer as db } from '../../src/remote';
import { cardsState, saveCard } from '../../src/state/cards';
import { changePassword } from '../../src/state/change-password';
import { RecordWriteMessages } from '../../src/state/record-writes';
import { verifyPassword } from '../../src/state/secrets';
import { CreatePasswordMessages, continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { session } from '../../src/state/store';
import { toastState } from '../../src/state/toast';
import {
  createdAccount,
  freshDeviceEachTest,
  freshPage,
  googleSignIn,
  NEW_PASSWORD,
  PASSWORD,
} from '../support/account-flows';
import { rejectionOf } from '../support/engine-rejection';
import { appOffline, appOnline } from '../support/page-database';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

freshDeviceEachTest();

const storedRecord = () => (storedJson('auth') as { password: SecretRecord }).password;

describe('creating the first password', () => {
  test('offline, it is refused at once with nothing stored, and made once the connection is back', async () => {
    seedPlainCards(makeCards(74, 1));
    await freshPage();
    const uid = await googleSignIn();
    expect(await continueSignIn()).toBe('CREATE_PASSWORD');
    await appOffline();
    try {
      expect((await rejectionOf(createAccountPassword(PASSWORD))).message).toBe(CreatePasswordMessages.offline);
      expect((storedJson('auth') as { password: SecretRecord | null } | null)?.password ?? null).toBeNull();
    } finally {
      await appOnline();
    }
    expect(await db.readPasswordRecord(uid)).toBeNull();
    expect(await createAccountPassword(PASSWORD)).toBe('created');
    expect(await db.readPasswordRecord(uid)).toEqual(storedRecord());
  });
});

describe('changing the password', () => {
  test('offline, it is refused at once and nothing reaches the server once the connection is back', async () => {
    const uid = await createdAccount(makeCards(71, 1));
    const before = storedRecord();
    await appOffline();
    try {
      expect((await rejectionOf(changePassword(PASSWORD, NEW_PASSWORD))).message).toBe(RecordWriteMessages.offline);
      expect(storedRecord()).toEqual(before);
    } finally {
      await appOnline();
    }
    // A card saved after it reaches the server: had the change been queued, it would have gone first.
    await saveCard({ data: (makeCards(72, 1)[0] as PlainCard).data });
    await expect.poll(() => cardsState.waiting).toBe(0);
    expect(await db.readPasswordRecord(uid)).toEqual(before);
    await verifyPassword(PASSWORD);
  });

  test('without an answer in time it is told as not known yet, then settled by the server’s answer', async () => {
    const uid = await createdAccount(makeCards(73, 1));
    const before = storedRecord();
    const account = session();
    if (!account) throw new Error('no sync session');
    // The connection drops after the check that it is up: the write waits in the SDK for the connection to return.
    vi.spyOn(account, 'connected').mockResolvedValue(true);
    await appOffline();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const changing = rejectionOf(changePassword(PASSWORD, NEW_PASSWORD));
      await expect.poll(() => vi.getTimerCount()).toBeGreaterThan(0);
      await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS);
      expect((await changing).message).toBe(RecordWriteMessages.unknown);
    } finally {
      vi.useRealTimers();
    }
    // Not stored here while unknown: the old password still opens this device.
    expect(storedRecord()).toEqual(before);
    await appOnline();
    await expect.poll(() => toastState.message, { timeout: 15_000 }).toBe(RecordWriteMessages.landedLate);
    const after = storedRecord();
    expect(after).not.toEqual(before);
    expect(await db.readPasswordRecord(uid)).toEqual(after);
    await verifyPassword(NEW_PASSWORD);
  });
});
