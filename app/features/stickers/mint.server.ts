// Minting sticker tokens: TOKEN_LENGTH random digits printed on a sticker, with a digit password that claims it.
// Used by the operator CLI (scripts/tokens.ts), by tests and by the app.
import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { mintBatches, tagbackTokens } from "../../../db/schema.ts";
import { hashPassword, TOKEN_PASSWORD_COST } from "../../../db/password.ts";
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

const INSERT_CHUNK = 500; // rows per INSERT statement and per transaction: a few milliseconds each
const MAX_ROUNDS = 100; // regeneration rounds before giving up (a broken generator, not bad luck)

/** Lets the event loop answer whatever waits (a scan, the health check) between two slices of work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export type FillOptions = Pick<MintOptions, "generateToken"> & {
  /** scrypt hashes in flight at once on libuv's thread pool (4 threads), when no `hashSlice` is given: the CLI takes 8. */
  hashConcurrency?: number;
  /**
   * Hashes one slice of passwords. The default hashes in this process on libuv's thread pool (the
   * CLI, which serves nobody); the server's job passes the heavy-job worker's (mint-job.server.ts).
   */
  hashSlice?: (passwords: string[]) => Promise<string[]>;
  /** Passwords hashed, then written, at a time (default INSERT_CHUNK). */
  sliceSize?: number;
  /** Called after each slice is written, with how many tokens are. */
  onProgress?: (prepared: number) => void;
  /** Tokens of the batch already written by an earlier run: minting goes on from there (default 0). */
  from?: number;
  /**
   * Called inside each slice's transaction with the tokens it writes and the first one's position,
   * so what it keeps (the job's sealed passwords) is written with them or not at all.
   */
  keepSlice?: (tx: Tx, start: number, tokens: MintedToken[]) => void;
  /** Asked before each slice: true stops the mint there (MintStopped), what was written kept. */
  stopped?: () => boolean;
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A mint stopped between two slices (the server stopping): its batch is neither done nor failed. */
export class MintStopped extends Error {
  readonly written: number;
  constructor(written: number) {
    super(`the mint stopped after ${written} tokens`);
    this.written = written;
  }
}

/**
 * Mints `count` new unclaimed, unverified tokens into the existing batch `batchId`; each slice's
 * tokens, with their plain passwords (shown once, for printing) and URLs, go to `keepSlice`, inside
 * the transaction that writes them. Tokens never repeat: a
 * candidate that already exists in the database (unique index, ON CONFLICT DO NOTHING) or earlier
 * in the batch is regenerated.
 * A slice at a time, the passwords are hashed (never on the event loop) and their tokens written,
 * each slice its own short transaction with a yield between, so no write holds the database (or
 * the loop) for long and the writes are spread over the whole mint. The batch is complete only
 * when its row says `done`; a failure leaves tokens behind, which `discardBatchTokens` removes.
 * With `from`, positions before it are taken as written and only the rest is minted.
 */
export async function fillBatch(db: Db, batchId: string, count: number, appUrl: string, options: FillOptions = {}): Promise<void> {
  if (!isValidMintCount(count)) {
    throw new RangeError(`count must be an integer from 1 to ${MAX_MINT_COUNT}, got ${String(count)}`);
  }
  const nextToken = options.generateToken ?? generateToken;
  const hashSlice =
    options.hashSlice ?? ((slice: string[]) => mapWithConcurrency(slice, options.hashConcurrency ?? 8, (password) => hashPassword(password, TOKEN_PASSWORD_COST)));
  const sliceSize = options.sliceSize ?? INSERT_CHUNK;
  const from = options.from ?? 0;
  // Indexed by position in the batch; positions before `from` were minted by an earlier run. Each
  // slice draws its own passwords and tokens when its turn comes: drawn all at once, a 10,000 mint's
  // 20,000 draws were ~6–14 ms on the event loop at its start, a stall of 100–220 ms under a
  // shared CPU's quota (decision 004).
  const passwords: string[] = Array.from({ length: count }, () => "");
  const slots: string[] = Array.from({ length: count }, () => "");

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

  for (let start = from; start < count; start += sliceSize) {
    if (options.stopped?.()) throw new MintStopped(start);
    const end = Math.min(count, start + sliceSize);
    for (let i = start; i < end; i++) {
      passwords[i] = generateTokenPassword();
      slots[i] = freshCandidate();
    }
    const hashes = await hashSlice(passwords.slice(start, end));
    if (hashes.length !== end - start) throw new Error(`a slice of ${end - start} passwords came back with ${hashes.length} hashes`);
    // better-sqlite3 runs the transaction synchronously: nothing inside is awaited.
    db.transaction((tx) => {
      let pending = Array.from({ length: end - start }, (_, i) => start + i);
      for (let round = 0; pending.length > 0; round++) {
        if (round >= MAX_ROUNDS) throw new Error("could not insert unique tokens");
        const inserted = tx
          .insert(tagbackTokens)
          .values(
            pending.map((i) => ({ token: slots[i]!, passwordHash: hashes[i - start]!, isClaimed: false, isVerified: false, batchId })),
          )
          .onConflictDoNothing({ target: tagbackTokens.token })
          .returning({ token: tagbackTokens.token })
          .all();
        const written = new Set(inserted.map((row) => row.token));
        pending = pending.filter((i) => !written.has(slots[i]!));
        for (const i of pending) slots[i] = freshCandidate();
      }
      options.keepSlice?.(tx, start, minted(start, end));
    });
    options.onProgress?.(end);
    await yieldToEventLoop();
  }

  function minted(first: number, end: number): MintedToken[] {
    return slots.slice(first, end).map((token, i) => ({ token, password: passwords[first + i]!, url: tokenUrl(appUrl, token) }));
  }
}

/** Removes what a failed mint wrote into its batch, a chunk at a time. */
export async function discardBatchTokens(db: Db, batchId: string): Promise<void> {
  for (;;) {
    const result = await db.run(
      sql`delete from ${tagbackTokens} where rowid in (select rowid from ${tagbackTokens} where ${tagbackTokens.batchId} = ${batchId} limit ${INSERT_CHUNK})`,
    );
    if (result.changes < INSERT_CHUNK) return;
    await yieldToEventLoop();
  }
}

/**
 * Records a batch (`mint_batches`) and mints `count` tokens in it now: the operator CLI and tests.
 * The admin page mints through a background job instead (mint-job.server.ts). A failure removes
 * the batch and its tokens: nothing half-minted stays.
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
  const [batch] = await db
    .insert(mintBatches)
    .values({ count, mintedBy: options.mintedBy ?? null, status: "minting" })
    .returning({ id: mintBatches.id })
    .all();
  const batchId = batch!.id;
  try {
    const tokens: MintedToken[] = [];
    await fillBatch(db, batchId, count, appUrl, { generateToken: options.generateToken, keepSlice: (_tx, _start, slice) => tokens.push(...slice) });
    await db.update(mintBatches).set({ status: "done", progress: count, finishedAt: new Date() }).where(eq(mintBatches.id, batchId)).run();
    return { batchId, tokens };
  } catch (error) {
    await discardBatchTokens(db, batchId);
    await db.delete(mintBatches).where(eq(mintBatches.id, batchId)).run();
    throw error;
  }
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const TOKEN_CSV_HEADER = "token,password,url\n";

/** The CSV's lines for `rows`, without the header, each ending in a newline. */
export function tokenCsvLines(rows: ReadonlyArray<MintedToken>): string {
  return rows.map((r) => [r.token, r.password, r.url].map(csvField).join(",") + "\n").join("");
}

/** CSV with the header `token,password,url`, one line per token, ending in a newline. */
export function tokenCsv(rows: ReadonlyArray<MintedToken>): string {
  return TOKEN_CSV_HEADER + tokenCsvLines(rows);
}
