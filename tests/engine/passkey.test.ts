/**
 * Passkey records through the real engine worker: the DEK wrapped under a key derived from a passkey's PRF output
 * opens only with that same output, adding one needs the proof of a fresh verify (DESIGN.md invariant 9), and the
 * PRF output is handed over, not copied: the page's buffer is detached, and nothing the worker sends back holds it.
 */
import { transfer } from 'comlink';
import { afterEach, describe, expect, onTestFinished, test } from 'vitest';
import type { EncryptedCard, PlainCollection } from '../../src/domain/card';
import { InvalidArgumentError, InvalidStateError, Messages, SleeveError } from '../../src/domain/errors';
import { PasskeyMessages } from '../../src/domain/passkey';
import type { PasskeyRecord } from '../../src/domain/secret';
import { createPasskeyRecord, unlockWithPasskey } from '../../src/engine/passkey';
import { expectNoKeyMaterial, recordedEngine } from '../support/boundary';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';
import { makeCards } from '../support/seeded';

afterEach(stopEngines);

const PIN = '480213';
const PASSWORD = 'correct horse battery staple';
const CREDENTIAL_ID = btoa('a credential id of this passkey');
const SALT = btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, index) => 0x80 + index)));
const cards = makeCards(31, 4);
const plain: PlainCollection = { type: 'UNENCRYPTED', cards: Object.fromEntries(cards.map((card) => [card.id, card])) };

/** A PRF output: 32 bytes, the same for the same `seed`. */
const prfOutput = (seed: number): ArrayBuffer => Uint8Array.from({ length: 32 }, (_, index) => seed + index).buffer;

type Engine = ReturnType<typeof startEngine>;

/** `value` with every string that is the record's PRF input blanked; buffers are kept as they are. */
function withoutSalt(value: unknown): unknown {
  if (value === SALT) return '';
  if (typeof value !== 'object' || value === null || value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
    return value;
  }
  if (Array.isArray(value)) return value.map(withoutSalt);
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, withoutSalt(child)]));
}

/** A device with a PIN, unlocked; a verify of the PIN leaves the proof that adding a passkey spends. */
async function pinDevice(engine: Engine) {
  const made = await engine.createSecret(PIN, plain, 1);
  expect(await engine.verify(PIN, made.record)).toBe(true);
  return made;
}

const newRecord = (engine: Engine, proven: Awaited<ReturnType<typeof pinDevice>>['record'], seed = 7) => {
  const output = prfOutput(seed);
  return engine.createPasskeyRecord(transfer(output, [output]), CREDENTIAL_ID, SALT, proven, 2);
};

const sortedData = (opened: { cards: { id: string; data: unknown }[] }) =>
  [...opened.cards].sort((a, b) => a.id.localeCompare(b.id)).map((card) => card.data);

describe('a passkey record', () => {
  test('is the documented shape, and opens the wallet in another worker with the same PRF output only', async () => {
    const first = startEngine();
    const { record: pin, collection } = await pinDevice(first);
    const passkey = await newRecord(first, pin);
    expect(passkey).toEqual({
      credentialId: CREDENTIAL_ID,
      salt: SALT,
      encryptedDek: {
        ciphertext: expect.stringMatching(/^[A-Za-z0-9+/]{64}$/),
        iv: expect.stringMatching(/^[A-Za-z0-9+/]{16}$/),
      },
      modifiedAt: 2,
    });
    // 32 raw key bytes and the 16-byte tag: the same wrapped form as a PIN or password record.
    expect(atob(passkey.encryptedDek.ciphertext)).toHaveLength(48);

    const other = startEngine();
    const wrong = await rejectionOf(other.unlockWithPasskey(prfOutput(8), passkey, collection));
    expect(wrong).toBeInstanceOf(SleeveError);
    expect(wrong.message).toBe('');
    expect((wrong.cause as Error).message).toBe(Messages.decryptFailed);
    expect(await other.hasKey()).toBe(false);

    const opened = await other.unlockWithPasskey(prfOutput(7), passkey, collection);
    expect(sortedData(opened)).toEqual(sortedData({ cards }));
    expect(await other.hasKey()).toBe(true);
    // The key it holds is the PIN's: cards it seals open under the PIN in a third worker.
    const sealed = (await other.sealCard(makeCards(32, 1)[0]!, 'ENCRYPTED')) as EncryptedCard;
    const third = startEngine();
    await third.unlock(PIN, pin);
    expect((await third.openCollection({ type: 'ENCRYPTED', cards: { [sealed.id]: sealed } })).cards).toHaveLength(1);
  });

  test('a record altered in its wrapped key or IV does not open, and a damaged one is refused as bad input', async () => {
    const engine = startEngine();
    const { record: pin } = await pinDevice(engine);
    const passkey = await newRecord(engine, pin);
    await engine.lock();
    const flipped = (text: string) =>
      btoa(String.fromCharCode(...[...atob(text)].map((c, i) => c.charCodeAt(0) ^ (i === 0 ? 1 : 0))));
    for (const altered of [
      { ...passkey, encryptedDek: { ...passkey.encryptedDek, ciphertext: flipped(passkey.encryptedDek.ciphertext) } },
      { ...passkey, encryptedDek: { ...passkey.encryptedDek, iv: flipped(passkey.encryptedDek.iv) } },
    ]) {
      expect((await rejectionOf(engine.unlockWithPasskey(prfOutput(7), altered))).message).toBe('');
    }
    const damaged: PasskeyRecord = { ...passkey, salt: btoa('short') };
    expect(await rejectionOf(engine.unlockWithPasskey(prfOutput(7), damaged))).toBeInstanceOf(InvalidArgumentError);
    const short = await rejectionOf(engine.unlockWithPasskey(new Uint8Array(16).buffer, passkey));
    expect(short).toBeInstanceOf(InvalidArgumentError);
    expect(await engine.hasKey()).toBe(false);
  });

  test('costs no PBKDF2 derivation, to make or to open', async () => {
    const engine = startEngine();
    const { record: pin } = await pinDevice(engine);
    const before = await engine.derivationCount();
    const passkey = await newRecord(engine, pin);
    await engine.lock();
    await engine.unlockWithPasskey(prfOutput(7), passkey);
    expect(await engine.derivationCount()).toBe(before);
  });
});

describe('adding a passkey record wraps the held key only for someone who just verified', () => {
  test('without any verify it is refused, and nothing is made', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret(PIN, plain, 1);
    const refused = await rejectionOf(newRecord(engine, record));
    expect(refused).toBeInstanceOf(InvalidStateError);
    expect(refused.message).toBe(PasskeyMessages.verifyAgain);
  });

  test('a wrong verify leaves no proof; a right one is spent by the first record', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret(PIN, plain, 1);
    expect(await engine.verify('999999', record)).toBe(false);
    expect((await rejectionOf(newRecord(engine, record))).message).toBe(PasskeyMessages.verifyAgain);
    expect(await engine.verify(PIN, record)).toBe(true);
    await newRecord(engine, record);
    expect((await rejectionOf(newRecord(engine, record))).message).toBe(PasskeyMessages.verifyAgain);
  });

  test('the proof of another record does not count, and lock drops it', async () => {
    const engine = startEngine();
    const { record: pin, collection } = await engine.createSecret(PIN, plain, 1);
    const { record: password } = await engine.createSecret(PASSWORD, collection, 1, {
      current: { secret: PIN, record: pin },
    });
    expect(await engine.verify(PIN, pin)).toBe(true);
    expect((await rejectionOf(newRecord(engine, password))).message).toBe(PasskeyMessages.verifyAgain);
    expect(await engine.verify(PASSWORD, password)).toBe(true);
    await engine.lock();
    await engine.unlock(PIN, pin);
    expect((await rejectionOf(newRecord(engine, password))).message).toBe(PasskeyMessages.verifyAgain);
  });

  test('a proof of a record whose key is not the one held is refused', async () => {
    const engine = startEngine();
    const elsewhere = startEngine();
    const { record: foreign } = await elsewhere.createSecret(PIN, plain, 1);
    await engine.createSecret(PASSWORD, plain, 1);
    expect(await engine.verify(PIN, foreign)).toBe(true);
    const refused = await rejectionOf(newRecord(engine, foreign));
    expect(refused).toBeInstanceOf(InvalidStateError);
    expect(refused.message).toBe(Messages.refreshAndUnlock);
  });

  test('with no key held it is refused', async () => {
    const engine = startEngine();
    const { record } = await engine.createSecret(PIN, plain, 1);
    await engine.lock();
    expect(await engine.verify(PIN, record)).toBe(true);
    expect((await rejectionOf(newRecord(engine, record))).message).toBe(Messages.refreshAndUnlock);
  });
});

describe('the PRF output crosses once, and only inwards', () => {
  test("the page's buffer is detached once handed to the engine", async () => {
    // The app's own engine door (src/engine/passkey.ts), as the state layer calls it.
    const { getEngine } = await import('../../src/engine');
    const engine = getEngine();
    const { record: pin, collection } = await engine.createSecret(PIN, plain, 1);
    expect(await engine.verify(PIN, pin)).toBe(true);
    const made = prfOutput(7);
    const passkey = await createPasskeyRecord(made, CREDENTIAL_ID, SALT, pin, 2);
    expect(made.byteLength).toBe(0);
    await engine.lock();
    const again = prfOutput(7);
    expect((await unlockWithPasskey(again, passkey, collection)).cards).toHaveLength(cards.length);
    expect(again.byteLength).toBe(0);
    await engine.lock();
  });

  test('nothing the worker sends back is a key, key bytes or the PRF output', async () => {
    const { engine, messages, stop } = recordedEngine();
    onTestFinished(stop);
    const { record: pin, collection } = await engine.createSecret(PIN, plain, 1);
    expect(await engine.verify(PIN, pin)).toBe(true);
    const sent = messages.length;
    const output = prfOutput(7);
    const passkey = await engine.createPasskeyRecord(transfer(output, [output]), CREDENTIAL_ID, SALT, pin, 2);
    await engine.lock();
    const again = prfOutput(7);
    await engine.unlockWithPasskey(transfer(again, [again]), passkey, collection);
    const wrong = prfOutput(9);
    await engine.unlockWithPasskey(transfer(wrong, [wrong]), passkey, collection).catch(() => undefined);
    // Outwards, the worker's answers; inwards the PRF output crosses by design. The record's PRF input is a public
    // value of 32 bytes, so it is set aside before the 32-byte rule is applied.
    const answers = messages
      .slice(sent)
      .filter((message) => (message as { type?: string }).type !== 'APPLY')
      .map((message) => withoutSalt(message));
    expect(answers.length).toBeGreaterThan(0);
    expectNoKeyMaterial(answers);
    const prfText = btoa(String.fromCharCode(...new Uint8Array(prfOutput(7))));
    expect(JSON.stringify(answers)).not.toContain(prfText);
    expect(JSON.stringify(answers)).toContain(passkey.encryptedDek.ciphertext);
  });
});
