// The WAL checkpointer's thread (server/wal-checkpoints.ts starts it). SQLite's own checkpoint runs
// inside whichever commit pushes the WAL past its threshold: on the request path, in the event loop,
// with two fsyncs — single statements of 70–520 ms under cold-scan load (docs/performance.md, decision 037).
// Here a second connection to the same file checkpoints every `intervalMs` in a thread of its own,
// so no request waits for one. PASSIVE: it copies what it can and never waits for (or blocks) a
// reader or a writer, as SQLite's automatic checkpoint does, so Litestream's read lock is respected
// as before.
// Plain JavaScript on purpose: a production process loads no TypeScript (server.js).
import Database from "better-sqlite3";
import { parentPort, workerData } from "node:worker_threads";

const { file, intervalMs, idleRounds } = workerData;
const db = new Database(file, { fileMustExist: true });
let idle = 0;
let stopped = false;
let last = { log: 0, checkpointed: 0 };

function checkpoint() {
  const started = performance.now();
  let row;
  try {
    [row] = db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    // SQLITE_BUSY (another checkpoint under way, Litestream's or a CLI's) is tried again next time.
    parentPort.postMessage({ error: String(error?.code ?? error) });
    return;
  }
  // Nothing new since the last one: no message (the call itself read only the WAL index's header).
  // Idle long enough, the thread ends: it costs ~10 MB while it lives, and the server starts it
  // again when frames wait (server/wal-checkpoints.ts).
  if (row.log === last.log && row.checkpointed === last.checkpointed) {
    if (++idle >= idleRounds) stop();
    return;
  }
  idle = 0;
  last = row;
  parentPort.postMessage({ seconds: (performance.now() - started) / 1000, frames: row.log, checkpointed: row.checkpointed });
}

function stop() {
  if (stopped) return;
  stopped = true;
  clearInterval(timer);
  db.close();
  parentPort.close();
}

const timer = setInterval(checkpoint, intervalMs);
checkpoint();
parentPort.on("message", (message) => {
  if (message === "stop") stop();
});
