/** The engine as the worker exposes it: each method of `EngineApi` delegates to the module that owns the rule. */
import type { EngineApi } from './api';
import { derivationCount } from './crypto/pbkdf2';
import { decryptionCount } from './vault/cards';
import * as custody from './vault/custody';
import { asLocal, asRemote, decideMerge } from './vault/merge';
import * as store from './vault/store';

export const engine: EngineApi = {
  openCollection: (collection) => store.openCollection(collection),
  putCard: (collection, input, now) => store.putCard(collection, input, now),
  // The app passes its own collection first; branding here keeps the pure merge honest about which side is which.
  mergeCollections: async (local, remote) => decideMerge(asLocal(local), asRemote(remote)),
  hasKey: async () => custody.hasKey(),
  lock: async () => custody.lock(),
  unlock: (secret, record, collection) => store.unlockAndOpen(secret, record, collection),
  verify: (secret, record) => custody.verify(secret, record),
  createSecret: (secret, collection, now) => custody.createSecret(secret, collection, now),
  joinAccount: (secret, record, local) => custody.joinAccount(secret, record, local),
  decryptCollection: (collection) => store.decryptCollection(collection),
  derivationCount: async () => derivationCount(),
  decryptionCount: async () => decryptionCount(),
};
