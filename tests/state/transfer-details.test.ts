/**
 * Cards' details through import and export with the real worker and real storage. Signed out, an import stores a
 * file's details with its cards (sealed under a PIN once one exists) and its preview says what each card brings;
 * signed in, the account keeps them beside the cards, sealed under its key. What
 * this device keeps goes out in a backup, a Bitwarden file and a Credential Exchange file, and each file read back
 * brings every detail as it was.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { type CardDetails, NO_DETAILS } from '../../src/domain/card-details';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState, saveCard } from '../../src/state/cards';
import { detailsOf } from '../../src/state/details';
import { signOut } from '../../src/state/leave';
import { startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/pin-changes';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { detailsState } from '../../src/state/store';
import { exportBackup, exportPlain, importCards } from '../../src/state/transfer';
import protonText from '../fixtures/transfer/proton-pass-details.json?raw';
import { googleSignIn, serverValue, uniqueSub } from '../support/google';
import { PASSPHRASE, previewOf } from '../support/import-preview';
import { inClear } from '../support/in-clear';
import { seedPlainCards, storedJson } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

/** Every card's details on screen, keyed by the card's number (ids change when a card comes in again). */
function detailsByNumber(): Map<string, CardDetails> {
  return new Map(
    cardsState.cards.flatMap((card) => {
      const details = detailsOf(card.id);
      return details ? [[card.data.number, details] as [string, CardDetails]] : [];
    }),
  );
}

beforeEach(async () => {
  await getEngine().lock();
});

describe("cards' details in and out", () => {
  afterEach(async () => {
    if (auth.currentUser) await signOut();
    await firebaseSignOut(auth);
  });

  test('an import says what each card brings and stores it with the card, sealed once a PIN exists', async () => {
    await startApp();
    const preview = await previewOf(protonText);
    const said = preview.add.map((entry) => entry.brings).filter(Boolean);
    expect(said.length).toBeGreaterThan(0);
    for (const line of said) expect(line).toMatch(/^Also brings: [^()]+$/);
    expect(said.some((line) => line?.startsWith('Also brings: card PIN'))).toBe(true);
    await importCards(preview.add.map((entry) => entry.card));
    const imported = detailsByNumber();
    expect([...imported.values()].some((details) => details.pin === '9753')).toBe(true);
    expect(Object.keys(detailsState.byCard)).toHaveLength(imported.size);
    // Each card's details as the file gave them.
    for (const entry of preview.add) {
      const kept = imported.get(entry.card.data.number);
      if (entry.brings) expect(kept).toEqual(entry.card.details);
      else expect(kept).toBeUndefined();
    }
    expect(JSON.stringify(storedJson('details'))).toContain('9753');
    await createPin('274951');
    expect(inClear(storedJson('details'), '9753')).toBe(false);
  });

  test('signed in, the preview says what each card brings, and the account keeps it beside the card', async () => {
    await startApp();
    const uid = await googleSignIn(uniqueSub());
    await continueSignIn();
    await createAccountPassword('Account password 1!');
    const preview = await previewOf(protonText);
    const said = preview.add.map((entry) => entry.brings).filter(Boolean);
    expect(said.length).toBeGreaterThan(0);
    for (const line of said) expect(line).toMatch(/^Also brings: [^()]+$/);
    await importCards(preview.add.map((entry) => entry.card));
    const imported = detailsByNumber();
    expect([...imported.values()].some((details) => details.pin === '9753')).toBe(true);
    // On the server beside each card that brought some, sealed: the PIN is nowhere in the clear.
    const onServer = async () => Object.keys(((await serverValue(`${uid}/details`)) as object | null) ?? {}).length;
    await expect.poll(onServer).toBe(imported.size);
    expect(inClear(await serverValue(uid), '9753')).toBe(false);
  });

  test('what this device keeps goes out in every export, and each file read back brings it as it was', async () => {
    const cards = makeCards(77, 3) as PlainCard[];
    seedPlainCards(cards);
    await startApp();
    const kept: CardDetails = {
      pin: '9753',
      notes: 'Reisekarte — keine Gebühren 😀\nzweite Zeile',
      validFrom: '03/24',
      phone: '+49 30 1234567',
      website: 'https://bank.example/',
    };
    const card = cards[0] as PlainCard;
    await saveCard({ id: card.id, data: card.data, details: kept });
    await createPin('274951');
    const files = [await exportBackup(PASSPHRASE), await exportPlain('bitwarden'), await exportPlain('cxf')];
    for (const file of files) {
      // Only the plain files hold the PIN in the clear; the backup is encrypted.
      expect(file.parts.join('').includes('9753'), file.fileName).toBe(!file.fileName.startsWith('sleeve-backup'));
      const read = await previewOf(file.parts.join(''));
      const all = [...read.add, ...read.already].map((entry) => entry.card);
      const back = all.find((entry) => entry.data.number === card.data.number);
      expect(back?.details, file.fileName).toEqual(kept);
      const others = all.filter((entry) => entry.data.number !== card.data.number);
      for (const other of others) expect(other.details, file.fileName).toEqual(NO_DETAILS);
    }
  });
});
