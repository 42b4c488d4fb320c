/**
 * Backup files through the real engine worker: sealed under a passphrase-derived key that never leaves the worker,
 * opened back to every card exactly, and every way a file can be wrong (passphrase, tampering, version) answered
 * with a plain message. A file written by Node's own crypto to the documented format opens too.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { PlainCard, PlainCollection } from '../../src/domain/card';
import { Messages } from '../../src/domain/errors';
import type { BackupFile, BackupOpening } from '../../src/domain/transfer/sleeve-backup';
import { BackupMessages } from '../../src/domain/transfer/sleeve-backup';
import { BackupArgumentMessages, openBackup, sealBackup } from '../../worker/vault/backup';
import fixtureText from '../fixtures/transfer/sleeve-backup.json?raw';
import { expectNoKeyMaterial, recordedEngine } from '../support/boundary';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';
import { backupCards, BACKUP_PASSPHRASE as PASSPHRASE } from '../support/transfer-cards.mjs';

afterEach(stopEngines);

type Engine = ReturnType<typeof startEngine>;

const cards = makeCards(1105, 25);

async function derivationsOf<T>(engine: Engine, action: () => Promise<T>): Promise<[T, number]> {
  const before = await engine.derivationCount();
  const result = await action();
  return [result, (await engine.derivationCount()) - before];
}

/** The cards an opened backup gives, as Sleeve would store them. */
function openedCards(opening: Awaited<ReturnType<Engine['openBackup']>>): PlainCard[] {
  if (opening.status !== 'opened') throw new Error('the backup did not open');
  return opening.rows.map((row) => {
    if (!('card' in row)) throw new Error(`${row.where}: ${row.reason}`);
    return { id: row.card.id as string, data: row.card.data, modifiedAt: row.card.modifiedAt as number };
  });
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
const flipFirstByte = (base64: string) => {
  const bytes = bytesOf(base64);
  bytes[0] = (bytes[0] as number) ^ 0x01;
  return btoa(String.fromCharCode(...bytes));
};

describe('sealing a backup', () => {
  test('a documented, versioned file; one derivation; no key, salt-derived bits or plaintext leave the worker', async () => {
    const { engine, messages, stop } = recordedEngine();
    try {
      const before = await engine.derivationCount();
      const text = await engine.sealBackup(PASSPHRASE, cards);
      expect((await engine.derivationCount()) - before).toBe(1);
      const file = JSON.parse(text) as BackupFile;
      expect(Object.keys(file)).toEqual(['format', 'version', 'kdf', 'cipher', 'cipherText', 'exportedAt', 'count']);
      expect(file).toMatchObject({
        format: 'sleeve-backup',
        version: 1,
        kdf: { name: 'PBKDF2', hash: 'SHA-512', iterations: 210000 },
        cipher: { name: 'AES-GCM' },
        count: cards.length,
      });
      expect(bytesOf(file.kdf.salt)).toHaveLength(16);
      expect(bytesOf(file.cipher.iv)).toHaveLength(12);
      expect(new Date(file.exportedAt).toISOString()).toBe(file.exportedAt);
      // Nothing of any card is readable in the file.
      for (const card of cards) expect(text).not.toContain(card.data.number);
      expectNoKeyMaterial(messages);
    } finally {
      stop();
    }
  });

  test('two backups of the same cards under the same passphrase share no salt, IV or cipher text', async () => {
    const engine = startEngine();
    const [a, b] = [
      JSON.parse(await engine.sealBackup(PASSPHRASE, cards)),
      JSON.parse(await engine.sealBackup(PASSPHRASE, cards)),
    ];
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(a.cipher.iv).not.toBe(b.cipher.iv);
    expect(a.cipherText).not.toBe(b.cipherText);
  });

  test('no passphrase, or a card that is not a card, makes no file at all', async () => {
    const engine = startEngine();
    expect(await rejectionOf(engine.sealBackup('', cards))).toMatchObject({
      message: BackupArgumentMessages.noPassphrase,
      kind: 'invalid-argument',
    });
    const bad = [
      ...cards,
      { ...cards[0], id: 'Zz9Zz9Zz', data: { ...cards[0]?.data, network: 'PLAID' } } as unknown as PlainCard,
    ];
    expect(await rejectionOf(engine.sealBackup(PASSPHRASE, bad))).toMatchObject({
      message: BackupArgumentMessages.badCard,
      kind: 'invalid-argument',
    });
  });
});

describe('opening a backup', () => {
  test('gives back every card exactly: id, every field and date; one derivation', async () => {
    const engine = startEngine();
    const text = await engine.sealBackup(PASSPHRASE, cards);
    const [opening, derivations] = await derivationsOf<BackupOpening>(engine, () =>
      engine.openBackup(PASSPHRASE, text),
    );
    expect(derivations).toBe(1);
    expect(openedCards(opening)).toEqual(cards);
  });

  test('the passphrase is its UTF-8 bytes as typed: accents and emoji work, another normal form does not', async () => {
    const engine = startEngine();
    const text = await engine.sealBackup(PASSPHRASE, cards.slice(0, 2));
    expect(openedCards(await engine.openBackup(PASSPHRASE, text))).toEqual(cards.slice(0, 2));
    // 'ë' as e + combining diaeresis looks the same and is other bytes.
    expect(await engine.openBackup(PASSPHRASE.normalize('NFD'), text)).toEqual({ status: 'wrong-passphrase' });
  });

  test('a wrong passphrase is an answer, not a failure; the file is untouched and opens with the right one', async () => {
    const engine = startEngine();
    const text = await engine.sealBackup(PASSPHRASE, cards);
    const [opening, derivations] = await derivationsOf<BackupOpening>(engine, () =>
      engine.openBackup('Zoe’s backup', text),
    );
    expect(opening).toEqual({ status: 'wrong-passphrase' });
    expect(derivations).toBe(1);
    expect(BackupMessages.wrongPassphrase).toBe(
      'This passphrase does not open the backup, or the file was changed after it was saved.',
    );
    expect(openedCards(await engine.openBackup(PASSPHRASE, text))).toEqual(cards);
  });

  test('a file changed after it was saved does not open: cipher text, IV or salt', async () => {
    const engine = startEngine();
    const file = JSON.parse(await engine.sealBackup(PASSPHRASE, cards)) as BackupFile;
    const changed = [
      { ...file, cipherText: flipFirstByte(file.cipherText) },
      { ...file, cipher: { ...file.cipher, iv: flipFirstByte(file.cipher.iv) } },
      { ...file, kdf: { ...file.kdf, salt: flipFirstByte(file.kdf.salt) } },
    ];
    for (const tampered of changed) {
      expect(await engine.openBackup(PASSPHRASE, JSON.stringify(tampered))).toEqual({ status: 'wrong-passphrase' });
    }
  });

  test('a changed card count, a newer version or a damaged header is refused with its own plain message', async () => {
    const engine = startEngine();
    const file = JSON.parse(await engine.sealBackup(PASSPHRASE, cards)) as BackupFile;
    expect(await rejectionOf(engine.openBackup(PASSPHRASE, JSON.stringify({ ...file, count: 24 })))).toMatchObject({
      message: BackupMessages.countMismatch,
      kind: 'invalid-argument',
    });
    // Refused before any derivation: a header that is wrong costs the person no wait.
    const [newer, derivations] = await derivationsOf(engine, () =>
      rejectionOf(engine.openBackup(PASSPHRASE, JSON.stringify({ ...file, version: 2 }))),
    );
    expect(newer.message).toBe(BackupMessages.newer(2));
    expect(derivations).toBe(0);
    const huge = { ...file, kdf: { ...file.kdf, iterations: 1_000_000_000 } };
    expect((await rejectionOf(engine.openBackup(PASSPHRASE, JSON.stringify(huge)))).message).toBe(
      BackupMessages.damaged('its iteration count is outside what Sleeve accepts'),
    );
    expect((await rejectionOf(engine.openBackup(PASSPHRASE, '{"format": "sleeve-backup", '))).message).toBe(
      BackupMessages.notBackup,
    );
  });

  test('a backup written by another implementation (Node’s crypto) to the documented format opens', async () => {
    const engine = startEngine();
    expect(openedCards(await engine.openBackup(PASSPHRASE, fixtureText))).toEqual(backupCards);
  });
});

describe('sealing many cards for an import', () => {
  const plain = (some: PlainCard[]): PlainCollection => ({
    type: 'UNENCRYPTED',
    cards: Object.fromEntries(some.map((card) => [card.id, card])),
  });

  test('encrypted under the held key when a secret exists, each as sealCard seals one, and they open again', async () => {
    const engine = startEngine();
    await engine.createSecret('480213', plain([]), 1);
    const sealed = await engine.sealCards(cards, 'ENCRYPTED');
    expect(sealed.map((card) => card.id)).toEqual(cards.map((card) => card.id));
    expect(sealed.every((card) => 'cipherText' in card.data)).toBe(true);
    const opened = await engine.openCollection({
      type: 'ENCRYPTED',
      cards: Object.fromEntries(sealed.map((card) => [card.id, card])),
    } as never);
    expect(opened.unreadable).toEqual([]);
    expect([...opened.cards].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [...cards].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  test('without the key, or with one bad card, nothing is sealed', async () => {
    const engine = startEngine();
    expect((await rejectionOf(engine.sealCards(cards, 'ENCRYPTED'))).message).toBe(Messages.keyMissingEncrypt);
    const bad = [...cards, { ...cards[1], id: 'bad id!' } as PlainCard];
    expect((await rejectionOf(engine.sealCards(bad, 'UNENCRYPTED'))).message).toBe('Invalid card id: "bad id!"');
  });
});

describe('a backup’s card details', () => {
  test('each card’s details are sealed beside it and open back as they were; a card without has none', async () => {
    const [first, second] = cards;
    if (!first || !second) throw new Error('no cards');
    const details = new Map([
      [
        first.id,
        {
          pin: '0420',
          notes: 'Travel card',
          validFrom: '03/24',
          phone: '0800 123 456',
          website: 'https://bank.example/',
        },
      ],
    ]);
    const opening = await openBackup(PASSPHRASE, await sealBackup(PASSPHRASE, [first, second], new Date(), details));
    if (opening.status !== 'opened') throw new Error('the backup did not open');
    expect(opening.rows.map((row) => ('card' in row ? row.card.details : row.reason))).toEqual([
      details.get(first.id),
      { pin: '', notes: '', validFrom: '', phone: '', website: '' },
    ]);
  });
});
