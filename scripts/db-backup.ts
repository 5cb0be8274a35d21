// npm run db:backup -- FILE
// A consistent copy of the live database through SQLite's VACUUM INTO (safe while the server runs;
// a plain file copy of a WAL database is not).
import fs from "node:fs";
import path from "node:path";
import { databasePath, fail, openDatabase, parseCli, runCli, usageError, writableDirectory } from "./cli.ts";

const USAGE = `
Usage: npm run db:backup -- FILE

Writes a consistent, compacted copy of the database to FILE (through SQLite's VACUUM INTO),
safe to run while the server is serving. FILE must not exist yet; missing folders are created.

Options:
  -h, --help        show this help

Environment:
  DATABASE_PATH     database to back up (default ./data/tagback.db)
`;

async function main() {
  const args = parseCli(USAGE);
  if (!args) return;
  const [target, ...extra] = args.positionals;
  if (!target) usageError("missing FILE to write the backup to");
  if (extra.length > 0) usageError(`unexpected argument "${extra[0]}"`);

  const source = path.resolve(databasePath());
  if (!fs.existsSync(source)) fail(`no database at ${source} (set DATABASE_PATH)`);
  const output = path.resolve(target);
  if (output === source) fail("FILE is the database itself");
  if (fs.existsSync(output)) fail(`${output} already exists; choose a new file name`);
  writableDirectory(path.dirname(output), "the folder of FILE");

  const { sql } = await import("drizzle-orm");
  const { db } = await openDatabase();
  await db.run(sql`VACUUM INTO ${output}`);
  console.log(output);
}

await runCli(main);
