// Sealing a secret the server must keep for a short while and hand over once (a new sticker
// batch's passwords, until the admin downloads them): AES-256-GCM with a key derived from the
// newest SESSION_SECRET for one purpose. The database, and Litestream's copies of it, then hold
// only ciphertext; opening fails (null) after the secret rotates, which only ends the offer early.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { cookieSecrets } from "./env.server.ts";

const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", cookieSecrets()[0]!, "tagback-seal", purpose, 32));
}

/** IV, ciphertext and tag in one buffer. */
export function seal(plain: string, purpose: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** The sealed text, or null when it was sealed under another key or altered. */
export function unseal(sealed: Buffer, purpose: string): string | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), sealed.subarray(0, IV_BYTES));
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
