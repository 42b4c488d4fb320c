/**
 * Cards' details through import and export with the real worker and real storage: a Proton Pass file's PINs, notes
 * and bank numbers are stored with their cards (encrypted under a PIN), come out again in a backup, a Bitwarden file
 * and a Credential Exchange file, and come back from each of them as they were.
 */
import { signOut as firebaseSignOut } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { CardDetails } from '../../src/domain/card-details';
import { readImportFile } from '../../src/domain/transfer/read-file';
import { getEngine } from '../../src/engine';
import { auth } from '../../src/remote/firebase';
import { cardsState } from '../../src/state/cards';
import { detailsOf } from '../../src/state/details';
import { signOut } from '../../src/state/leave';
import { eraseDevice, startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/secrets';
import { continueSignIn, createAccountPassword } from '../../src/state/sign-in';
import { detailsState } from '../../src/state/store';
import { buildPreview, exportBackup, exportPlain, importCards, openBackupFile } from '../../src/state/transfer';
import protonText from '../fixtures/transfer/proton-pass-details.json?raw';
import { googleSignIn, uniqueSub } from '../support/google';
import { storedJson } from '../support/seed-storage';

const PASSPHRASE = 'Zoë’s backup: 🐎 battery staple!';
const rose = () => 'ROSE' as const;

async function previewOf(text: string) {
  const read = await readImportFile(new TextEncoder().encode(text), rose);
  if (read.kind === 'csv') throw new Error('read as CSV');
  const parse = read.kind === 'backup' ? await openBackupFile(PASSPHRASE, read.text) : read.parse;
  if (!parse) throw new Error('the passphrase did not open the backup');
  return buildPreview(parse);
}

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
  await startApp();
});

describe("cards' details in and out", () => {
  afterEach(async () => {
    if (auth.currentUser) await signOut();
    await firebaseSignOut(auth);
  });

  test('signed in, the preview says the details are left out, since the account does not keep them yet', async () => {
    await googleSignIn(uniqueSub());
    await continueSignIn();
    await createAccountPassword('Account password 1!');
    const preview = await previewOf(protonText);
    const said = preview.add.map((entry) => entry.brings).filter(Boolean);
    expect(said.length).toBeGreaterThan(0);
    for (const line of said) expect(line).toMatch(/^Left out: .+ \(your account does not keep these yet\)$/);
  });

  test('a Proton Pass import stores them with the cards, and every export brings them back', async () => {
    const preview = await previewOf(protonText);
    expect(preview.add.some((entry) => entry.brings?.startsWith('Also brings: card PIN'))).toBe(true);
    await importCards(preview.add.map((entry) => entry.card));
    const imported = detailsByNumber();
    expect([...imported.values()].some((details) => details.pin === '9753')).toBe(true);
    expect(Object.keys(detailsState.byCard)).toHaveLength(imported.size);
    await createPin('274951');
    expect(JSON.stringify(storedJson('details'))).not.toContain('9753');

    const files = [await exportBackup(PASSPHRASE), exportPlain('bitwarden'), exportPlain('cxf')];
    for (const file of files) {
      expect(file.text.includes('9753'), file.fileName).toBe(!file.fileName.startsWith('sleeve-backup'));
      await eraseDevice();
      expect(detailsState.byCard).toEqual({});
      const again = await previewOf(file.text);
      await importCards(again.add.map((entry) => entry.card));
      expect(detailsByNumber(), file.fileName).toEqual(imported);
    }
  });
});
