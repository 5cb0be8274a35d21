// Hashing of the secrets the database stores (token passwords, developer-mode account passwords):
// scrypt from node:crypto, compared in constant time; format scrypt$N$r$p$salt$hash (base64url).
// The app and the demo seed both use it, so it lives beside the schema (db/ never imports app/).
import { randomBytes, scrypt as scryptCallback, scryptSync, timingSafeEqual, type ScryptOptions } from "node:crypto";

const KEY_LENGTH = 32;

export type ScryptCost = { N: number; r: number; p: number };

/** A password a person chose (developer-mode accounts): guessable, so the full cost (~25–45 ms of CPU). */
export const ACCOUNT_PASSWORD_COST: ScryptCost = { N: 16384, r: 8, p: 1 };
/**
 * A sticker's password: 8 random digits the server drew, printed under the sticker's scratch-off,
 * for claiming an unclaimed sticker (limited online: 5 tries per token a day). A sixteenth of the
 * cost (~1.4–3 ms) lets a 10,000-sticker mint run in seconds of CPU instead of minutes on a shared
 * CPU; offline, a stolen database still costs ~1.4 ms × 10^8 ≈ 40 core-hours per sticker, each
 * with its own salt (decision 023, amended).
 */
export const TOKEN_PASSWORD_COST: ScryptCost = { N: 1024, r: 8, p: 1 };

function scrypt(secret: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(secret.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The hash stores its cost, so a hash made at another cost still verifies. */
export async function hashPassword(secret: string, cost: ScryptCost = ACCOUNT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await scrypt(secret, salt, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * The same hash computed on the calling thread. Only for a worker thread (the mint's, in
 * features/stickers/mint.worker.ts): there it holds neither the event loop nor libuv's thread pool,
 * which the async form uses and which zlib and the file system share.
 */
export function hashPasswordSync(secret: string, cost: ScryptCost): string {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = scryptSync(secret.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(secret, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(rr),
    p: Number(pp),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
