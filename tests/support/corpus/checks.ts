/**
 * How the corpus judges what the app made of a damaged value: what a valid card or record is, written out
 * independently of the validators; whether every entry is accounted for exactly once; a case's log of failures;
 * and a stored text read both through the storage module's real read and through the checker, which must agree.
 */
import { NETWORKS, THEMES } from '../../../src/domain/card';
import { cardDataProblem } from '../../../src/domain/stored-cards';
import type { Checked } from '../../../src/domain/stored-shapes';
import type { Loaded, StoredValueName } from '../../../src/storage/local-storage';
import { LOADERS, STORAGE_KEYS } from '../../../src/storage/local-storage';
import { excerpt, plainReasonProblem } from './cases';
import { deepFreeze, isRecord } from './values';

export const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isString = (value: unknown): value is string => typeof value === 'string';

export function plainCardProblem(key: string, card: unknown): string | null {
  if (!isRecord(card)) return 'is not an object';
  if (card.id !== key) return `has id ${excerpt(String(card.id), 30)} under key ${excerpt(key, 30)}`;
  if (!isTime(card.modifiedAt)) return 'has no finite modifiedAt';
  const data = card.data;
  if (!isRecord(data)) return 'has no data object';
  for (const field of ['number', 'expiry', 'cardholder', 'issuer', 'cvv']) {
    if (!isString(data[field])) return `has a ${field} that is not text`;
  }
  if (!(NETWORKS as readonly unknown[]).includes(data.network)) return 'has an unknown network';
  if (!(THEMES as readonly unknown[]).includes(data.theme)) return 'has an unknown theme';
  const problem = cardDataProblem(data);
  return problem === null ? null : `fails cardDataProblem: ${problem}`;
}

export function encryptedCardProblem(key: string, card: unknown, exact = false): string | null {
  if (!isRecord(card)) return 'is not an object';
  if (card.id !== key) return `has id ${excerpt(String(card.id), 30)} under key ${excerpt(key, 30)}`;
  if (!isTime(card.modifiedAt)) return 'has no finite modifiedAt';
  const data = card.data;
  if (!isRecord(data) || !isString(data.cipherText) || !isString(data.iv)) return 'has no cipherText and iv';
  if (exact && Object.keys(data).length !== 2) return 'has more than cipherText and iv';
  return null;
}

export const isRecordShape = (value: unknown): boolean =>
  isRecord(value) &&
  isString(value.salt) &&
  isRecord(value.encryptedDek) &&
  isString(value.encryptedDek.ciphertext) &&
  isString(value.encryptedDek.iv) &&
  isTime(value.modifiedAt);

/** Each key of `input` once among `accepted` and `listed` together, and nothing else. */
export function accountingProblem(input: readonly string[], accepted: readonly string[], listed: readonly string[]) {
  const counts = new Map<string, number>();
  for (const key of input) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const key of [...accepted, ...listed]) counts.set(key, (counts.get(key) ?? 0) - 1);
  const wrong = [...counts].filter(([, count]) => count !== 0);
  if (wrong.length === 0) return null;
  const shown = wrong.slice(0, 4).map(([key, count]) => `${excerpt(key, 30)} ${count > 0 ? 'vanished' : 'appeared'}`);
  return `entries not accounted for exactly once: ${shown.join(', ')}`;
}

export class CaseLog {
  readonly failures: string[] = [];
  fail(message: string): void {
    this.failures.push(message);
  }
  /** Runs a validator; a throw is a failure, never a result. */
  call<T>(name: string, run: () => T): { ok: true; value: T } | { ok: false } {
    try {
      return { ok: true, value: run() };
    } catch (error) {
      this.fail(`${name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
      return { ok: false };
    }
  }
  reason(where: string, reason: unknown): void {
    const problem = plainReasonProblem(reason);
    if (problem) this.fail(`${where}: ${problem}`);
  }
}

/**
 * The stored text through the storage module's real read (which must leave it as it is) and through JSON.parse and
 * the checker on a frozen copy; both must agree. Returns the frozen parsed value and the check, when both ran.
 */
export function readStored<T>(
  log: CaseLog,
  name: StoredValueName,
  text: string,
  check: (value: unknown) => Checked<T>,
) {
  const key = STORAGE_KEYS[name];
  localStorage.setItem(key, text);
  const loaded = log.call<Loaded<unknown>>(`load ${name}`, LOADERS[name]);
  if (localStorage.getItem(key) !== text) log.fail(`reading ${name} changed what is stored`);
  localStorage.removeItem(key);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    if (loaded.ok && loaded.value.ok) log.fail(`load ${name} accepted text that is not JSON`);
    if (loaded.ok && !loaded.value.ok) log.reason(`load ${name}`, loaded.value.reason);
    return undefined;
  }
  deepFreeze(parsed);
  const checked = log.call(`check ${name}`, () => check(parsed));
  if (!checked.ok) return undefined;
  if (loaded.ok && loaded.value.ok !== checked.value.ok) log.fail(`load ${name} and the check disagree`);
  if (!checked.value.ok) {
    log.reason(`check ${name}`, checked.value.reason);
    if (loaded.ok && !loaded.value.ok && loaded.value.reason !== checked.value.reason) {
      log.fail(`load ${name} gives another reason than the check`);
    }
    return undefined;
  }
  return { parsed, value: checked.value.value };
}
