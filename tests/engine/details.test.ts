/**
 * A card's details through a real engine worker: sealed under the key the wallet's secret unwraps, opened again after
 * a lock and an unlock, and refused while no key is held, so nothing is ever stored in the clear by mistake.
 */
import { afterEach, expect, test } from 'vitest';
import { emptyPlainCollection } from '../../src/domain/card';
import { type DetailsPlain, NO_DETAILS } from '../../src/domain/card-details';
import { Messages } from '../../src/domain/errors';
import { rejectionOf } from '../support/engine-rejection';
import { startEngine, stopEngines } from '../support/engine-worker';

afterEach(stopEngines);

const ID = 'Ab3dE6gH';
const plain: DetailsPlain = {
  details: { ...NO_DETAILS, pin: '9305', validFrom: '03/24', website: 'https://bank.example/' },
  unknown: {},
};

test('details sealed under the held key open again after a lock and an unlock', async () => {
  const engine = startEngine();
  const { record, collection } = await engine.createSecret('Über-sicher 🔐 passphrase', emptyPlainCollection(), 1);
  const sealed = await engine.sealDetails(ID, 2, plain);
  expect(JSON.stringify(sealed)).not.toContain('9305');
  await engine.lock();
  expect((await rejectionOf(engine.openDetails([sealed]))).message).toBe(Messages.keyMissingDecrypt);
  expect((await rejectionOf(engine.sealDetails(ID, 3, plain))).message).toBe(Messages.keyMissingEncrypt);
  await engine.unlock('Über-sicher 🔐 passphrase', record, collection);
  expect(await engine.openDetails([sealed])).toEqual([{ id: ID, modifiedAt: 2, plain }]);
});
