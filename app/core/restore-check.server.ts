// The restore check (issue 35): a backup nobody has restored is a hope. Once a day — and a minute
// after start, so a replica that is missing or broken shows within minutes of a deploy — the
// process that runs the background work restores the replica's latest state into a temporary file
// (`litestream restore -o`, in a child process: nothing on the event loop), runs
// `PRAGMA integrity_check` on it, and compares its row counts with the live database's. The result
// is published as metrics (alert on tagback_backup_restore_check_ok == 0) and logged; `npm run
// db:restore-check` runs the same check by hand. Only when LITESTREAM_REPLICA_URL is set.
// Relative imports with extensions: server/main.ts starts it, and in development Node loads it
// without Vite.
import Database from "better-sqlite3";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Db } from "../../db/connection.ts";
import { gauge } from "./metrics.server.ts";

/** Tables compared between the live database and the restored copy: what losing would hurt most. */
export const CHECKED_TABLES = ["users", "profiles", "tagback_tokens", "messages", "finder_threads", "outbox"] as const;
/**
 * Rows the copy may miss per table: Litestream ships WAL every second, so rows written in the last
 * second or two (or while the restore ran) are not in it yet.
 */
export const ROWS_BEHIND_ALLOWED = 100;
/** The first check after start, then one a day. */
export const FIRST_CHECK_MS = 60_000;
export const CHECK_EVERY_MS = 24 * 60 * 60_000;
/** A restore that takes longer than this is a failure (a hung object store). */
const RESTORE_TIMEOUT_MS = 10 * 60_000;

export type RestoreCheck = {
  ok: boolean;
  /** Why not, in one line (empty when ok). */
  problem: string;
  seconds: number;
  integrity: string | null;
  /** Per table: live rows minus restored rows (negative: the copy holds rows the live file no longer has). */
  rowsBehind: Partial<Record<(typeof CHECKED_TABLES)[number], number>>;
};

export type RestoreOptions = {
  /** litestream.yml (it reads DATABASE_PATH and LITESTREAM_REPLICA_URL from the environment). */
  config: string;
  /** The live database file, whose replica is restored. */
  databasePath: string;
  /** The litestream binary (default: from PATH). */
  litestream?: string;
  env?: NodeJS.ProcessEnv;
};

function countRows(file: Database.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of CHECKED_TABLES) counts[table] = (file.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return counts;
}

/** Restores the latest replica into a temporary file, checks it, compares it with `live`, removes it. */
export async function checkRestore(live: Db, options: RestoreOptions): Promise<RestoreCheck> {
  const started = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-restore-check-"));
  const copy = path.join(dir, "restored.db");
  const result = (problem: string, integrity: string | null = null, rowsBehind: RestoreCheck["rowsBehind"] = {}): RestoreCheck => ({
    ok: problem === "",
    problem,
    seconds: (performance.now() - started) / 1000,
    integrity,
    rowsBehind,
  });
  try {
    try {
      await new Promise<void>((resolve, reject) => {
        execFile(
          options.litestream ?? "litestream",
          ["restore", "-config", options.config, "-o", copy, options.databasePath],
          { env: options.env ?? process.env, timeout: RESTORE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
          (error, _stdout, stderr) => (error ? reject(new Error(`${error.message.split("\n")[0]} ${String(stderr).trim().split("\n").at(-1) ?? ""}`.trim())) : resolve()),
        );
      });
    } catch (error) {
      return result(`restore failed: ${(error as Error).message}`);
    }
    if (!fs.existsSync(copy)) return result("restore failed: the replica holds no database");
    const restored = new Database(copy, { readonly: true });
    try {
      const integrity = String(restored.pragma("integrity_check", { simple: true }));
      if (integrity !== "ok") return result(`the restored copy fails integrity_check: ${integrity}`, integrity);
      const copyCounts = countRows(restored);
      const liveCounts = countRows(live.$client);
      const rowsBehind: RestoreCheck["rowsBehind"] = {};
      for (const table of CHECKED_TABLES) rowsBehind[table] = liveCounts[table]! - copyCounts[table]!;
      const far = CHECKED_TABLES.filter((table) => Math.abs(rowsBehind[table]!) > ROWS_BEHIND_ALLOWED);
      return result(far.length > 0 ? `the restored copy is more than ${ROWS_BEHIND_ALLOWED} rows off in ${far.join(", ")}` : "", integrity, rowsBehind);
    } finally {
      restored.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const okGauge = gauge({
  name: "tagback_backup_restore_check_ok",
  help: "1 when the last restore check restored the replica, passed integrity_check and matched the live row counts; 0 when it failed (-1: none run yet)",
  aggregator: "max",
});
okGauge.set(-1);
const lastGauge = gauge({
  name: "tagback_backup_restore_check_timestamp_seconds",
  help: "When the last restore check ended (Unix time; 0: none yet)",
  aggregator: "max",
});
const durationGauge = gauge({
  name: "tagback_backup_restore_check_duration_seconds",
  help: "How long the last restore check took",
  aggregator: "max",
});
const behindGauge = gauge({
  name: "tagback_backup_restore_rows_behind",
  help: "Per table, live rows minus the rows of the copy the last restore check restored",
  labelNames: ["table"],
  aggregator: "max",
});

/** Publishes a check's result as metrics and one log line. */
export function report(check: RestoreCheck, now = Date.now()) {
  okGauge.set(check.ok ? 1 : 0);
  lastGauge.set(Math.floor(now / 1000));
  durationGauge.set(check.seconds);
  for (const [table, behind] of Object.entries(check.rowsBehind)) behindGauge.set({ table }, behind);
  if (check.ok) console.log(`Restore check: ok in ${check.seconds.toFixed(1)} s`);
  else console.error(`Restore check failed: ${check.problem}`);
}

/** Runs the check FIRST_CHECK_MS after start, then every CHECK_EVERY_MS, until `signal` aborts. */
export function startRestoreChecks(live: Db, options: RestoreOptions, signal: AbortSignal) {
  let timer: NodeJS.Timeout;
  const run = async () => {
    if (signal.aborted) return;
    report(await checkRestore(live, options));
    if (!signal.aborted) timer = setTimeout(run, CHECK_EVERY_MS).unref();
  };
  timer = setTimeout(run, FIRST_CHECK_MS).unref();
  signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
}
