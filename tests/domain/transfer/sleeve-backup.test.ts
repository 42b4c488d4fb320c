import { describe, expect, test } from 'vitest';
import { NO_DETAILS } from '../../../src/domain/card-details';
import { readImportFile } from '../../../src/domain/transfer/read-file';
import { BackupMessages, backupCard, backupRows, readBackupFile } from '../../../src/domain/transfer/sleeve-backup';
import { twoCards } from '../../support/transfer-cards.mjs';
import { detailsAndChanges, expectEveryDetailBack, fixtureBytes, fixtureJson, sky } from './fixtures';

const valid = () =>
  structuredClone(fixtureJson('sleeve-backup.json')) as Record<string, unknown> & {
    kdf: Record<string, unknown>;
    cipher: Record<string, unknown>;
  };

describe('the backup file’s header', () => {
  test('a backup is told apart by its content and waits for its passphrase; nothing is decrypted on the page', async () => {
    const bytes = fixtureBytes('sleeve-backup.json');
    expect(await readImportFile(bytes, sky)).toEqual({
      kind: 'backup',
      text: new TextDecoder().decode(bytes),
      count: 2,
    });
  });

  test('version, key derivation, cipher, salt, IV, cipher text and count are each checked, with a plain reason', () => {
    const cases: [string, (file: ReturnType<typeof valid>) => void, string][] = [
      ['a newer version', (file) => (file.version = 2), BackupMessages.newer(2)],
      ['no version', (file) => delete file.version, BackupMessages.damaged('its version is not a whole number')],
      [
        'another hash',
        (file) => (file.kdf.hash = 'SHA-256'),
        BackupMessages.damaged('its key derivation is not PBKDF2 with SHA-512'),
      ],
      [
        'fewer iterations',
        (file) => (file.kdf.iterations = 1000),
        BackupMessages.damaged('its iteration count is outside what Sleeve accepts'),
      ],
      [
        'far more iterations',
        (file) => (file.kdf.iterations = 100_000_000),
        BackupMessages.damaged('its iteration count is outside what Sleeve accepts'),
      ],
      [
        'a short salt',
        (file) => (file.kdf.salt = 'AAAA'),
        BackupMessages.damaged('its salt is not 16 bytes of base64'),
      ],
      ['another cipher', (file) => (file.cipher.name = 'AES-CBC'), BackupMessages.damaged('its cipher is not AES-GCM')],
      [
        'a bad IV',
        (file) => (file.cipher.iv = 'not base64!'),
        BackupMessages.damaged('its IV is not 12 bytes of base64'),
      ],
      ['no cipher text', (file) => (file.cipherText = ''), BackupMessages.damaged('its cipher text is not base64')],
      ['a negative count', (file) => (file.count = -1), BackupMessages.damaged('its card count is not a whole number')],
    ];
    for (const [, change, reason] of cases) {
      const file = valid();
      change(file);
      expect(readBackupFile(file)).toEqual({ ok: false, reason });
    }
    expect(readBackupFile(valid())).toMatchObject({ ok: true });
    expect(readBackupFile({ format: 'something-else' })).toEqual({ ok: false, reason: BackupMessages.notBackup });
  });

  test('a damaged header stops the import before a passphrase is asked for', async () => {
    const file = valid();
    file.version = 7;
    await expect(readImportFile(new TextEncoder().encode(JSON.stringify(file)), sky)).rejects.toThrow(
      BackupMessages.newer(7),
    );
  });
});

describe('the backup’s cards', () => {
  const card = {
    id: 'Bk7xQ2pL',
    data: {
      number: '4111111111111111',
      expiry: '01/30',
      cardholder: 'Ada Lovelace',
      issuer: '',
      cvv: '',
      network: 'VISA',
      theme: 'SKY',
    },
    modifiedAt: 1709287200000,
  };

  test('each card keeps its id, data and date exactly; one that is not card data is a row with its reason', () => {
    expect(
      backupRows({
        cards: [card, { ...card, id: 'not an id' }, { ...card, data: { ...card.data, theme: 'PLAID' } }, 'x'],
      }),
    ).toEqual([
      {
        where: 'Card 1',
        card: { id: 'Bk7xQ2pL', data: card.data, modifiedAt: 1709287200000, changes: [], details: NO_DETAILS },
      },
      // An id Sleeve could not have made is not kept: the card comes in under a new one.
      { where: 'Card 2', card: { data: card.data, modifiedAt: 1709287200000, changes: [], details: NO_DETAILS } },
      { where: 'Card 3', reason: 'its theme "PLAID" is unknown' },
      { where: 'Card 4', reason: 'it is not a card' },
    ]);
  });

  test('contents that are not a list of cards are refused as a whole', () => {
    expect(backupRows({ cards: 'none' })).toBeNull();
    expect(backupRows([card])).toBeNull();
  });
});

describe('the backup’s card details', () => {
  test('a card with details carries the given ones beside it; a card without is written as before', () => {
    const [first, second] = twoCards();
    if (!first || !second) throw new Error('no cards');
    expect(backupCard(first, { ...NO_DETAILS, pin: '0420', phone: '0800 123 456' })).toEqual({
      ...first,
      details: { pin: '0420', phone: '0800 123 456' },
    });
    expect(backupCard(second)).toEqual(second);
    expect(Object.keys(backupCard(second, NO_DETAILS))).toEqual(['id', 'data', 'modifiedAt']);
  });

  test('read back, every detail comes back as it went out', async () => {
    await expectEveryDetailBack((cards, details) => {
      // Through JSON, as the plaintext is sealed and opened.
      const plaintext = JSON.stringify({ cards: cards.map((card) => backupCard(card, details.get(card.id))) });
      return backupRows(JSON.parse(plaintext)) ?? [];
    });
  });

  test('details that break the rules go to the notes; a later version’s own field too; damaged ones are said', () => {
    const [first] = twoCards();
    const entry = (details: unknown) => ({ ...first, details });
    const rows = backupRows({
      cards: [entry({ pin: '12', notes: 'Mine', branch: 'High Street', flags: 3 }), entry({ pin: 1234 }), entry('x')],
    });
    expect(detailsAndChanges(rows ?? [])).toEqual([
      [
        { ...NO_DETAILS, notes: 'Mine\nbranch: High Street\nPIN: 12' },
        ['its other field is kept in its notes', 'its card PIN is not 4 to 12 digits, so it is kept in its notes'],
      ],
      [NO_DETAILS, ['its details are damaged and were left out']],
      [NO_DETAILS, ['its details are damaged and were left out']],
    ]);
  });
});
