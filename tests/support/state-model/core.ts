/**
 * What every part of the state model shares: the size of the world, the stored values, the ledger's entries, the
 * steps a flow waits on and the failure of an invariant.
 */
import type { CardCollection } from '../../../src/domain/card';
import type { Outbox } from '../../../src/domain/outbox';
import type { AuthRecords } from '../../../src/domain/secret';
import type { Device, Tab } from './device';

export const UID = 'uid-ada';
export const DEVICES = 2;
export const TABS_PER_DEVICE = 2;

/**
 * Which random run a sequence belongs to: two devices of one account; the same with another client that writes the
 * account's password record over a key of its own; or the same where a device may replace the account's key
 * (src/state/replace-key.ts). Each run draws its own actions, so adding one changes no sequence of the others.
 */
export type Run = 'twoDevices' | 'otherClient' | 'replaceKey';

export type StoredValueName = 'cards' | 'auth' | 'outbox';

export interface StoredValues {
  cards: CardCollection;
  auth: AuthRecords;
  outbox: Outbox;
}
export type StoredChanges = Partial<StoredValues>;

/** Where an acknowledged card version must be found at the end. */
export type Place =
  | { kind: 'local'; device: Device }
  | { kind: 'account' }
  | { kind: 'gone'; why: string }
  | { kind: 'exempt'; why: string };

export interface Version {
  version: string;
  id: string;
  modifiedAt: number;
  acked: boolean;
  place: Place;
  by: string;
  /** The later change of the card that replaced this one in an outbox before it was sent. */
  replacedBy?: string;
}

/**
 * A flow is the model of an async function of src/state: each `await` is a `yield` of what it waits for, and
 * between two steps anything else may run.
 */
export type Wait =
  | { kind: 'step' }
  | { kind: 'lock'; device: Device; ticket: number }
  | { kind: 'worker'; tab: Tab; ticket: number }
  /** A server's answer to a write, or its time running out (`answered`, src/remote/database/answers.ts). */
  | { kind: 'answer'; ready: () => boolean };
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
