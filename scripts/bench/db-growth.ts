// How fast the database file grows, measured on a real file (scripts/bench/capacity.ts): a new
// database migrated as the server migrates it, then 10,000 owners, then a million scans of their
// stickers (scripts/bench/owners.ts), the file's size read after each step twice — as written (WAL
// checkpointed into the file: what the volume holds) and after VACUUM (the rows themselves, pages
// full). Tables are weighed with SQLite's dbstat, each with its indexes. The grown file is kept for
// the restore drill, a database of the size this record plans for.
import Database from "better-sqlite3";
import path from "node:path";
import { openDatabase } from "../../db/connection.ts";
import { hashPassword } from "../../db/password.ts";
import { insertOwners, insertScans } from "./owners.ts";

export type GrowthStep = { written: number; vacuumed: number };
export type Growth = {
  owners: number;
  scans: number;
  /** File size of the new, migrated database. */
  empty: number;
  /** Bytes the owners added, and then the scans added. */
  ownersAdded: GrowthStep;
  scansAdded: GrowthStep;
  /** search_history with its indexes after VACUUM, divided by its rows. */
  bytesPerHistoryRow: number;
  /** The grown database (VACUUMed, no WAL), for the restore drill. */
  databasePath: string;
  /** An owner in it: a scan of this token shows this name. */
  firstOwner: { token: string; name: string };
  seconds: number;
};

/** Bytes of the file once its WAL is checkpointed into it. */
function fileBytes(client: Database.Database): number {
  client.pragma("wal_checkpoint(TRUNCATE)");
  return Number(client.pragma("page_count", { simple: true })) * Number(client.pragma("page_size", { simple: true }));
}

/** Bytes of each table with its indexes, by table name (SQLite's dbstat). */
export function bytesByTable(client: Database.Database): Map<string, number> {
  const rows = client
    .prepare("SELECT m.tbl_name AS tableName, SUM(s.pgsize) AS bytes FROM dbstat s JOIN sqlite_schema m ON m.name = s.name GROUP BY m.tbl_name")
    .all() as Array<{ tableName: string; bytes: number }>;
  return new Map(rows.map((row) => [row.tableName, row.bytes]));
}

/** The step's growth: the file as written, then VACUUMed (which the next step starts from). */
function step(client: Database.Database, before: number): GrowthStep {
  const written = fileBytes(client) - before;
  client.exec("VACUUM");
  return { written, vacuumed: fileBytes(client) - before };
}

export async function measureDatabaseGrowth(dir: string, counts: { owners: number; scans: number }): Promise<Growth> {
  const started = performance.now();
  const databasePath = path.join(dir, "grown.db");
  const { db } = openDatabase(databasePath);
  const client = db.$client;
  // A cache that holds the indexes: random UUID keys otherwise make every insert read a page from
  // disk. It speeds the fill only; the pages written are the same.
  client.pragma("cache_size = -262144");
  try {
    const empty = fileBytes(client);
    const owners = insertOwners(db, { first: 0, count: counts.owners, series: 9, passwordHash: await hashPassword("bench-owner") });
    const ownersAdded = step(client, empty);
    const withOwners = empty + ownersAdded.vacuumed;
    insertScans(db, owners, counts.scans);
    const scansAdded = step(client, withOwners);
    const historyBytes = bytesByTable(client).get("search_history") ?? 0;
    return {
      owners: counts.owners,
      scans: counts.scans,
      empty,
      ownersAdded,
      scansAdded,
      bytesPerHistoryRow: historyBytes / counts.scans,
      databasePath,
      firstOwner: { token: owners[0]!.token, name: owners[0]!.name },
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    client.close();
  }
}
