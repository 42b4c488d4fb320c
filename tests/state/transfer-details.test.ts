/**
 * Cards' details through import and export with the real worker and real storage. Until the account keeps them, an
 * import does not store a file's details and its preview says so, card by card; what this device keeps (a card's
 * details saved with it) goes out in a backup, a Bitwarden file and a Credential Exchange file, and each file read
 * back brings every detail as it was.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import type { PlainCard } from '../../src/domain/card';
import { type CardDetails, NO_DETAILS } from '../../src/domain/card-details';
import { getEngine } from '../../src/engine';
import { saveCard } from '../../src/state/cards';
import { startApp } from '../../src/state/lifecycle';
import { createPin } from '../../src/state/secrets';
import { exportBackup, exportPlain, importCards } from '../../src/state/transfer';
import protonText from '../fixtures/transfer/proton-pass-details.json?raw';
import { PASSPHRASE, previewOf } from '../support/import-preview';
import { seedPlainCards } from '../support/seed-storage';
import { makeCards } from '../support/seeded';

beforeEach(async () => {
  await getEngine().lock();
});

describe("cards' details in and out", () => {
  test('an import says, card by card, which details it leaves out, and stores none', async () => {
    await startApp();
    const preview = await previewOf(protonText);
    const said = preview.add.map((entry) => entry.brings).filter(Boolean);
    expect(said.length).toBeGreaterThan(0);
    for (const line of said) expect(line).toMatch(/^Left out: .+ \(Sleeve does not keep these yet\)$/);
    expect(said.some((line) => line?.startsWith('Left out: card PIN'))).toBe(true);
    await importCards(preview.add.map((entry) => entry.card));
    expect(localStorage.getItem('sleeve/details')).toBeNull();
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
    const files = [await exportBackup(PASSPHRASE), exportPlain('bitwarden'), exportPlain('cxf')];
    for (const file of files) {
      // Only the plain files hold the PIN in the clear; the backup is encrypted.
      expect(file.text.includes('9753'), file.fileName).toBe(!file.fileName.startsWith('sleeve-backup'));
      const read = await previewOf(file.text);
      const all = [...read.add, ...read.already].map((entry) => entry.card);
      const back = all.find((entry) => entry.data.number === card.data.number);
      expect(back?.details, file.fileName).toEqual(kept);
      const others = all.filter((entry) => entry.data.number !== card.data.number);
      for (const other of others) expect(other.details, file.fileName).toEqual(NO_DETAILS);
    }
  });
});
