// AES-256-GCM with a given key: IV, ciphertext and tag in one buffer. core/seal.server.ts derives
// the key from SESSION_SECRET; the mint's worker (features/stickers/mint.worker.ts) is handed one
// and opens and seals a batch's passwords off the event loop.
// Imported by a worker that plain Node loads from the source tree: no imports but Node's own.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** IV, ciphertext and tag in one buffer. */
export function sealWithKey(key: Uint8Array, plain: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** The sealed text, or null when it was sealed under another key or altered. */
export function openWithKey(key: Uint8Array, sealed: Uint8Array): string | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
