/**
 * What the app stores follows the documented format, layer by layer: these tests open it with nothing but node:crypto
 * and the parameters in DESIGN.md (PBKDF2-HMAC-SHA-512, 210000 iterations, AES-256-GCM with the tag appended), using
 * no project code.
 * - Under a PIN: the record is bound to the device, its wrapped key sealed once more under a key that only the
 *   origin's IndexedDB holds, so with the stored values alone even the right PIN opens nothing. The page, which is that
 *   origin, takes off that one layer with its own key and the additional data docs/formats.md gives for its version 2
 *   (the record's salt and PIN-layer IV); the rest is node:crypto. Under it, the PIN wraps the DEK's raw 32 bytes
 *   (Sleeve's own form: the record never leaves the device).
 * - An account's password record and cards on the server open the seed's way (seed-client.ts): the record holds the
 *   DEK's base64 text, as the seed's clients, its Android app included, expect.
 */
import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPassword, PASSWORD, readServer, signedInUid, signInWithGoogle } from '../e2e/support/account-flows';
import { addCard, MASTERCARD, storedItem, VISA } from '../e2e/support/actions';
import { appUrl, launchChromium } from '../e2e/support/browser';
import { serveGapiStandIn } from '../e2e/support/gapi-stand-in';
import { createPinFromSecurity } from '../e2e/support/pin-flows';
import { openCard, openSeedRecord, type WireEncryptedCard, type WireRecord } from './seed-client';

function aesGcmOpen(key: Buffer, ivBase64: string, sealedBase64: string): Buffer {
  const sealed = Buffer.from(sealedBase64, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivBase64, 'base64'));
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

it('decrypts the cards stored under a PIN with node:crypto alone', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(appUrl('/home'));
  const visaId = await addCard(page, VISA);
  const mastercardId = await addCard(page, MASTERCARD);
  await createPinFromSecurity(page, '274951');

  type Sealed = { cipherText: string; iv: string };
  const auth = (await storedItem(page, 'sleeve/auth')) as {
    pin: { salt: string; encryptedDek: { ciphertext: string; iv: string }; device: { iv: string; version: number } };
  };
  const cards = (await storedItem(page, 'sleeve/cards')) as { type: string; cards: Record<string, { data: Sealed }> };
  expect(cards.type).toBe('ENCRYPTED');

  const salt = Buffer.from(auth.pin.salt, 'base64');
  expect(salt.length).toBe(16);
  const kek = pbkdf2Sync(Buffer.from('274951', 'utf8'), salt, 210_000, 32, 'sha512');
  // From the stored values alone, the right PIN's key opens nothing: no guess can be checked against them.
  expect(Buffer.from(auth.pin.encryptedDek.ciphertext, 'base64').length).toBe(64);
  expect(() => aesGcmOpen(kek, auth.pin.encryptedDek.iv, auth.pin.encryptedDek.ciphertext)).toThrow();

  // The device layer, taken off in the page with the origin's own key: the PIN layer's 48 bytes are left.
  expect(auth.pin.device.version).toBe(2);
  const layerData = `Sleeve PIN device layer v2 ${auth.pin.salt} ${auth.pin.encryptedDek.iv}`;
  const pinLayer = await withoutDeviceLayer(page, auth.pin.encryptedDek.ciphertext, auth.pin.device.iv, layerData);
  expect(Buffer.from(pinLayer, 'base64').length).toBe(48);
  const dek = aesGcmOpen(kek, auth.pin.encryptedDek.iv, pinLayer);
  expect(dek.length).toBe(32);

  const open = (id: string) => {
    const sealed = cards.cards[id]?.data as Sealed;
    expect(Buffer.from(sealed.iv, 'base64').length).toBe(12);
    return JSON.parse(aesGcmOpen(dek, sealed.iv, sealed.cipherText).toString('utf8'));
  };
  expect(open(visaId)).toEqual({
    number: '4111111111111111',
    expiry: '12/29',
    cardholder: 'Ada Lovelace',
    issuer: 'First Bank',
    cvv: '123',
    network: 'VISA',
    theme: expect.any(String),
  });
  expect(open(mastercardId)).toMatchObject({ number: '5500005555555559', cardholder: 'Grace Hopper', cvv: '' });
  // A wrong PIN derives another key, which the record refuses.
  const wrong = pbkdf2Sync(Buffer.from('274952', 'utf8'), salt, 210_000, 32, 'sha512');
  expect(() => aesGcmOpen(wrong, auth.pin.encryptedDek.iv, pinLayer)).toThrow();
  await context.close();
});

it("opens an account's password record and cards on the server the seed's way, with node:crypto alone", async () => {
  const context = await browser.newContext();
  await serveGapiStandIn(context);
  const page = await context.newPage();
  await page.goto(appUrl('/home'));
  const visaId = await addCard(page, VISA);
  const mastercardId = await addCard(page, MASTERCARD);
  const uidsBefore = Object.keys(((await readServer()) as object | null) ?? {});
  await signInWithGoogle(page, 'ada.interop@example.com', 'Ada Lovelace');
  await createPassword(page, PASSWORD);

  const server = (await readServer()) as Record<
    string,
    { auth: { password: WireRecord }; cards: Record<string, WireEncryptedCard> }
  >;
  const uid = await signedInUid(page);
  expect(uidsBefore).not.toContain(uid);
  const { auth, cards } = server[uid] as (typeof server)[string];
  expect(Object.keys(auth)).toEqual(['password']);
  const wrapped = Buffer.from(auth.password.encryptedDek.ciphertext, 'base64');
  // The DEK's 44 characters of base64 and the tag.
  expect(wrapped.length).toBe(60);
  const dek = openSeedRecord(PASSWORD, auth.password);
  expect(dek.length).toBe(32);
  expect(Object.keys(cards).sort()).toEqual([visaId, mastercardId].sort());
  expect(openCard(dek, cards[visaId] as WireEncryptedCard)).toEqual({
    number: '4111111111111111',
    expiry: '12/29',
    cardholder: 'Ada Lovelace',
    issuer: 'First Bank',
    cvv: '123',
    network: 'VISA',
    theme: expect.any(String),
  });
  expect(openCard(dek, cards[mastercardId] as WireEncryptedCard)).toMatchObject({ cardholder: 'Grace Hopper' });
  // A wrong password opens nothing.
  expect(() => openSeedRecord(`${PASSWORD}x`, auth.password)).toThrow();
  // This device keeps exactly the server's record.
  expect(((await storedItem(page, 'sleeve/auth')) as { password: unknown }).password).toEqual(auth.password);
  await context.close();
});

/**
 * The PIN layer under the device layer, opened in the page with the device key from the origin's IndexedDB and the
 * layer's additional data (`data`, UTF-8).
 */
function withoutDeviceLayer(page: Page, sealed: string, iv: string, data: string): Promise<string> {
  return page.evaluate(
    async ({ sealed, iv, data }) => {
      const bytes = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('sleeve-keys');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      // One value holds the device key and the PIN's count of wrong tries (worker/crypto/device-key.ts).
      const key = await new Promise<CryptoKey>((resolve, reject) => {
        const get = db.transaction('keys', 'readonly').objectStore('keys').get('pin-device-key');
        get.onsuccess = () => resolve((get.result as { key: CryptoKey }).key);
        get.onerror = () => reject(get.error);
      });
      db.close();
      if (key.extractable) throw new Error('the device key is extractable');
      const additionalData = new TextEncoder().encode(data);
      const params = { name: 'AES-GCM', iv: bytes(iv), additionalData };
      const inner = new Uint8Array(await crypto.subtle.decrypt(params, key, bytes(sealed)));
      return btoa(String.fromCharCode(...inner));
    },
    { sealed, iv, data },
  );
}
