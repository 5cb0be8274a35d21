// npm run db:restore -- FILE [--force]
// Puts a copy made by `npm run db:backup` back in place as the database, never under a running server.
//
// In use or not: every connection to a WAL database holds a SHARED lock on the database file for
// as long as it is open, idle or not (SQLite relies on it to find the last connection on close).
// A plain BEGIN EXCLUSIVE does not see such a connection: in WAL mode it only takes the write lock,
// and readers and idle connections keep going. After `PRAGMA locking_mode = EXCLUSIVE` it must take
// an EXCLUSIVE lock on the database file itself (in WAL mode as in rollback mode), which fails with
// SQLITE_BUSY while any other process (server, Litestream, a CLI command) has the database open.
// The check runs once before the work and again just before the rename. It guards against mistakes
// and is not a lock held over the restore: stop the server first.
import Database from "better-sqlite3";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { databasePath, fail, info, parseCli, runCli, usageError, writableDirectory } from "./cli.ts";

const USAGE = `
Usage: npm run db:restore -- FILE [--force]

Replaces the database with FILE, a copy made by \`npm run db:backup\`. FILE is checked first: it
must be a SQLite database that passes PRAGMA integrity_check and holds Tagback's schema (its
drizzle migrations table and users). The copy is written to a temporary file next to the database
and renamed into place; -wal and -shm files left by the previous database are removed.

The server must be stopped: a database that another process has open is never replaced.

Options:
  --force           replace an existing database (make a db:backup of it first if you may want it back)
  -h, --help        show this help

Environment:
  DATABASE_PATH     database to restore into (default ./data/tagback.db)
`;

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");
const JOURNAL = path.resolve(import.meta.dirname, "../db/migrations/meta/_journal.json");

function isSqliteFile(file: string): boolean {
  const header = Buffer.alloc(SQLITE_HEADER.length);
  const fd = fs.openSync(file, "r");
  try {
    return fs.readSync(fd, header, 0, header.length, 0) === header.length && header.equals(SQLITE_HEADER);
  } finally {
    fs.closeSync(fd);
  }
}

function sqliteCode(error: unknown): string | undefined {
  return error instanceof Database.SqliteError ? error.code : undefined;
}

/**
 * Whether another process has the database open (see the comment at the top). A file that is not
 * a SQLite database cannot be open as one; a damaged one is reported and treated as free, so that
 * it can still be replaced (with --force).
 */
function inUse(file: string): boolean {
  if (!fs.existsSync(file) || !isSqliteFile(file)) return false;
  const client = new Database(file, { fileMustExist: true, timeout: 1000 });
  try {
    client.pragma("locking_mode = EXCLUSIVE");
    // Takes the EXCLUSIVE lock on the database file, in WAL mode as in rollback mode.
    client.exec("BEGIN EXCLUSIVE");
    client.exec("ROLLBACK");
    return false;
  } catch (error) {
    const code = sqliteCode(error);
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return true;
    if (code === "SQLITE_CORRUPT" || code === "SQLITE_NOTADB") {
      info(`warning: ${file} is damaged (${(error as Error).message}); cannot tell whether a process has it open`);
      return false;
    }
    throw error;
  } finally {
    // Closing the last connection checkpoints a leftover WAL into the old file and deletes it.
    client.close();
  }
}

function refuseIfInUse(target: string) {
  if (inUse(target)) {
    fail(`${target} is in use by another process (the server, Litestream or a CLI command); stop it first`);
  }
}

/** Checks the copy at `file` (the temporary file): integrity, and a schema this code knows. */
function verify(file: string, label: string): { migrations: number; users: number } {
  let client: Database.Database;
  try {
    client = new Database(file, { fileMustExist: true });
  } catch (error) {
    fail(`cannot open ${label} as a SQLite database: ${(error as Error).message}`);
  }
  try {
    let integrity: unknown;
    try {
      integrity = client.pragma("integrity_check", { simple: true });
    } catch (error) {
      if (sqliteCode(error) === "SQLITE_NOTADB") fail(`${label} is not a SQLite database`);
      fail(`${label} failed PRAGMA integrity_check: ${(error as Error).message}`);
    }
    if (integrity !== "ok") fail(`${label} failed PRAGMA integrity_check: ${String(integrity)}`);

    const tables = new Set(
      (client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name),
    );
    if (!tables.has("__drizzle_migrations") || !tables.has("users")) {
      fail(`${label} is not a Tagback database (no __drizzle_migrations or users table)`);
    }
    const applied = client.prepare("SELECT created_at FROM __drizzle_migrations ORDER BY created_at").all() as {
      created_at: number;
    }[];
    if (applied.length === 0) fail(`${label} has no applied migrations: not a Tagback database`);
    const journal = JSON.parse(fs.readFileSync(JOURNAL, "utf8")) as { entries: { when: number; tag: string }[] };
    const latestKnown = Math.max(...journal.entries.map((entry) => entry.when));
    if (applied.at(-1)!.created_at > latestKnown) {
      fail(`${label} has migrations this version of Tagback does not know; restore it with the version that made it`);
    }
    const users = (client.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;
    return { migrations: applied.length, users };
  } finally {
    client.close();
  }
}

function fsyncPath(file: string) {
  const fd = fs.openSync(file, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

async function main() {
  const args = parseCli(USAGE, { force: { type: "boolean" } });
  if (!args) return;
  const [input, ...extra] = args.positionals;
  if (!input) usageError("missing FILE to restore from");
  if (extra.length > 0) usageError(`unexpected argument "${extra[0]}"`);
  const force = Boolean(args.values.force);

  const source = path.resolve(input);
  const target = path.resolve(databasePath());
  if (source === target) fail("FILE is the database itself");
  try {
    fs.accessSync(source, fs.constants.R_OK);
  } catch {
    fail(`cannot read ${source}`);
  }
  if (!fs.statSync(source).isFile()) fail(`${source} is not a file`);
  if (!isSqliteFile(source)) fail(`${source} is not a SQLite database`);
  if (fs.existsSync(`${source}-wal`) && fs.statSync(`${source}-wal`).size > 0) {
    fail(`${source} has a -wal file next to it: it is a live database or a torn copy, not a db:backup copy`);
  }

  const exists = fs.existsSync(target);
  if (exists && !force) fail(`${target} already exists; stop the server and add --force to replace it`);
  if (exists) refuseIfInUse(target);

  // The copy goes next to the target so the final rename stays on one file system (atomic).
  const directory = path.dirname(target);
  writableDirectory(directory, "the database's folder");
  const temporary = path.join(directory, `.${path.basename(target)}.restore-${randomBytes(6).toString("hex")}`);
  const removed: string[] = [];
  try {
    fs.copyFileSync(source, temporary, fs.constants.COPYFILE_EXCL);
    const checked = verify(temporary, source);
    info(`checked ${source}: integrity ok, ${checked.migrations} migration(s), ${checked.users} user(s)`);
    if (exists) fs.chmodSync(temporary, fs.statSync(target).mode & 0o777);
    fsyncPath(temporary);

    // Again, as late as possible: a server may have started since the first check.
    if (exists) refuseIfInUse(target);
    else if (fs.existsSync(target)) fail(`${target} was created while restoring (is the server starting?); nothing changed`);
    // The old file's -wal and -shm go before the rename: SQLite would otherwise apply the old
    // WAL's frames to the restored file. Litestream's local state for the old file goes too;
    // Litestream starts a new generation from the restored file.
    for (const stale of [`${target}-wal`, `${target}-shm`, `${target}-journal`]) {
      if (fs.existsSync(stale)) {
        fs.rmSync(stale);
        removed.push(stale);
      }
    }
    const litestreamState = path.join(directory, `.${path.basename(target)}-litestream`);
    if (fs.existsSync(litestreamState)) {
      fs.rmSync(litestreamState, { recursive: true });
      removed.push(litestreamState);
    }
    fs.renameSync(temporary, target);
    fsyncPath(directory);
  } finally {
    for (const leftover of [temporary, `${temporary}-wal`, `${temporary}-shm`, `${temporary}-journal`]) {
      fs.rmSync(leftover, { force: true });
    }
  }

  console.log(`Restored ${source} into ${target}${exists ? " (replaced the previous database)" : ""}.`);
  for (const file of removed) console.log(`Removed ${file}`);
}

await runCli(main);
