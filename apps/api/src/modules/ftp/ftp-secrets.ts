import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (passwords, private keys, passphrases of file-delivery connections):
 * AES-256-GCM with a random 96-bit IV per value and the column name as additional data, so
 * that a value copied into another column does not decrypt. Stored as
 * `v1:<base64(iv | tag | ciphertext)>`; the version prefix leaves room for key rotation.
 */
export interface SecretBox {
  seal(field: SecretField, plain: string): string;
  open(field: SecretField, sealed: string): string;
}

export type SecretField = 'password' | 'privateKey' | 'passphrase';

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export function createSecretBox(key: Uint8Array): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) {
    throw new Error(`The secrets key must be ${SECRET_KEY_BYTES} bytes`);
  }
  const keyCopy = Buffer.from(key);
  return {
    seal(field, plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyCopy, iv);
      cipher.setAAD(Buffer.from(field));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(field, sealed) {
      if (!sealed.startsWith(VERSION)) throw new Error('Unknown secret envelope');
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', keyCopy, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(field));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
