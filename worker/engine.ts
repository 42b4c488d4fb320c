/** The engine as the worker exposes it: each method of `EngineApi` delegates to the module that owns the rule. */
import type { EngineApi } from './api';
import { derivationCount } from './crypto/pbkdf2';
import * as backup from './vault/backup';
import { decryptionCount } from './vault/cards';
import * as store from './vault/collections';
import * as custody from './vault/custody';
import * as details from './vault/details';
import { decideMerge } from './vault/merge';
import * as passkey from './vault/passkey';
import * as pinLimit from './vault/pin-limit';
import { wrapsKey } from './vault/record-keys';
import { replaceKey } from './vault/replace-key';
import { retiredKeysUnder, setRetiredKeys } from './vault/retired';
import { sealCards } from './vault/seal-many';
import { readStoredCards } from './vault/stored-text';

export const engine: EngineApi = {
  openCollection: (collection) => store.openCollection(collection),
  readStoredCards: async (text) => readStoredCards(text),
  sealCard: (card, type) => store.sealCard(card, type),
  // Each side was branded where the page read it (storage, or the server's subscription); the brand is type-only.
  mergeCollections: async (local, remote) => decideMerge(local, remote),
  hasKey: async () => custody.hasKey(),
  lock: async () => custody.lock(),
  heldKeyWraps: async (record) => {
    const held = custody.heldKey();
    return held ? wrapsKey(record, held) : null;
  },
  unlock: (secret, record, collection) => store.unlockAndOpen(secret, record, collection),
  verify: (secret, record) => custody.verify(secret, record),
  changeSecret: (current, record, next, now) => custody.changeSecret(current, record, next, now),
  replaceKey: (current, record, next, collection, now, details) =>
    replaceKey(current, record, next, collection, now, details),
  keepReplacedKey: async (record) => custody.keepReplacement(record),
  setRetiredKeys: async (retired) => {
    setRetiredKeys(retired);
    return (await retiredKeysUnder(custody.heldKey())).length > 0;
  },
  sealAgain: (cards) => store.sealAgain(cards),
  keepSavedWithOldKey: (cards) => store.sealAgain(cards, true),
  createSecret: (secret, collection, now, options) => custody.createSecret(secret, collection, now, options),
  bindPin: (record) => custody.bindPin(record),
  pinAttempts: (record) => pinLimit.pinAttempts(record),
  forgetPinAttempts: () => pinLimit.forgetPinAttempts(custody.heldKey()),
  joinAccount: (secret, record, local) => custody.joinAccount(secret, record, local),
  createPasskeyRecord: (prfOutput, credentialId, salt, proven, now) =>
    passkey.createPasskeyRecord(prfOutput, credentialId, salt, proven, now),
  unlockWithPasskey: (prfOutput, record, collection) => passkey.unlockWithPasskey(prfOutput, record, collection),
  decryptCollection: (collection) => store.decryptCollection(collection),
  derivationCount: async () => derivationCount(),
  decryptionCount: async () => decryptionCount(),
  sealDetails: (id, modifiedAt, plain) => details.sealDetails(id, modifiedAt, plain),
  openDetails: (records) => details.openDetails(records),
  sealCards: (cards, type) => sealCards(cards, type),
  sealBackup: (passphrase, cards, details) => backup.sealBackup(passphrase, cards, new Date(), details),
  openBackup: (passphrase, fileText) => backup.openBackup(passphrase, fileText),
};
