// The WAL checkpointer's thread (server/wal-checkpoints.ts starts it). SQLite's own checkpoint runs
// inside whichever commit pushes the WAL past its threshold: on the request path, in the event loop,
// with two fsyncs — single statements of 70–520 ms under cold-scan load (docs/performance.md, decision 037).
// Here a second connection to the same file checkpoints in a thread of its own, so no request
// waits for one. PASSIVE: it copies what it can and never waits for (or blocks) a reader or a
// writer, as SQLite's automatic checkpoint does, so Litestream's read lock is respected as before.
//
// Every `intervalMs` it reads the WAL index's header (no SQL) and checkpoints only once `copyFrames`
// wait, or once frames have waited `lingerMs`: under load that is every look, at a finder's pace
// it copies a page written by many scans once instead of once a scan.
//
// After an erasure it is asked for a TRUNCATE checkpoint (decision 045): everything copied and the
// -wal emptied, so the erased rows' earlier copies leave the volume. That waits for readers and
// holds off writers meanwhile, so each try waits at most `truncate.busyMs` (its connection's busy
// timeout) and a busy one is tried again later, backing off, until `truncate.giveUpMs`.
// Plain JavaScript on purpose: a production process loads no TypeScript (server.js).
import fs from "node:fs";
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";
import { walIndex } from "./wal-index.js";

const { file, intervalMs, idleRounds, copyFrames, lingerMs, truncate } = workerData;
// The busy timeout bounds a TRUNCATE try's wait (a PASSIVE checkpoint never waits).
const db = new Database(file, { fileMustExist: true, timeout: truncate.busyMs });
// The connection has made the -shm file if nothing else had.
const shm = fs.openSync(`${file}-shm`, "r");
let idle = 0;
let stopped = false;
let lastFrames = -1;
/** When the frames now waiting began to wait (since the last checkpoint); null when none wait. */
let waitingSince = null;
/** A TRUNCATE asked for and not done yet: when it was asked (Date.now()), tries, the next try's time and wait. */
let truncation = null;

function askTruncate(askedAt) {
  // A second erasure meanwhile gets its own time to give up after; one truncation serves both.
  truncation = { askedAt, tries: truncation?.tries ?? 0, nextAt: 0, delay: truncate.retryMs };
}

function tryTruncate() {
  const wanted = truncation;
  wanted.tries++;
  let row = { busy: 1 };
  try {
    [row] = db.pragma("wal_checkpoint(TRUNCATE)");
  } catch (error) {
    parentPort.postMessage({ error: String(error?.code ?? error) });
  }
  const seconds = (Date.now() - wanted.askedAt) / 1000;
  if (row.busy === 0) {
    truncation = null;
    waitingSince = null;
    parentPort.postMessage({ truncated: true, seconds });
  } else if (Date.now() - wanted.askedAt >= truncate.giveUpMs) {
    truncation = null;
    parentPort.postMessage({ truncated: false, seconds, tries: wanted.tries });
  } else {
    parentPort.postMessage({ truncateBusy: true });
    wanted.nextAt = performance.now() + wanted.delay;
    wanted.delay = Math.min(wanted.delay * 2, truncate.retryMaxMs);
  }
}

function look() {
  if (truncation && performance.now() >= truncation.nextAt) tryTruncate();
  const index = walIndex(shm) ?? { frames: 0, copied: 0 };
  // Nothing written since the last look, for long enough: the thread ends. It costs ~10 MB while
  // it lives, and the server starts it again when frames wait (server/wal-checkpoints.ts).
  if (index.frames !== lastFrames) {
    lastFrames = index.frames;
    idle = 0;
  } else if (++idle >= idleRounds && !truncation) {
    return stop();
  }
  const behind = index.frames - index.copied;
  if (behind <= 0) {
    waitingSince = null;
    return;
  }
  waitingSince ??= performance.now();
  if (behind >= copyFrames || performance.now() - waitingSince >= lingerMs) checkpoint();
}

function checkpoint() {
  // Frames a reader still needs stay behind: they wait their `lingerMs` again before the next try.
  waitingSince = null;
  const started = performance.now();
  let row;
  try {
    [row] = db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    // SQLITE_BUSY (another checkpoint under way, Litestream's or a CLI's) is tried again next time.
    parentPort.postMessage({ error: String(error?.code ?? error) });
    return;
  }
  parentPort.postMessage({ seconds: (performance.now() - started) / 1000, frames: row.log, checkpointed: row.checkpointed });
}

function stop() {
  if (stopped) return;
  stopped = true;
  clearInterval(timer);
  fs.closeSync(shm);
  db.close();
  parentPort.close();
}

if (truncate.askedAt !== null) askTruncate(truncate.askedAt);
const timer = setInterval(look, intervalMs);
look();
parentPort.on("message", (message) => {
  if (message === "stop") stop();
  else if (typeof message?.truncate === "number") askTruncate(message.truncate);
});
