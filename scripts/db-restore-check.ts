// npm run db:restore-check
// The server's daily restore check, by hand (app/core/restore-check.server.ts): restores the latest
// Litestream replica into a temporary file, runs PRAGMA integrity_check on it and compares its row
// counts with the live database's. Prints the result as JSON; exit 0 when it passed, 1 when not.
import fs from "node:fs";
import path from "node:path";
import { databasePath, fail, openDatabase, parseCli, runCli, usageError } from "./cli.ts";

const USAGE = `
Usage: npm run db:restore-check

Restores the latest replica of the database (litestream.yml, LITESTREAM_REPLICA_URL) into a
temporary file, checks it (PRAGMA integrity_check, row counts against the live database) and
removes it. Safe while the server runs. Prints the result as JSON; exits 1 when the check fails.

Options:
  -h, --help        show this help

Environment:
  DATABASE_PATH            the live database (default ./data/tagback.db)
  LITESTREAM_REPLICA_URL   its replica (required), with the object store's credentials
`;

async function main() {
  const args = parseCli(USAGE);
  if (!args) return;
  if (args.positionals.length > 0) usageError(`unexpected argument "${args.positionals[0]}"`);
  if (!process.env.LITESTREAM_REPLICA_URL) fail("LITESTREAM_REPLICA_URL is not set: there is no replica to check");
  const source = path.resolve(databasePath());
  if (!fs.existsSync(source)) fail(`no database at ${source} (set DATABASE_PATH)`);
  const { checkRestore } = await import("../app/core/restore-check.server.ts");
  const { db } = await openDatabase();
  const check = await checkRestore(db, {
    config: path.resolve("litestream.yml"),
    databasePath: source,
    env: { ...process.env, DATABASE_PATH: source },
  });
  console.log(JSON.stringify(check));
  if (!check.ok) process.exitCode = 1;
}

await runCli(main);
