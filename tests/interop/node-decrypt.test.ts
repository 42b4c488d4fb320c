/**
 * What the app stores under a PIN can be read by any client that knows the documented format: this test opens it
 * with nothing but node:crypto and the parameters in DESIGN.md (PBKDF2-HMAC-SHA-512, 210000 iterations, AES-256-GCM
 * with the tag appended), using no project code.
 */
import { createDecipheriv, pbkdf2Sync } from 'node:crypto';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addCard, MASTERCARD, storedItem, VISA } from '../e2e/support/actions';
import { appUrl, launchChromium } from '../e2e/support/browser';
import { createPinFromSecurity } from '../e2e/support/pin-flows';

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
    pin: { salt: string; encryptedDek: { ciphertext: string; iv: string } };
  };
  const cards = (await storedItem(page, 'sleeve/cards')) as { type: string; cards: Record<string, { data: Sealed }> };
  expect(cards.type).toBe('ENCRYPTED');

  const salt = Buffer.from(auth.pin.salt, 'base64');
  expect(salt.length).toBe(16);
  const kek = pbkdf2Sync(Buffer.from('274951', 'utf8'), salt, 210_000, 32, 'sha512');
  const dek = aesGcmOpen(kek, auth.pin.encryptedDek.iv, auth.pin.encryptedDek.ciphertext);
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
  expect(() => aesGcmOpen(wrong, auth.pin.encryptedDek.iv, auth.pin.encryptedDek.ciphertext)).toThrow();
  await context.close();
});
