import { SleeveError } from '../domain/errors';

/** A write to this device's storage that was refused or failed; nothing was changed. */
export class StorageWriteError extends SleeveError {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'StorageWriteError';
  }
}
