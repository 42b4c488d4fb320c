/**
 * The password records this device is writing right now. The server echoes a record before the write's answer
 * arrives and the local copy is saved, and the echo must not read as a password changed elsewhere
 * (src/state/sync-session.ts): a record is this device's own until the server has answered, however late.
 */
import type { SecretRecord } from '../domain/secret';

/** A record's identity as an echo is matched: the salt and the wrapped key (a re-dated record is the same one). */
export const recordKey = (record: SecretRecord): string => `${record.salt}|${record.encryptedDek.ciphertext}`;

export class OwnRecords {
  private readonly writing = new Set<string>();

  /** Runs `write` with `record` counted as this device's own until it settles. */
  async during<T>(record: SecretRecord, write: () => Promise<T>): Promise<T> {
    const key = recordKey(record);
    this.writing.add(key);
    try {
      return await write();
    } finally {
      this.writing.delete(key);
    }
  }

  has(record: SecretRecord): boolean {
    return this.writing.has(recordKey(record));
  }
}
