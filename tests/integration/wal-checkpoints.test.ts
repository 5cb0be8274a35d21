// WAL checkpoints off the request path (server/wal-checkpoints.ts, decision 037): a serving
// connection's commits no longer copy the WAL into the file themselves; a thread does, on its own
// connection, and the server's clean stop still ends with the WAL checkpointed and removed.
// Observed through the WAL index itself (the -shm file): mxFrame, the frames written, and
// nBackfill, the frames copied into the database file, read without touching the database.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection.ts";
import Database from "better-sqlite3";
import { BACKSTOP_FRAMES, COPY_FRAMES, leaveCheckpointsToThread, LINGER_MS, startCheckpointing, TRUNCATE_RETRY_MAX_MS, TRUNCATE_RETRY_MS, WAKE_FRAMES } from "../../server/wal-checkpoints.ts";
import { truncateWalSoon } from "~/core/wal-truncate.server";
import { walIndex as readWalIndex } from "../../server/wal-index.js";
import { processMetrics } from "~/core/metrics.server";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { startServer, stopServer, waitForExit, type ServerProcess } from "./helpers";

const PHONE = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";

/** The WAL index header's frame counts, read as the server and its thread read them (server/wal-index.js). */
function walIndex(file: string) {
  const fd = fs.openSync(`${file}-shm`, "r");
  try {
    return readWalIndex(fd)!;
  } finally {
    fs.closeSync(fd);
  }
}

function tempFile() {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tagback-wal-")), "wal.db");
}

/** Commits one small row at a time, as scans do: each commit adds frames to the WAL. */
function writeRows(db: Db, count: number) {
  db.$client.exec("create table if not exists t (n integer primary key, v text)");
  const insert = db.$client.prepare("insert into t (v) values (?)");
  for (let i = 0; i < count; i++) insert.run(`row ${i} `.repeat(20));
}

describe("the checkpointer thread", () => {
  const opened: Db[] = [];
  afterAll(() => opened.forEach((db) => db.$client.close()));

  test("a serving connection's commits leave the WAL to the thread, which copies all of it, a few frames once they have waited", { timeout: 30_000 }, async () => {
    const file = tempFile();
    const { db } = openDatabase(file);
    opened.push(db);
    leaveCheckpointsToThread(db);
    // Past SQLite's default threshold of 1,000 frames, not past the backstop: nothing is copied in a commit.
    writeRows(db, 2_000);
    const before = walIndex(file);
    expect(before.frames).toBeGreaterThan(1_000);
    expect(before.frames).toBeLessThan(BACKSTOP_FRAMES);
    expect(before.copied).toBe(0);

    const stop = new AbortController();
    const stopped = startCheckpointing(file, stop.signal);
    await expect.poll(() => walIndex(file).copied, { timeout: 10_000 }).toBe(before.frames);
    // Writes go on while it runs; the next round copies them too.
    writeRows(db, 300);
    await expect.poll(() => walIndex(file), { timeout: 10_000 }).toSatisfy(({ frames, copied }) => copied === frames && frames !== before.frames);
    // A few frames, far fewer than COPY_FRAMES (a finder's pace): copied once they have waited LINGER_MS.
    // (The WAL starts over once all of it is copied: counted from the index as it is after them.)
    writeRows(db, 5);
    const waiting = walIndex(file);
    expect(waiting.frames - waiting.copied).toBeGreaterThan(0);
    expect(waiting.frames - waiting.copied).toBeLessThan(COPY_FRAMES);
    await expect.poll(() => walIndex(file), { timeout: LINGER_MS + 5_000 }).toSatisfy(({ frames, copied }) => copied === frames);
    const metrics = await processMetrics.metrics();
    expect(metrics).toMatch(/^tagback_sqlite_checkpoint_seconds_count [1-9]/m);
    expect(metrics).toMatch(/^tagback_sqlite_wal_frames_behind 0$/m);

    stop.abort();
    await stopped;
    // Its connection is closed: this one is the last, and closing it removes the WAL.
    db.$client.close();
    opened.pop();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  test("an erasure's TRUNCATE waits out a reader, trying again, and empties the -wal once it lets go", { timeout: 30_000 }, async () => {
    const file = tempFile();
    const { db } = openDatabase(file);
    opened.push(db);
    leaveCheckpointsToThread(db);
    writeRows(db, 50);
    // A reader in a transaction that began with frames in the WAL: no TRUNCATE can finish while it lasts.
    const reader = new Database(file);
    reader.exec("begin");
    reader.prepare("select count(*) from t").get();
    const stop = new AbortController();
    const stopped = startCheckpointing(file, stop.signal);
    truncateWalSoon();
    // Tries go on (each waits TRUNCATE_BUSY_MS at most, found busy) while the serving connection keeps writing.
    const busyTries = async () => Number(/^tagback_sqlite_wal_truncate_busy_total (\d+)/m.exec(await processMetrics.metrics())?.[1] ?? 0);
    const before = await busyTries();
    await expect
      .poll(async () => {
        writeRows(db, 5);
        return (await busyTries()) - before;
      }, { timeout: 10_000, interval: TRUNCATE_RETRY_MS })
      .toBeGreaterThanOrEqual(2);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0);
    reader.exec("commit");
    reader.close();
    await expect.poll(() => fs.statSync(`${file}-wal`).size, { timeout: TRUNCATE_RETRY_MAX_MS + 5_000 }).toBe(0);
    // The thread empties the file, then reports it in a message the main thread counts: on a busy
    // machine the count comes a moment after the file is empty, so it is waited for, not read at once.
    await expect.poll(() => processMetrics.metrics(), { timeout: 5_000 }).toMatch(/^tagback_sqlite_wal_truncations_total\{outcome="done"\} [1-9]/m);
    stop.abort();
    await stopped;
  });

  test("past the backstop, a commit still checkpoints by itself (a stalled thread cannot grow the WAL without end)", () => {
    const file = tempFile();
    const { db } = openDatabase(file);
    opened.push(db);
    leaveCheckpointsToThread(db);
    writeRows(db, BACKSTOP_FRAMES + 500);
    // The commit that crossed the backstop copied the WAL, and a later one started it over.
    expect(walIndex(file).frames).toBeLessThan(BACKSTOP_FRAMES);
  });
});

describe("the real server", () => {
  let server: ServerProcess | undefined;
  afterAll(() => stopServer(server));

  test("scans are copied into the file by the thread, and a clean stop leaves no WAL behind", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tagback-wal-server-")), "tagback.db");
    server = await startServer({ DATABASE_PATH: file, TRUST_PROXY: "fly" });
    // Scans of two owners from many finders (each a visit and a limiter row, written in commits),
    // until enough frames wait for the server to start its thread.
    for (let i = 0; walIndex(file).frames < WAKE_FRAMES; i++) {
      expect(i).toBeLessThan(2_000);
      const token = i % 2 ? DEMO_IDENTIFIERS.aarav.token : DEMO_IDENTIFIERS.priya.token;
      const response = await fetch(`${server.url}/?t=${token}`, { headers: { "User-Agent": PHONE, "Fly-Client-IP": `203.0.${113 + (i >> 8)}.${i & 255}` } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const written = walIndex(file).frames;
    expect(written).toBeGreaterThan(0);
    await expect.poll(() => walIndex(file).copied, { timeout: 10_000 }).toBeGreaterThanOrEqual(written);

    server.child.kill("SIGTERM");
    await waitForExit(server.child);
    expect(server.child.exitCode).toBe(0);
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
