// Minting sticker tokens: TOKEN_LENGTH random digits printed on a sticker, with a digit password that claims it.
// Used by the operator CLI (scripts/tokens.ts), by tests and by the app.
import { randomInt } from "node:crypto";
import type { Db } from "../../../db/connection.ts";
import { mintBatches, tagbackTokens } from "../../../db/schema.ts";
import { hashPassword } from "../../../db/password.ts";
import { DEMO_TOKEN, isToken, MAX_MINT_COUNT, MINTED_PASSWORD_LENGTH, TOKEN_LENGTH } from "./rules.ts";

export type MintedToken = { token: string; password: string; url: string };
/** A minted batch: its `mint_batches` row id and its tokens with their plain passwords (shown once). */
export type MintedBatch = { batchId: string; tokens: MintedToken[] };
export type MintOptions = {
  /** The admin who mints from /admin/stickers; null (the default) for the operator CLI. */
  mintedBy?: string | null;
  /** Source of candidate tokens (tests inject one to force collisions). */
  generateToken?: () => string;
};

/** `length` uniformly random decimal digits (leading zeros allowed). */
function randomDigits(length: number): string {
  // crypto.randomInt accepts ranges below 2^48, so TOKEN_LENGTH (12) digits fit in one draw.
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

export function generateToken(): string {
  return randomDigits(TOKEN_LENGTH);
}

export function generateTokenPassword(): string {
  return randomDigits(MINTED_PASSWORD_LENGTH);
}

function isValidMintCount(count: unknown): count is number {
  return Number.isInteger(count) && (count as number) >= 1 && (count as number) <= MAX_MINT_COUNT;
}

/** The URL printed in a sticker's QR code. */
export function tokenUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}/?t=${token}`;
}

/** Runs `fn` over `items` with at most `limit` calls in flight (scrypt runs on libuv's thread pool). */
async function mapWithConcurrency<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const INSERT_CHUNK = 500; // rows per INSERT statement, well under SQLite's bound-parameter limit
const MAX_ROUNDS = 100; // regeneration rounds before giving up (a broken generator, not bad luck)

/**
 * Records a batch (`mint_batches`) and inserts `count` new unclaimed, unverified tokens in it;
 * returns the batch id and each token with its plain password (shown once, for printing) and its
 * URL. The CLI and /admin/stickers both mint through here. Tokens never repeat: a candidate that
 * already exists in the database (unique index, ON CONFLICT DO NOTHING) or earlier in the batch is
 * regenerated.
 * Passwords are hashed before the write transaction so it stays short; the transaction makes the
 * batch all-or-nothing.
 */
export async function mintTokens(
  db: Db,
  count: number,
  appUrl: string,
  options: MintOptions = {},
): Promise<MintedBatch> {
  if (!isValidMintCount(count)) {
    throw new RangeError(`count must be an integer from 1 to ${MAX_MINT_COUNT}, got ${String(count)}`);
  }
  const nextToken = options.generateToken ?? generateToken;
  const passwords = Array.from({ length: count }, generateTokenPassword);
  const hashes = await mapWithConcurrency(passwords, 8, hashPassword);

  // The demo token answers the demo profile in every search, so it is never printed on a sticker.
  const seen = new Set<string>([DEMO_TOKEN]);
  const freshCandidate = () => {
    for (let attempt = 0; attempt < MAX_ROUNDS; attempt++) {
      const token = nextToken();
      if (!isToken(token)) throw new Error(`generated token is not ${TOKEN_LENGTH} digits: ${token}`);
      if (!seen.has(token)) {
        seen.add(token);
        return token;
      }
    }
    throw new Error("could not generate a unique token");
  };

  // better-sqlite3 runs transactions synchronously (its callback may not return a promise), so the
  // statements inside are not awaited; nothing else can interleave on this connection meanwhile.
  const { batchId, tokens } = await db.transaction((tx) => {
    const [batch] = tx
      .insert(mintBatches)
      .values({ count, mintedBy: options.mintedBy ?? null })
      .returning({ id: mintBatches.id })
      .all();
    const slots = passwords.map(() => freshCandidate());
    let pending = slots.map((_, index) => index);
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_ROUNDS) throw new Error("could not insert unique tokens");
      const collided: number[] = [];
      for (let start = 0; start < pending.length; start += INSERT_CHUNK) {
        const chunk = pending.slice(start, start + INSERT_CHUNK);
        const inserted = tx
          .insert(tagbackTokens)
          .values(
            chunk.map((i) => ({
              token: slots[i]!,
              passwordHash: hashes[i]!,
              isClaimed: false,
              isVerified: false,
              batchId: batch!.id,
            })),
          )
          .onConflictDoNothing({ target: tagbackTokens.token })
          .returning({ token: tagbackTokens.token })
          .all();
        const written = new Set(inserted.map((row) => row.token));
        for (const i of chunk) if (!written.has(slots[i]!)) collided.push(i);
      }
      for (const i of collided) slots[i] = freshCandidate();
      pending = collided;
    }
    return { batchId: batch!.id, tokens: slots };
  });

  return {
    batchId,
    tokens: tokens.map((token, i) => ({ token, password: passwords[i]!, url: tokenUrl(appUrl, token) })),
  };
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** CSV with the header `token,password,url`, one line per token, ending in a newline. */
export function tokenCsv(rows: ReadonlyArray<MintedToken>): string {
  const lines = [["token", "password", "url"], ...rows.map((r) => [r.token, r.password, r.url])];
  return lines.map((fields) => fields.map(csvField).join(",")).join("\n") + "\n";
}
