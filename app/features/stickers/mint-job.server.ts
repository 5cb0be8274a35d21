// Minting from /admin/stickers as a background job. Hashing 10,000 passwords takes seconds of CPU
// (scrypt), which on a shared CPU's quota would starve the finders' scans if taken at once, so
// the form's POST records the batch and answers at once with a redirect to the batch's page, which
// shows the progress; the job writes its tokens in short slices. The form carries an idempotency
// key (like the chat form's send key): a double submit finds the batch the first one created and
// mints nothing more. When the batch is done its passwords are sealed into its row (core/seal) and
// offered once to the admin who minted it, for MINT_PASSWORDS_KEPT_MINUTES; then only their hashes
// remain.
//
// A job survives a stop. Each slice's passwords are sealed into `mint_slices` in the transaction
// that writes its tokens, so the database never holds a token whose password is lost. A stop
// (SIGTERM: server/main.ts calls stopMints) lets the slice being hashed finish — unpaced, within the
// shutdown's time — and starts no other; at the next start `resumeInterruptedMints` goes on from the
// first position not written, and the admin's page shows the progress going on. When the batch is
// done its slices become its one sealed CSV. Only when a slice cannot be opened (SESSION_SECRET
// rotated between the stop and the start, or a crash of an older version that kept no slices) does
// the batch start again from the beginning, its unclaimable tokens removed.
//
// The hashes are made in the mint's worker (mintPool below, mint.worker.ts: scryptSync on its own
// thread, never libuv's pool that compression and files use), a slice of MINT_SLICE at a time,
// each slice one heavy job (so a card or a sheet asked meanwhile waits one slice, not the whole
// mint), paced to MINT_CPU_SHARE of a core: one hash (~1.4 ms), then a pause, so the process never
// runs a long burst that a CPU quota would make every scan pay for (decision 004); and before each
// hash it waits while the server answers a request (core/requests-in-flight.server.ts), at most a
// second, so a mint moves between scans and never stops.
import { and, asc, count as countRows, eq, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { mintBatches, mintSlices, tagbackTokens, users } from "../../../db/schema.ts";
import { getEnv } from "../../core/env.server.ts";
import { seal, sealKey, unseal } from "../../core/seal.server.ts";
import { TOKEN_PASSWORD_COST } from "../../../db/password.ts";
import { hurry, traffic } from "../../core/requests-in-flight.server.ts";
import { discardBatchTokens, fillBatch, MintStopped, TOKEN_CSV_HEADER, tokenCsvLines } from "./mint.server.ts";
import { MINT_PASSWORDS_KEPT_MINUTES } from "./rules.ts";
import { workerPool, type WorkerPool } from "../../core/worker-pool.server.ts";
import type { HashTask, JoinTask, MintTask } from "./mint.worker.ts";

const SEAL_PURPOSE = "mint-passwords";
/** Passwords hashed and written per heavy job: ~25 × 70 ms ≈ 2 s at the default share. */
const MINT_SLICE = 25;
/**
 * The mint's thread (a few MB), kept while a mint runs and ended 30 s after: a slice's hashes, or at
 * the end the batch's slices joined into one sealed CSV. Warmed when an admin opens the mint's form
 * (/admin/stickers), so a mint's first slice does not wait for it to start. Every mint job has at
 * most one task waiting: never refused. Typed per task: a slice's hashes, or the joined CSV.
 */
export const mintPool = workerPool<MintTask, string[] | Uint8Array | null>({
  caller: import.meta.url,
  source: "./mint.worker.ts",
  bundled: "mint-worker.js",
  kind: "mint",
  maxQueue: Infinity,
}) as Omit<WorkerPool<MintTask, never>, "run"> & {
  run(task: HashTask): Promise<string[]>;
  run(task: JoinTask): Promise<Uint8Array | null>;
};
/** The batch row's progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

// On globalThis: in development server/main.ts (which resumes and stops jobs) and the app's routes
// (which start them, through Vite) load two copies of this module.
const holder = globalThis as typeof globalThis & { __tagbackMintJobs?: { running: Set<Promise<void>>; stopping: boolean } };
holder.__tagbackMintJobs ??= { running: new Set(), stopping: false };
const jobs = holder.__tagbackMintJobs;

function startJob(db: Db, batchId: string, count: number, appUrl: string, from = 0) {
  const job = runMintJob(db, batchId, count, appUrl, from).finally(() => jobs.running.delete(job));
  jobs.running.add(job);
}

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
    startJob(db, created.id, count, appUrl);
    return created.id;
  }
  const existing = await db
    .select({ id: mintBatches.id })
    .from(mintBatches)
    .where(and(eq(mintBatches.mintedBy, adminId), eq(mintBatches.requestKey, requestKey)))
    .get();
  return existing!.id;
}

async function runMintJob(db: Db, batchId: string, count: number, appUrl: string, from: number) {
  let written = 0;
  try {
    // MINT_CPU_SHARE, checked at start with the rest of the environment.
    const { MINT_CPU_SHARE: cpuShare } = getEnv();
    await fillBatch(db, batchId, count, appUrl, {
      from,
      sliceSize: MINT_SLICE,
      hashSlice: (passwords) => mintPool.run({ passwords, cost: TOKEN_PASSWORD_COST, cpuShare, traffic: traffic() }),
      keepSlice: (tx, start, tokens) => {
        tx.insert(mintSlices).values({ batchId, start, sealedPasswords: seal(tokenCsvLines(tokens), SEAL_PURPOSE) }).run();
      },
      stopped: () => jobs.stopping,
      onProgress: (prepared) => {
        if (Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        db.update(mintBatches).set({ progress: prepared }).where(eq(mintBatches.id, batchId)).run();
      },
    });
    // The slices become the batch's one sealed CSV: opened and sealed again in the mint's worker
    // (for 10,000 stickers ~10–15 ms of AES, on the event loop a stall of ~0.2 s under a shared
    // CPU's quota: decision 004), then written in one transaction (synchronous: nothing awaited).
    // Only this job writes the batch's slices, so they are the same when the joined CSV comes back.
    const slices = db.select({ sealed: mintSlices.sealedPasswords }).from(mintSlices).where(eq(mintSlices.batchId, batchId)).orderBy(asc(mintSlices.start)).all();
    const joined = await mintPool.run({ key: sealKey(SEAL_PURPOSE), header: TOKEN_CSV_HEADER, sealedSlices: slices.map((slice) => slice.sealed) });
    if (joined === null) throw new Error("a slice's passwords could not be opened (SESSION_SECRET rotated during the mint?)");
    db.transaction((tx) => {
      tx.update(mintBatches)
        .set({ status: "done", progress: count, finishedAt: new Date(), sealedPasswords: Buffer.from(joined.buffer, joined.byteOffset, joined.byteLength) })
        .where(eq(mintBatches.id, batchId))
        .run();
      tx.delete(mintSlices).where(eq(mintSlices.batchId, batchId)).run();
    });
  } catch (error) {
    if (error instanceof MintStopped) {
      // Left `minting`, its slices kept: the next start goes on from here.
      db.update(mintBatches).set({ progress: error.written }).where(eq(mintBatches.id, batchId)).run();
      return;
    }
    console.error(`Minting batch ${batchId} failed:`, error);
    await discardBatchTokens(db, batchId);
    await db.delete(mintSlices).where(eq(mintSlices.batchId, batchId)).run();
    await db.update(mintBatches).set({ status: "failed", finishedAt: new Date() }).where(eq(mintBatches.id, batchId)).run();
  }
}

/** Resolves when every job this process started has ended (tests). */
export async function mintJobsSettled(): Promise<void> {
  await Promise.all(jobs.running);
}

/**
 * A stop (server/main.ts): the slice each job is hashing runs to its end, unpaced and giving way to
 * nobody, its tokens and sealed passwords written; no further slice starts. Resolves when every job
 * has stopped; their batches stay `minting` for the next start.
 */
export async function stopMints(): Promise<void> {
  jobs.stopping = true;
  hurry();
  await mintJobsSettled();
}

/**
 * At start, in the one process that resumes them (server/main.ts): each batch a stopped process
 * left `minting` goes on from its first position not written. When its written tokens are not all
 * in slices that open (SESSION_SECRET rotated since, or a process that kept no slices), their
 * passwords are lost: those tokens are removed and the batch starts again from the beginning.
 * Returns the batches resumed and how many of them started over; the jobs run in the background
 * like any other (mintJobsSettled).
 */
export async function resumeInterruptedMints(db: Db, appUrl: string): Promise<{ resumed: number; restarted: number }> {
  const interrupted = await db.select({ id: mintBatches.id, count: mintBatches.count }).from(mintBatches).where(eq(mintBatches.status, "minting")).all();
  let restarted = 0;
  for (const { id, count } of interrupted) {
    const slices = await db.select().from(mintSlices).where(eq(mintSlices.batchId, id)).orderBy(asc(mintSlices.start)).all();
    const [tokens] = await db.select({ n: countRows() }).from(tagbackTokens).where(eq(tagbackTokens.batchId, id)).all();
    let kept = 0;
    let whole = true;
    for (const slice of slices) {
      const lines = unseal(slice.sealedPasswords, SEAL_PURPOSE);
      // Slices are written in order, each starting where the one before ended.
      if (lines === null || slice.start !== kept) {
        whole = false;
        break;
      }
      kept += lines.split("\n").length - 1;
    }
    if (!whole || kept !== tokens!.n) {
      restarted++;
      kept = 0;
      await discardBatchTokens(db, id);
      await db.delete(mintSlices).where(eq(mintSlices.batchId, id)).run();
    }
    await db.update(mintBatches).set({ progress: kept }).where(eq(mintBatches.id, id)).run();
    startJob(db, id, count, appUrl, kept);
  }
  return { resumed: interrupted.length, restarted };
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
