// The WAL index (the -shm file) as both sides of the checkpointing read it: the server, to know
// when to start the checkpointer thread, and the thread, to know when a checkpoint is worth its
// CPU (server/wal-checkpoints.ts, server/wal-checkpointer.js). Its header keeps the frame counts at
// fixed places, in native byte order (sqlite.org/walformat.html): a 100-byte read, no SQL.
// Plain JavaScript: the thread loads it as it is.
import fs from "node:fs";

const MX_FRAME_OFFSET = 16;
const N_BACKFILL_OFFSET = 96;

/** Frames written to the WAL and, of those, frames copied into the database file; null before the WAL exists. */
export function walIndex(fd) {
  const header = Buffer.alloc(N_BACKFILL_OFFSET + 4);
  if (fs.readSync(fd, header, 0, header.length, 0) < header.length) return null;
  return { frames: header.readUInt32LE(MX_FRAME_OFFSET), copied: header.readUInt32LE(N_BACKFILL_OFFSET) };
}
