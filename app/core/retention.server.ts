// Deleting what the database no longer keeps: each table that grows with traffic names the column
// (milliseconds since the epoch, indexed) past which a row may go and how long it is kept after
// that (server/retention.ts lists them). A sweep deletes such rows BATCH_ROWS at a time, each
// batch its own short statement found through the column's index, and waits a moment between
// batches. SQLite has one writer: a single `DELETE … WHERE expire < ?` over a million rows holds
// the write lock for seconds, during which every scan's history row and limiter count waits;
// batches of a few hundred hold it for a few milliseconds (docs/data-retention.md; scripts/retention-bench.ts measures them).
//
// One process sweeps: a lone server, or the cluster's primary, which serves no requests
// (server/main.ts). A sweep never throws into the process: a failure is logged and the next sweep
// tries again.
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../db/connection";
import { countDatabaseError } from "./metrics.server.ts";

export type Retention = {
  /** A table with rowids (every table of ours): a batch deletes by rowid. */
  table: SQLiteTable;
  /** Milliseconds since the epoch, with an index of its own: a row goes once this is `keepMs` old. */
  column: SQLiteColumn;
  keepMs: number;
  /**
   * Instead of deleting the row, empty this column of it: a value kept only for a while in a row
   * kept longer (the finder's client key in the owner's history). The index on `column` then
   * holds only the rows where it is not empty, so a batch finds them at once.
   */
  empties?: SQLiteColumn;
};

/** Rows deleted by one statement: 0.9–2.3 ms (median) on the shared 2-core machine (scripts/retention-bench.ts). */
export const BATCH_ROWS = 500;
/** Between two batches, so the servers' own writes get the lock in between. */
export const PAUSE_BETWEEN_BATCHES_MS = 10;
/** How often a sweep runs; the first runs at start. */
export const SWEEP_INTERVAL_MS = 60_000;

/** `deleted` counts the rows a batch deleted, or whose `emptied` column it emptied. */
export type Batch = { table: string; deleted: number; ms: number; emptied?: string };
export type SweepOptions = {
  /** The clock the retentions are measured against (tests move it past an expiry). */
  now?: number;
  /** Told of every batch (the tests count them). */
  onBatch?: (batch: Batch) => void;
  /** Stops between batches (the server's shutdown). */
  signal?: AbortSignal;
};

/** Deletes what the retentions no longer keep at `now`, batch by batch; returns the batches. */
export async function sweep(db: Db, retentions: readonly Retention[], options: SweepOptions = {}): Promise<Batch[]> {
  const { now = Date.now(), onBatch, signal } = options;
  const batches: Batch[] = [];
  for (const retention of retentions) {
    const name = getTableName(retention.table);
    const emptied = retention.empties?.name;
    const deleteBatch = deleteBatchAt(retention, now);
    try {
      while (!signal?.aborted) {
        const started = performance.now();
        const { changes } = await db.run(deleteBatch);
        const batch: Batch = { table: name, deleted: changes, ms: performance.now() - started, ...(emptied ? { emptied } : {}) };
        batches.push(batch);
        onBatch?.(batch);
        if (changes < BATCH_ROWS) break;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_BATCHES_MS));
      }
    } catch (error) {
      countDatabaseError(error);
      console.error(`Retention: deleting from ${name} failed (${(error as Error).message}); the next sweep tries again.`);
    }
  }
  return batches;
}

/** One batch: at most BATCH_ROWS rows the retention no longer keeps at `now`, found by the column's index. */
export function deleteBatchAt({ table, column, keepMs, empties }: Retention, now: number): SQL {
  if (empties) {
    return sql`update ${table} set ${sql.identifier(empties.name)} = null where rowid in (
      select rowid from ${table} where ${column} < ${now - keepMs} and ${empties} is not null limit ${BATCH_ROWS})`;
  }
  return sql`delete from ${table} where rowid in (select rowid from ${table} where ${column} < ${now - keepMs} limit ${BATCH_ROWS})`;
}

/**
 * Sweeps now and then every SWEEP_INTERVAL_MS until `signal` aborts. The timer is unref'd (it never
 * keeps a process alive), and a sweep starts only after the previous one ended.
 */
export function startSweeping(db: Db, retentions: readonly Retention[], signal: AbortSignal): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    sweep(db, retentions, { signal })
      .then((batches) => {
        const line = summary(batches);
        if (line) console.log(line);
      })
      .catch((error: Error) => console.error(`Retention: the sweep failed (${error.message}).`))
      .finally(() => {
        if (!signal.aborted) timer = setTimeout(run, SWEEP_INTERVAL_MS).unref();
      });
  };
  signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  timer = setTimeout(run, 0).unref();
}

/**
 * "Retention: deleted 1200 rows (rate_limits 1200); emptied 30 values (search_history.client_key 30)
 * in 4 batches, longest 1.4 ms", or "" when none.
 */
function summary(batches: Batch[]): string {
  const deleted = new Map<string, number>();
  const emptied = new Map<string, number>();
  for (const { table, deleted: changes, emptied: column } of batches) {
    if (changes === 0) continue;
    const [counts, name] = column ? [emptied, `${table}.${column}`] : [deleted, table];
    counts.set(name, (counts.get(name) ?? 0) + changes);
  }
  const part = (verb: string, noun: string, counts: Map<string, number>) =>
    counts.size === 0 ? [] : [`${verb} ${[...counts.values()].reduce((sum, n) => sum + n, 0)} ${noun} (${[...counts].map(([name, n]) => `${name} ${n}`).join(", ")})`];
  const parts = [...part("deleted", "rows", deleted), ...part("emptied", "values", emptied)];
  if (parts.length === 0) return "";
  const longest = Math.max(...batches.map((batch) => batch.ms));
  return `Retention: ${parts.join("; ")} in ${batches.length} batches, longest ${longest.toFixed(1)} ms`;
}
