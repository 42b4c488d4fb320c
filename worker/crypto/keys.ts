/**
 * Keys typed by role, so a data key can never be passed where a wrapping key is expected and vice versa.
 * Both are plain `CryptoKey`s at run time; the brand exists only for the type checker.
 */
declare const role: unique symbol;

/** The data key (DEK): AES-GCM 256, encrypts and decrypts card data. */
export type DataKey = CryptoKey & { readonly [role]: 'data' };

/**
 * A key-encryption key (KEK) derived from a password, PIN or passkey: AES-GCM 256, used only on the DEK (to wrap or
 * unwrap it, or to encrypt or decrypt its base64 text; crypto/wrapped-key.ts).
 */
export type WrappingKey = CryptoKey & { readonly [role]: 'wrapping' };
