/**
 * The product's errors (SPEC.md §8): one base class with an optional cause, and two kinds.
 * Errors cross the worker boundary as plain data ({@link toWireError}); both sides rebuild them.
 */

export type ErrorKind = 'general' | 'invalid-state' | 'invalid-argument';

export class SleeveError extends Error {
  readonly kind: ErrorKind = 'general';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SleeveError';
  }
}

/** An action at the wrong time, e.g. encrypting with no key held. */
export class InvalidStateError extends SleeveError {
  override readonly kind = 'invalid-state';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidStateError';
  }
}

/** Bad input, e.g. an unencrypted card offered to the server. */
export class InvalidArgumentError extends SleeveError {
  override readonly kind = 'invalid-argument';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidArgumentError';
  }
}

/** An error as structured-clone-safe data. */
export interface WireError {
  kind: ErrorKind;
  name: string;
  message: string;
  /** A status code the error carried (the database SDK's `PERMISSION_DENIED` …), for telling a refusal apart. */
  code?: string;
  cause?: WireError;
}

export function toWireError(error: unknown, depth = 0): WireError {
  if (error instanceof Error) {
    const kind = error instanceof SleeveError ? error.kind : 'general';
    const wire: WireError = { kind, name: error.name, message: error.message };
    const { code } = error as { code?: unknown };
    if (typeof code === 'string') wire.code = code;
    // Depth is bounded so a cyclic cause chain cannot loop forever.
    if (error.cause !== undefined && depth < 4) wire.cause = toWireError(error.cause, depth + 1);
    return wire;
  }
  return { kind: 'general', name: 'Error', message: String(error) };
}

export function fromWireError(wire: WireError): SleeveError {
  const cause = wire.cause ? fromWireError(wire.cause) : undefined;
  const options = cause ? { cause } : undefined;
  const error =
    wire.kind === 'invalid-state'
      ? new InvalidStateError(wire.message, options)
      : wire.kind === 'invalid-argument'
        ? new InvalidArgumentError(wire.message, options)
        : new SleeveError(wire.message, options);
  error.name = wire.name;
  if (wire.code !== undefined) Object.assign(error, { code: wire.code });
  return error;
}

/** The text a person sees for an error, or '' when it has none worth showing (SPEC.md §8, Handling). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.trim() : '';
}

/** SPEC.md §8 texts, in one place so screens and engine say exactly the same words. */
export const Messages = {
  deriveFailed: 'Failed to derive key',
  generateFailed: 'Failed to generate key',
  encryptFailed: 'Failed to encrypt data',
  decryptFailed: 'Failed to decrypt data',
  keyMissingEncrypt: 'Encryption Key is not present, refresh and unlock app again to encrypt card data',
  keyMissingDecrypt: 'Encryption Key is not present, refresh and unlock app again to decrypt card data',
  refreshAndUnlock: 'Refresh and unlock app again to proceed',
  mixedCollection: "Encrypted and unencrypted cards can't be mixed in one collection",
  createPinFirstToVerify: 'Create PIN first to verify',
  createPinFirstToUnlock: 'Create PIN first to unlock app using PIN',
  createPasswordFirstToVerify: 'Create password first to verify',
  pinIncorrect: 'Entered PIN is incorrect',
  pinTooCommon: 'Entered PIN is too common',
  pinsDoNotMatch: 'PINs do not match',
  passwordIncorrect: 'Entered password is incorrect',
  // Beyond SPEC.md: work that must carry every card over, refused while some card cannot be opened.
  unreadableKeepPin: 'Some cards could not be opened. Delete them first, or keep the PIN.',
  unreadableBeforeJoin: 'Some cards on this device could not be opened. Delete them first, then sign in.',
  // Beyond SPEC.md: the PIN record is bound to this device (DESIGN.md invariant 9).
  pinKeyMissing:
    "This PIN can't be used in this browser: the key that ties it to this device is not here, so nothing was changed.",
  deviceKeyUnavailable: 'This browser would not keep the key that ties the PIN to this device, so no PIN was saved.',
  // Beyond SPEC.md: the engine wraps the key under a new secret only for someone who knows the current one.
  verifyFirst: 'Enter your current PIN or password first, then try again.',
} as const;
