// Shared plumbing of the operator scripts (tokens, admin, db-backup): argument parsing with --help,
// errors on stderr with an exit code, and closing the database on the way out.
// Exit codes: 0 success, 1 the operation failed, 2 bad usage.
// Database code (drizzle) takes most of a script's start-up time, so scripts load it through
// openDatabase() only after their arguments are valid: --help and usage errors answer at once.
import fs from "node:fs";
import path from "node:path";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { makeDirectory } from "../db/make-directory.ts";

type Connection = typeof import("../db/connection.ts");
let connection: Connection | undefined;

/** The process-wide database (DATABASE_PATH or ./data/tagback.db), created and migrated if new. */
export async function openDatabase(): Promise<ReturnType<Connection["getDatabase"]>> {
  connection ??= await import("../db/connection.ts");
  return connection.getDatabase();
}

/** The database file a script works on (as db/connection.ts picks it), without loading database code. */
export function databasePath(): string {
  return process.env.DATABASE_PATH || "./data/tagback.db";
}

class CliError extends Error {
  exitCode: number;
  constructor(message: string, exitCode = 1) {
    super(message);
    this.name = "CliError";
    this.exitCode = exitCode;
  }
}

/** Stops the script with `message` on stderr and the given exit code. */
export function fail(message: string, exitCode = 1): never {
  throw new CliError(message, exitCode);
}

/** A usage error: exit code 2 and a hint to --help. */
export function usageError(message: string): never {
  throw new CliError(message, 2);
}

/** Diagnostics and progress go to stderr so stdout carries only the result. */
export function info(message: string) {
  process.stderr.write(`${message}\n`);
}

/**
 * Makes sure `dir` is a folder the script can write to, creating it and its missing parents, before
 * the script does anything that cannot be undone (minting tokens whose passwords are shown once);
 * otherwise fails with one line naming `what` (exit code 1). Folders are made by makeDirectory, which
 * cannot hang on /proc as mkdirSync's `recursive` does. Writing and removing a file is the proof:
 * root passes every permission check, and a read-only mount only says so on write.
 */
export function writableDirectory(dir: string, what: string): string {
  const resolved = path.resolve(dir);
  try {
    makeDirectory(resolved);
    const probe = path.join(resolved, `.tagback-write-check-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    fail(`cannot write to ${what} ${resolved}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return resolved;
}

type Options = NonNullable<ParseArgsConfig["options"]>;
type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

/**
 * Parses process.argv with --help/-h added. Returns null after printing `usage` to stdout when help
 * was asked for; unknown options and bad values become usage errors.
 */
export function parseCli(usage: string, options: Options = {}, args = process.argv.slice(2)): Parsed | null {
  let parsed: Parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    }) as Parsed;
  } catch (error) {
    usageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.values.help) {
    process.stdout.write(`${usage.trim()}\n`);
    return null;
  }
  return parsed;
}

/** Runs a script's main function: prints CliErrors plainly, anything else with its stack. */
export async function runCli(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (error instanceof CliError) {
      info(`error: ${error.message}`);
      if (error.exitCode === 2) info("Run with --help for usage.");
      process.exitCode = error.exitCode;
    } else {
      info(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    }
  } finally {
    connection?.closeDatabase();
  }
}
