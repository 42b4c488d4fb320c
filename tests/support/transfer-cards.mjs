// The cards of the transfer tests, in one place: plain JavaScript, so both the tests and
// tests/fixtures/transfer/make-backup.mjs (run by Node as it is) build them from here. Types: transfer-cards.d.mts.

/** The passphrase tests/fixtures/transfer/sleeve-backup.json is sealed under. */
export const BACKUP_PASSPHRASE = 'Zoë’s backup: 🐎 battery staple!';

/** A card with every field filled in. */
export const visaData = {
  number: '4111111111111111',
  expiry: '01/30',
  cardholder: 'Ada Lovelace',
  issuer: 'First Bank',
  cvv: '123',
  network: 'VISA',
  theme: 'SKY',
};

/**
 * Two cards: the one above, and one with no issuer and no code (a Mastercard unless `second` says otherwise), last
 * changed at `modifiedAt`. Each test that writes a format picks the second card's network that format must handle.
 */
export function twoCards(second = {}, modifiedAt = [1709287200000, 1709287300000]) {
  return [
    { id: 'Bk7xQ2pL', data: { ...visaData }, modifiedAt: modifiedAt[0] },
    {
      id: 'r9T4mN0a',
      data: {
        number: '5555555555554444',
        expiry: '12/28',
        cardholder: 'Zoë Núñez',
        issuer: '',
        cvv: '',
        network: 'MASTERCARD',
        theme: 'ROSE',
        ...second,
      },
      modifiedAt: modifiedAt[1],
    },
  ];
}

/** What sleeve-backup.json holds. */
export const backupCards = twoCards();
