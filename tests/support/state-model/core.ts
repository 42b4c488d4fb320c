/**
 * What every part of the state model shares: the size of the world, the stored values, the steps a flow waits on
 * and the failure of an invariant.
 */
import type { CardCollection } from '../../../src/domain/card';
import type { Outbox } from '../../../src/domain/outbox';
import type { AuthRecords } from '../../../src/domain/secret';
import type { Device, Tab } from './device';

export const UID = 'uid-ada';
export const DEVICES = 2;
export const TABS_PER_DEVICE = 2;

export type StoredValueName = 'cards' | 'auth' | 'outbox';

export interface StoredValues {
  cards: CardCollection;
  auth: AuthRecords;
  outbox: Outbox;
}
export type StoredChanges = Partial<StoredValues>;

/**
 * A flow is the model of an async function of src/state: each `await` is a `yield` of what it waits for, and
 * between two steps anything else may run.
 */
export type Wait =
  | { kind: 'step' }
  | { kind: 'lock'; device: Device; ticket: number }
  | { kind: 'worker'; tab: Tab; ticket: number };
export type Flow<T = void> = Generator<Wait, T, void>;

export const STEP: Wait = { kind: 'step' };

/** An invariant broken: ends the sequence (an error of the modelled code is only noted, as the app reports it). */
export class ModelFailure extends Error {
  constructor(
    readonly invariant: string,
    detail: string,
  ) {
    super(`${invariant}: ${detail}`);
  }
}
