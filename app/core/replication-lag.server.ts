// The replication-lag gauge (issue 35): how long the oldest write the replica does not hold yet has
// been waiting, so that a replica that is broken (a bad URL, expired keys, a deleted bucket, an
// unreachable store) shows in the metrics within a minute instead of at the next restore.
//
// Litestream copies the live WAL into its "shadow WAL" every second, then ships the shadow WAL to
// the replica; it publishes both positions on its own metrics address (litestream.yml's `addr`,
// LITESTREAM_METRICS_ADDR): litestream_shadow_wal_index/_size (what it has read from the database)
// and litestream_replica_wal_index/_offset (what the replica holds). Every POLL_MS this process reads
// them (one HTTP GET on loopback, ~10 KB of text) and remembers when it first saw each shadow
// position; a position is settled once the replica's reaches it. The gauge is the age of the oldest
// unsettled one, 0 when the replica holds everything Litestream has read. A failed sync never moves
// the replica's position (Litestream only logs "monitor error"), a replica never reached has no
// position at all, and a Litestream whose metrics cannot be read cannot vouch for anything: all
// three make the gauge grow by a second a second. Cheaper than asking the object store (listing a
// generation's WAL segments is a request per 1,000 segments, a week of them at one a second) and
// than `litestream generations` in a child process (tens of ms of CPU each time); measured in
// docs/decisions/038-replication-lag.md.
//
// Resolution: a position is dated when a poll first sees it, so the gauge reads up to POLL_MS
// less than the truth, and a healthy replica under steady writes reads 0 to ~POLL_MS + 1 s.
// Litestream's own failure to read the database is its litestream_sync_error_count.
// Relative imports with extensions: server/main.ts starts it, and in development Node loads it
// without Vite.
import path from "node:path";
import { counter, gauge } from "./metrics.server.ts";

/** How often Litestream's metrics are read. */
export const POLL_MS = 5_000;
/** A read that takes longer than this failed (a hung Litestream). */
const READ_TIMEOUT_MS = 2_000;
/** Unsettled positions remembered (an hour at POLL_MS); beyond it the oldest is kept, later ones merge. */
const MAX_PENDING = 720;

export type Position = { index: number; offset: number };
export type LitestreamReading = { shadow: Position; replica: Position | null };

/** Whether `a` is at or past `b` in the WAL (index first, then the byte offset within it). */
function atOrPast(a: Position, b: Position): boolean {
  return a.index > b.index || (a.index === b.index && a.offset >= b.offset);
}

/**
 * The URL of Litestream's metrics for its `addr` setting (":9090", "0.0.0.0:9090", "[::]:9090",
 * "127.0.0.1:9090"); an address on every interface is read on loopback. Null when empty.
 */
export function litestreamMetricsUrl(addr: string | undefined): string | null {
  const value = addr?.trim();
  if (!value) return null;
  const match = /^(.*):(\d+)$/.exec(value);
  if (!match) return null;
  let host = match[1]!.replace(/^\[(.*)\]$/, "$1");
  if (host === "" || host === "0.0.0.0") host = "127.0.0.1";
  else if (host === "::") host = "::1";
  return `http://${host.includes(":") ? `[${host}]` : host}:${match[2]}/metrics`;
}

/**
 * Litestream's positions for the database at `databasePath` out of its Prometheus text (the one
 * database when it replicates only one). Null when the text does not name the database.
 */
export function readPositions(text: string, databasePath: string): LitestreamReading | null {
  const values = new Map<string, Map<string, number>>();
  for (const line of text.split("\n")) {
    const match = /^(litestream_(?:shadow_wal_index|shadow_wal_size|replica_wal_index|replica_wal_offset))\{([^}]*)\}\s+(\S+)/.exec(line);
    if (!match) continue;
    const db = /(?:^|,)db="((?:[^"\\]|\\.)*)"/.exec(match[2]!)?.[1]?.replace(/\\(.)/g, "$1");
    if (db === undefined) continue;
    let forDb = values.get(db);
    if (!forDb) values.set(db, (forDb = new Map()));
    const name = match[1]!;
    const value = Number(match[3]);
    // With more than one replica, the one furthest behind.
    forDb.set(name, Math.min(value, forDb.get(name) ?? Infinity));
  }
  const forDb = values.get(path.resolve(databasePath)) ?? (values.size === 1 ? [...values.values()][0] : undefined);
  if (!forDb || !forDb.has("litestream_shadow_wal_index") || !forDb.has("litestream_shadow_wal_size")) return null;
  const shadow = { index: forDb.get("litestream_shadow_wal_index")!, offset: forDb.get("litestream_shadow_wal_size")! };
  const replica =
    forDb.has("litestream_replica_wal_index") && forDb.has("litestream_replica_wal_offset")
      ? { index: forDb.get("litestream_replica_wal_index")!, offset: forDb.get("litestream_replica_wal_offset")! }
      : null;
  return { shadow, replica };
}

/**
 * The lag's bookkeeping, fed one reading (or a failed read) at a time: pure, so its rules are
 * tested on their own. `lagSeconds(now)` is the age of the oldest shadow position the replica has
 * not reached.
 */
export class LagTracker {
  private pending: { position: Position; since: number }[] = [];
  private lastShadow: Position | null = null;
  private lastReplica: Position | null = null;
  /** Since when nothing could be read (null: the last read worked). */
  private unreadSince: number | null = null;
  /** The shadow went back (a new generation, a restarted Litestream): the replica's old position vouches for nothing. */
  private replicaStale = false;

  private readonly startedAt: number;

  constructor(startedAt: number) {
    this.startedAt = startedAt;
  }

  observe(reading: LitestreamReading | null, now: number) {
    if (!reading) {
      this.unreadSince ??= now;
      return;
    }
    const { shadow, replica } = reading;
    // A Litestream that could not be read (or never was, since start) vouched for nothing meanwhile.
    const since = this.unreadSince ?? (this.lastShadow ? now : this.startedAt);
    this.unreadSince = null;
    if (this.lastShadow && !atOrPast(shadow, this.lastShadow)) {
      this.replicaStale = true;
      this.pending = this.pending.slice(0, 1).map((entry) => ({ position: { index: -1, offset: -1 }, since: entry.since }));
    }
    if (this.replicaStale && replica && (!this.lastReplica || replica.index !== this.lastReplica.index || replica.offset !== this.lastReplica.offset)) {
      this.replicaStale = false;
    }
    const newest = this.pending.at(-1)?.position;
    if (!newest || !atOrPast(newest, shadow)) this.pending.push({ position: shadow, since });
    if (this.pending.length > MAX_PENDING) this.pending.splice(1, this.pending.length - MAX_PENDING);
    this.lastShadow = shadow;
    this.lastReplica = replica;
    if (replica && !this.replicaStale) {
      while (this.pending.length > 0 && atOrPast(replica, this.pending[0]!.position)) this.pending.shift();
    }
  }

  lagSeconds(now: number): number {
    const oldest = Math.min(this.pending[0]?.since ?? Infinity, this.unreadSince ?? Infinity);
    return oldest === Infinity ? 0 : Math.max(0, (now - oldest) / 1000);
  }
}

const lagGauge = gauge({
  name: "tagback_backup_replication_lag_seconds",
  help: "Seconds the oldest write Litestream has read from the database has waited for the replica (0: the replica holds everything; grows while the replica is unset in Litestream, unreachable or refusing, or Litestream's metrics cannot be read)",
  aggregator: "max",
});
const readFailures = counter({
  name: "tagback_backup_litestream_metrics_read_errors_total",
  help: "Reads of Litestream's metrics (LITESTREAM_METRICS_ADDR) that failed or did not name the database",
});

export type LagOptions = {
  /** Litestream's metrics URL (litestreamMetricsUrl); null: none to read, so the lag grows from start. */
  url: string | null;
  databasePath: string;
  pollMs?: number;
  now?: () => number;
};

/** Reads Litestream's positions once; null when it cannot. */
export async function readLitestream(url: string, databasePath: string): Promise<LitestreamReading | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (!response.ok) return null;
    return readPositions(await response.text(), databasePath);
  } catch {
    return null;
  }
}

/** Polls Litestream every pollMs until `signal` aborts; the gauge is worked out when scraped. */
export function startReplicationLag(options: LagOptions, signal: AbortSignal): LagTracker {
  const now = options.now ?? Date.now;
  const tracker = new LagTracker(now());
  lagGauge.reset();
  // Worked out at scrape time, so it grows between polls as the real lag does.
  (lagGauge as unknown as { collect?: () => void }).collect = function (this: typeof lagGauge) {
    this.set(tracker.lagSeconds(now()));
  };
  const url = options.url;
  if (!url) {
    tracker.observe(null, now());
    return tracker;
  }
  let timer: NodeJS.Timeout | undefined;
  let reportedFailure = false;
  const poll = async () => {
    if (signal.aborted) return;
    const reading = await readLitestream(url, options.databasePath);
    if (signal.aborted) return;
    if (!reading) {
      readFailures.inc();
      if (!reportedFailure) console.error(`Replication lag: cannot read Litestream's metrics at ${url}`);
      reportedFailure = true;
    } else reportedFailure = false;
    tracker.observe(reading, now());
    timer = setTimeout(poll, options.pollMs ?? POLL_MS).unref();
  };
  void poll();
  signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
  return tracker;
}
