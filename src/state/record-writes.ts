/**
 * Writing the account's password record from a screen (Change password, 'Keep using this device's key'): a
 * compare-and-set against the record it replaces (src/remote/database/records.ts), never queued while offline, and
 * never reported as failed while it may still land. Without an answer in time the person is told the outcome is not
 * known yet; the write is followed to the server's answer, which settles it here and is told too.
 */
import { ANSWER_WITHIN_MS } from '../domain/answer-time';
import { SleeveError } from '../domain/errors';
import type { SecretRecord } from '../domain/secret';
import { sameRecord } from '../domain/secret';
import type { RecordSwap } from '../remote';
import { updateStorage } from '../storage/local-storage';
import { reportError } from './report';
import { setRecords } from './store';
import type { SyncSession } from './store-types';
import { showToast } from './toast';

/** What a person is told of a record write that did not reach the server, or not yet. */
export type RecordWriteTexts = Record<
  'offline' | 'changedElsewhere' | 'unknown' | 'landedLate' | 'refusedLate',
  string
>;

// Beyond SPEC.md: what a person is told of a record that did not reach the server, or not yet.
export const RecordWriteMessages = {
  offline: 'Connect to the internet to change your password. Nothing was changed.',
  changedElsewhere:
    "Your account's password was changed on another device a moment ago, so nothing was changed here. Enter the new password when Sleeve asks for it.",
  unknown:
    "The server hasn't answered yet, so it isn't known whether your password changed. Keep Sleeve open: it will tell you once the server answers.",
  landedLate: 'The server has your new password: it is now the one that opens your cards.',
  refusedLate: "The server didn't take your new password, so your password stays as it was.",
} as const;

/** The same, for putting this device's key back on the account ('Keep using this device's key'). */
export const KeepKeyMessages: RecordWriteTexts = {
  offline: "Connect to the internet to keep using this device's key. Nothing was changed.",
  changedElsewhere: RecordWriteMessages.changedElsewhere,
  unknown:
    "The server hasn't answered yet, so it isn't known whether your account took this device's key. Keep Sleeve open: it will tell you once the server answers.",
  landedLate: "The server has this device's key again: your password here opens your cards everywhere.",
  refusedLate: "The server didn't take this device's key, so your account's password stays as it was.",
};

/** A record written over the server's `replaces`, in place of `held` here (the same record, unless they differ). */
export interface RecordWrite {
  replaces: SecretRecord;
  record: SecretRecord;
  held?: SecretRecord;
  /** What a person is told of it; a password change's by default. */
  messages?: RecordWriteTexts;
  /**
   * Whether a record the server holds in place of `replaces` is as good as `record`: a refusal over it counts as
   * written, and that record is stored here. 'Keep using this device's key' on two devices (or tabs) holding one record:
   * the first to land puts back the very key the second would, and the second is done too.
   */
  asGood?: (held: SecretRecord) => boolean;
}

/**
 * Writes `record` over the server's `replaces`, then stores it here in place of `held`, and resolves with the record
 * the server holds (`record`, or one `asGood`). Throws with a message above when the device is offline (nothing sent),
 * when the server holds another record (nothing changed), or when no answer came in time: then whatever the server
 * answers later is stored here, if this device still holds `held`, and told.
 */
export async function writeAccountRecord(account: SyncSession, write: RecordWrite): Promise<SecretRecord> {
  const { replaces, record, held = replaces, messages = RecordWriteMessages } = write;
  const taken = (answer: RecordSwap): SecretRecord | null =>
    answer.written ? record : answer.held && write.asGood?.(answer.held) ? answer.held : null;
  // Offline the database would hold the write and send it whenever the connection comes back, long after the person
  // was told anything.
  if (!(await account.connected())) throw new SleeveError(messages.offline);
  const swap = account.swapPasswordRecord(replaces, record);
  const outcome = await withinAnswerTime(swap);
  if (outcome === 'unknown') {
    swap.then(
      async (answer) => {
        const took = taken(answer);
        if (!took) return showToast(messages.refusedLate, 'ERROR');
        if (await storeRecord(held, took)) showToast(messages.landedLate);
      },
      // The worker ended first (the account was signed out): what the server holds comes with the next sign-in.
      reportError,
    );
    throw new SleeveError(messages.unknown);
  }
  const took = taken(outcome);
  if (!took) throw new SleeveError(messages.changedElsewhere);
  await storeRecord(held, took);
  return took;
}

/** The server's answer if it comes within `ANSWER_WITHIN_MS`; otherwise 'unknown', and the answer comes later. */
export async function withinAnswerTime<T>(answer: Promise<T>): Promise<T | 'unknown'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'unknown'>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), ANSWER_WITHIN_MS);
  });
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/**
 * Stores the record the server took in place of `held`; `false` when this device no longer holds `held` (another tab
 * changed its records meanwhile), which then stand: it follows the server from there.
 */
async function storeRecord(held: SecretRecord, record: SecretRecord): Promise<boolean> {
  let stored = false;
  const now = await updateStorage((current) => {
    if (!sameRecord(current.auth.password, held)) return {};
    stored = true;
    return { auth: { ...current.auth, password: record } };
  });
  if (stored) setRecords(now.auth);
  return stored;
}
