// Minting from /admin/stickers as a background job. Hashing 10,000 passwords takes seconds of CPU
// (scrypt), which on a shared CPU's quota would starve the finders' scans if taken at once, so
// the form's POST records the batch and answers at once with a redirect to the batch's page, which
// shows the progress; the job writes its tokens in short slices. The form carries an idempotency
// key (like the chat form's send key): a double submit finds the batch the first one created and
// mints nothing more. When the batch is done its passwords are sealed into its row (core/seal) and
// offered once to the admin who minted it, for MINT_PASSWORDS_KEPT_MINUTES; then only their hashes
// remain. A job lives in the process that started it: one that a stop cut short (a deploy's
// SIGTERM, a crash) starts again at the next start, from the beginning — its tokens written so far
// removed, since their passwords died with the process — and the admin's page goes on showing its
// progress (`resumeInterruptedMints`).
//
// The hashes are made in the heavy-job worker (sheet-jobs.server.ts's mintPool: scryptSync on its
// own thread, never libuv's pool that compression and files use), a slice of MINT_SLICE at a time,
// each slice one heavy job (so a card or a sheet asked meanwhile waits one slice, not the whole
// mint), paced to MINT_CPU_SHARE of a core: one hash (~1.4 ms), then a pause, so the process never
// runs a long burst that a CPU quota would make every scan pay for (decision 004); and while the
// rest of the process is busy (MINT_YIELD_ABOVE), it waits before the next hash.
import { and, eq, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { mintBatches, users } from "../../../db/schema.ts";
import { getEnv } from "../../core/env.server.ts";
import { seal, unseal } from "../../core/seal.server.ts";
import { TOKEN_PASSWORD_COST } from "../../../db/password.ts";
import { discardBatchTokens, fillBatch, tokenCsv } from "./mint.server.ts";
import { MINT_PASSWORDS_KEPT_MINUTES } from "./rules.ts";
import { mintPool } from "./sheet-jobs.server.ts";

const SEAL_PURPOSE = "mint-passwords";
/** Passwords hashed and written per heavy job: ~25 × 70 ms ≈ 2 s at the default share. */
const MINT_SLICE = 25;
/** The batch row's progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

const running = new Set<Promise<void>>();

/**
 * Starts minting `count` stickers for `adminId` and returns the batch id; with a `requestKey` this
 * admin already used, returns that batch's id and starts nothing.
 */
export async function requestMint(
  db: Db,
  { adminId, count, requestKey, appUrl }: { adminId: string; count: number; requestKey: string; appUrl: string },
): Promise<string> {
  const [created] = await db
    .insert(mintBatches)
    .values({ count, mintedBy: adminId, requestKey, status: "minting" })
    .onConflictDoNothing({ target: [mintBatches.mintedBy, mintBatches.requestKey] })
    .returning({ id: mintBatches.id })
    .all();
  if (created) {
    const job = runMintJob(db, created.id, count, appUrl).finally(() => running.delete(job));
    running.add(job);
    return created.id;
  }
  const existing = await db
    .select({ id: mintBatches.id })
    .from(mintBatches)
    .where(and(eq(mintBatches.mintedBy, adminId), eq(mintBatches.requestKey, requestKey)))
    .get();
  return existing!.id;
}

async function runMintJob(db: Db, batchId: string, count: number, appUrl: string) {
  let written = 0;
  try {
    // MINT_CPU_SHARE and MINT_YIELD_ABOVE, checked at start with the rest of the environment.
    const { MINT_CPU_SHARE: cpuShare, MINT_YIELD_ABOVE: yieldAbove } = getEnv();
    const tokens = await fillBatch(db, batchId, count, appUrl, {
      sliceSize: MINT_SLICE,
      hashSlice: (passwords) => mintPool.run({ format: "hashes", passwords, cost: TOKEN_PASSWORD_COST, cpuShare, yieldAbove }),
      onProgress: (prepared) => {
        if (Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        db.update(mintBatches).set({ progress: prepared }).where(eq(mintBatches.id, batchId)).run();
      },
    });
    await db
      .update(mintBatches)
      .set({ status: "done", progress: count, finishedAt: new Date(), sealedPasswords: seal(tokenCsv(tokens), SEAL_PURPOSE) })
      .where(eq(mintBatches.id, batchId))
      .run();
  } catch (error) {
    console.error(`Minting batch ${batchId} failed:`, error);
    await discardBatchTokens(db, batchId);
    await db.update(mintBatches).set({ status: "failed", finishedAt: new Date() }).where(eq(mintBatches.id, batchId)).run();
  }
}

/** Resolves when every job this process started has ended (tests; shutdown). */
export async function mintJobsSettled(): Promise<void> {
  await Promise.all(running);
}

/**
 * At start, in the one process that resumes them (server/main.ts): each batch a stopped process
 * left `minting` is minted again from the beginning, under its own id and count. The tokens it had
 * written are removed first: their plain passwords, which only the job held, are gone. Returns how
 * many were resumed; the jobs run in the background like any other (mintJobsSettled).
 */
export async function resumeInterruptedMints(db: Db, appUrl: string): Promise<number> {
  const interrupted = await db.select({ id: mintBatches.id, count: mintBatches.count }).from(mintBatches).where(eq(mintBatches.status, "minting")).all();
  for (const { id, count } of interrupted) {
    await discardBatchTokens(db, id);
    await db.update(mintBatches).set({ progress: 0 }).where(eq(mintBatches.id, id)).run();
    const job = runMintJob(db, id, count, appUrl).finally(() => running.delete(job));
    running.add(job);
  }
  return interrupted.length;
}

/** Ends the offer of passwords nobody downloaded in time. */
async function expirePasswordOffers(db: Db) {
  const before = new Date(Date.now() - MINT_PASSWORDS_KEPT_MINUTES * 60_000);
  await db
    .update(mintBatches)
    .set({ sealedPasswords: null })
    .where(and(isNotNull(mintBatches.sealedPasswords), lt(mintBatches.finishedAt, before)))
    .run();
}

export type MintJobView = {
  id: string;
  count: number;
  status: "minting" | "done" | "failed";
  progress: number;
  createdAt: Date;
  finishedAt: Date | null;
  mintedBy: string | null;
  /** The passwords can still be downloaded, by the viewer (only the admin who minted the batch). */
  passwordsOffered: boolean;
};

/** What the batch's page shows to `viewerId`, or null when there is no such batch. */
export async function mintJobView(db: Db, batchId: string, viewerId: string): Promise<MintJobView | null> {
  await expirePasswordOffers(db);
  const row = await db
    .select({
      id: mintBatches.id,
      count: mintBatches.count,
      status: mintBatches.status,
      progress: mintBatches.progress,
      createdAt: mintBatches.createdAt,
      finishedAt: mintBatches.finishedAt,
      mintedById: mintBatches.mintedBy,
      mintedBy: users.email,
      sealed: isNotNull(mintBatches.sealedPasswords),
    })
    .from(mintBatches)
    .leftJoin(users, eq(users.id, mintBatches.mintedBy))
    .where(eq(mintBatches.id, batchId))
    .get();
  if (!row) return null;
  const { mintedById, sealed, ...view } = row;
  return { ...view, passwordsOffered: Boolean(sealed) && mintedById === viewerId };
}

/**
 * Hands the batch's passwords (CSV) to the admin who minted it, once: read and cleared in one
 * immediate transaction, so two downloads at once (even from two processes) get them once. Null
 * when nothing is offered.
 */
export async function takeMintPasswords(db: Db, batchId: string, adminId: string): Promise<string | null> {
  await expirePasswordOffers(db);
  const where = and(eq(mintBatches.id, batchId), eq(mintBatches.mintedBy, adminId), isNotNull(mintBatches.sealedPasswords));
  // better-sqlite3 runs the transaction synchronously: nothing inside is awaited.
  const sealed = db.transaction(
    (tx) => {
      const row = tx.select({ sealed: mintBatches.sealedPasswords }).from(mintBatches).where(where).get();
      if (!row?.sealed) return null;
      tx.update(mintBatches).set({ sealedPasswords: null }).where(where).run();
      return row.sealed;
    },
    { behavior: "immediate" },
  );
  return sealed ? unseal(sealed, SEAL_PURPOSE) : null;
}
