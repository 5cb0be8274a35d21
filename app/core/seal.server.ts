// Sealing a secret the server must keep for a short while and hand over once (a new sticker
// batch's passwords, until the admin downloads them): AES-256-GCM (core/aes-gcm.ts) with a key
// derived from the newest SESSION_SECRET for one purpose. The database, and Litestream's copies of
// it, then hold only ciphertext; opening fails (null) after the secret rotates, which only ends the
// offer early.
import { hkdfSync } from "node:crypto";
import { openWithKey, sealWithKey } from "./aes-gcm.ts";
import { cookieSecrets } from "./env.server.ts";

/** The key `seal` and `unseal` use for `purpose`, for work that seals elsewhere (a worker thread). */
export function sealKey(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", cookieSecrets()[0]!, "tagback-seal", purpose, 32));
}

/** IV, ciphertext and tag in one buffer. */
export function seal(plain: string, purpose: string): Buffer {
  return sealWithKey(sealKey(purpose), plain);
}

/** The sealed text, or null when it was sealed under another key or altered. */
export function unseal(sealed: Buffer, purpose: string): string | null {
  return openWithKey(sealKey(purpose), sealed);
}
