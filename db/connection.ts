// The one SQLite connection of a process, opened and migrated on first use.
// Node runs this file natively (server.js, CLI scripts) and Vite bundles it into the server build;
// the connection lives on globalThis so both copies share it.
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import path from "node:path";
import { makeDirectory } from "./make-directory.ts";
import * as schema from "./schema.ts";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

const DEFAULT_DATABASE_PATH = "./data/tagback.db";
const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");

type Opened = { db: Db; file: string; created: boolean };
const holder = globalThis as typeof globalThis & { __tagbackDb?: Opened };

/** Opens a database file with the project's pragmas and applies pending migrations. */
export function openDatabase(file: string): Opened {
  const resolved = path.resolve(file);
  makeDirectory(path.dirname(resolved));
  const created = !fs.existsSync(resolved);
  const client = new Database(resolved);
  client.pragma("journal_mode = WAL");
  client.pragma("busy_timeout = 5000");
  client.pragma("foreign_keys = ON");
  client.pragma("synchronous = NORMAL");
  // Deleted content is overwritten with zeros, not left in free pages: an erased account's e-mail,
  // bio and messages are gone from the file, not only from its tables (decision 026,
  // tests/integration/erased-bytes.test.ts). Costs little on the scan's writes (bench/write-ceiling.ts).
  client.pragma("secure_delete = ON");
  const db = drizzle({ client, schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, file: resolved, created };
}

/**
 * The process-wide connection (DATABASE_PATH, or ./data/tagback.db), for server.js, server/app.ts
 * and the CLI. App code never calls this: it reads the connection from the router context.
 */
export function getDatabase(file = process.env.DATABASE_PATH || DEFAULT_DATABASE_PATH): Opened {
  holder.__tagbackDb ??= openDatabase(file);
  return holder.__tagbackDb;
}

export function closeDatabase() {
  holder.__tagbackDb?.db.$client.close();
  holder.__tagbackDb = undefined;
}

export { schema };
