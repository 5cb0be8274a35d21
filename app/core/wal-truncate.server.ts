// Asking for the WAL to be emptied. A deleted row's bytes stay in the `-wal` file beside the
// database, in the frames written before the deletion, until a checkpoint copies the WAL into the
// file and truncates it; the usual checkpoints (server/wal-checkpointer.js, SQLite's own) are
// PASSIVE and never truncate. Whatever must be gone from the volume soon (an erased account,
// decision 045) asks here, after its transaction has committed; the process that checkpoints
// (server/wal-checkpoints.ts) hears it through the cross-process relay, whichever worker erased.
import { broadcast } from "./cross-process.server.ts";

/** The relay channel the checkpointing process listens on. */
export const TRUNCATE_WAL_CHANNEL = "truncate-wal";

/** Asks for a TRUNCATE checkpoint off the request path, as soon as readers allow. */
export function truncateWalSoon(): void {
  broadcast(TRUNCATE_WAL_CHANNEL, null);
}
