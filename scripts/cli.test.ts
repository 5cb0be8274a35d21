// The operator scripts, run as real child processes against a temporary database file.
import Database from "better-sqlite3";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { openDatabase } from "../db/connection.ts";
import { DEMO_IDENTIFIERS, seed } from "../db/seed.ts";
import { MINTED_PASSWORD_LENGTH, QR_ERROR_CORRECTION, QUIET_ZONE_MODULES, TOKEN_LENGTH } from "../app/features/stickers/rules.ts";

const root = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-cli-"));
const databasePath = path.join(dir, "cli.db");
// Node's compile cache, shared by the scripts this file runs: each starts with ~15 % less CPU (most
// of what is left is Node 24 parsing drizzle-orm's 179 KB package.json for every module it loads).
const compileCache = path.join(dir, "compile-cache");

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [path.join("scripts", script), ...args], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ""}`,
      DATABASE_PATH: databasePath,
      APP_URL: "",
      NODE_COMPILE_CACHE: compileCache,
      ...env,
    },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Reads the test database from this process (the scripts write it from theirs). */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const client = new Database(databasePath, { readonly: true });
  try {
    return client.prepare(sql).all(...params) as T[];
  } finally {
    client.close();
  }
}

/** Decodes a QR image with zxing-wasm (its .wasm from node_modules, as the photo decoder does). */
async function decodeQr(png: Buffer) {
  const wasm = fs.readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) }, fireImmediately: true });
  const [found] = await readBarcodes(png, { formats: ["QRCode"], maxNumberOfSymbols: 1 });
  expect(found?.isValid).toBe(true);
  return found!;
}

/** The PNG's width in pixels (its IHDR chunk). */
const pngWidth = (png: Buffer) => png.readUInt32BE(16);

beforeAll(async () => {
  const { db } = openDatabase(databasePath);
  await seed(db);
  db.$client.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("npm run tokens", () => {
  it("--help prints the usage and exits 0", () => {
    const { status, stdout } = run("tokens.ts", ["--help"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Usage: npm run tokens -- mint --count N/);
    expect(run("tokens.ts", ["-h"]).status).toBe(0);
  });

  it("mint --count 3 prints the CSV header and 3 rows, and stores them", () => {
    const { status, stdout, stderr } = run("tokens.ts", ["mint", "--count", "3"]);
    expect(status, stderr).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("token,password,url");
    expect(lines).toHaveLength(4);
    const tokens = lines.slice(1).map((line) => {
      const [token, password, url] = line.split(",");
      expect(token).toMatch(new RegExp(`^\\d{${TOKEN_LENGTH}}$`));
      expect(password).toMatch(new RegExp(`^\\d{${MINTED_PASSWORD_LENGTH}}$`));
      expect(url).toBe(`http://localhost:3000/?t=${token}`);
      return token!;
    });
    const stored = query<{ token: string; is_claimed: number; user_id: string | null }>(
      `SELECT token, is_claimed, user_id FROM tagback_tokens WHERE token IN (?, ?, ?)`,
      ...tokens,
    );
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(row).toMatchObject({ is_claimed: 0, user_id: null });
    // One batch row for the run, minted by nobody (the CLI), holding the three tokens.
    const batches = query<{ id: string; count: number; minted_by: string | null; tokens: number }>(
      `SELECT mint_batches.id, mint_batches.count, mint_batches.minted_by, COUNT(tagback_tokens.id) AS tokens
         FROM mint_batches JOIN tagback_tokens ON tagback_tokens.batch_id = mint_batches.id
        WHERE tagback_tokens.token IN (?, ?, ?) GROUP BY mint_batches.id`,
      ...tokens,
    );
    expect(batches).toEqual([{ id: expect.any(String), count: 3, minted_by: null, tokens: 3 }]);
    expect(stderr).toContain(batches[0]!.id);
  });

  it("uses the origin of APP_URL and writes QR images with --qr-dir, at level H with the 4-module quiet zone", async () => {
    const qrDir = path.join(dir, "qr", "batch-1");
    const { status, stdout, stderr } = run("tokens.ts", ["mint", "--count=2", "--qr-dir", qrDir], {
      APP_URL: "https://tagback.example/some/path/",
    });
    expect(status, stderr).toBe(0);
    const rows = stdout.trimEnd().split("\n").slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const [token, , url] = row.split(",");
      expect(url).toBe(`https://tagback.example/?t=${token}`);
      const png = fs.readFileSync(path.join(qrDir, `${token}.png`));
      expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const qr = await decodeQr(png);
      expect(qr.text).toBe(url);
      expect(qr.ecLevel).toBe(QR_ERROR_CORRECTION);
      // The light margin around the symbol, in modules, on each side (the decoder finds the
      // symbol's corners in the pixels; a version-v symbol is 17 + 4v modules wide).
      const { topLeft, bottomRight } = qr.position;
      const module = (bottomRight.x - topLeft.x + 1) / (17 + 4 * Number(qr.version));
      const margins = [topLeft.x, topLeft.y, pngWidth(png) - 1 - bottomRight.x, pngWidth(png) - 1 - bottomRight.y];
      for (const margin of margins) expect(Math.round(margin / module)).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES);
    }
    expect(stderr).toContain(qrDir);
  });

  it("fails at once with exit code 1 when --qr-dir cannot be written, and mints nothing", () => {
    const tokens = () => query<{ n: number }>("SELECT count(*) AS n FROM tagback_tokens")[0]!.n;
    const before = tokens();
    const file = path.join(dir, "not-a-folder.txt");
    fs.writeFileSync(file, "");
    // /proc refuses mkdir with ENOENT under a parent that exists: mkdirSync's `recursive` spun forever there.
    for (const qrDir of ["/proc/nope", path.join(file, "qr")]) {
      const { status, stdout, stderr } = run("tokens.ts", ["mint", "--count", "2", "--qr-dir", qrDir]);
      expect(status, qrDir).toBe(1);
      expect(stderr.trim().split("\n")).toEqual([expect.stringMatching(new RegExp(`^error: cannot write to --qr-dir ${qrDir}`))]);
      expect(stdout).toBe("");
    }
    expect(tokens()).toBe(before);
  });

  it.each([
    [["mint", "--count", "0"], /--count/],
    [["mint", "--count", "abc"], /--count/],
    [["mint", "--count", "10001"], /--count/],
    [["mint", "--count", "2.5"], /--count/],
    [["mint"], /--count/],
    [["frobnicate", "--count", "3"], /unknown command/],
    [[], /missing command/],
    [["mint", "--count", "1", "--colour", "red"], /colour/],
  ])("rejects %j with a message on stderr", (args, message) => {
    const { status, stdout, stderr } = run("tokens.ts", args);
    expect(status).not.toBe(0);
    expect(stderr).toMatch(message);
    expect(stdout).toBe("");
  });

  it("refuses an APP_URL that is not a URL", () => {
    const { status, stderr } = run("tokens.ts", ["mint", "--count", "1"], { APP_URL: "not a url" });
    expect(status).not.toBe(0);
    expect(stderr).toMatch(/APP_URL/);
  });
});

describe("npm run admin", () => {
  const email = DEMO_IDENTIFIERS.rohan.email;
  const adminRows = () =>
    query<{ email: string }>(`SELECT users.email FROM admin_users JOIN users ON users.id = admin_users.user_id`);

  it("--help prints the usage and exits 0", () => {
    const { status, stdout } = run("admin.ts", ["--help"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/grant EMAIL/);
    expect(stdout).toMatch(/revoke EMAIL/);
  });

  it("refuses an unknown e-mail, a missing e-mail and an unknown command", () => {
    const unknown = run("admin.ts", ["grant", "nobody@example.com"]);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toMatch(/nobody@example\.com/);
    expect(run("admin.ts", ["revoke", "nobody@example.com"]).status).not.toBe(0);
    const missing = run("admin.ts", ["grant"]);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/e-mail/);
    const command = run("admin.ts", ["promote", email]);
    expect(command.status).not.toBe(0);
    expect(command.stderr).toMatch(/unknown command/);
    expect(adminRows()).toEqual([]);
  });

  it("grants (case-insensitively, idempotently) and revokes", () => {
    const granted = run("admin.ts", ["grant", `  ${email.toUpperCase()} `]);
    expect(granted.status, granted.stderr).toBe(0);
    expect(granted.stdout).toMatch(/now an admin/);
    expect(adminRows()).toEqual([{ email }]);

    const again = run("admin.ts", ["grant", email]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/already an admin/);
    expect(adminRows()).toHaveLength(1);

    const revoked = run("admin.ts", ["revoke", email]);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(/no longer an admin/);
    expect(adminRows()).toEqual([]);

    const notAdmin = run("admin.ts", ["revoke", email]);
    expect(notAdmin.status).toBe(0);
    expect(notAdmin.stdout).toMatch(/was not an admin/);
  });
});

describe("npm run db:backup", () => {
  it("--help prints the usage and exits 0", () => {
    const { status, stdout } = run("db-backup.ts", ["--help"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Usage: npm run db:backup -- FILE/);
  });

  it("writes a consistent copy, creating folders, and refuses to overwrite it", () => {
    const target = path.join(dir, "backups", "nested", "tagback-backup.db");
    const first = run("db-backup.ts", [target]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(target);

    const backup = new Database(target, { readonly: true });
    try {
      expect(backup.pragma("integrity_check", { simple: true })).toBe("ok");
      const tables = (backup.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      );
      expect(tables).toEqual(expect.arrayContaining(["users", "profiles", "tagback_tokens", "products", "admin_users"]));
      expect(backup.prepare("SELECT count(*) AS n FROM users").get()).toEqual({ n: 3 });
      expect(
        backup.prepare("SELECT count(*) AS n FROM profiles WHERE metro_card_number = ?").get(DEMO_IDENTIFIERS.priya.metroCard),
      ).toEqual({ n: 1 });
    } finally {
      backup.close();
    }

    const size = fs.statSync(target).size;
    const second = run("db-backup.ts", [target]);
    expect(second.status).not.toBe(0);
    expect(second.stderr).toMatch(/already exists/);
    expect(fs.statSync(target).size).toBe(size);
  });

  it("requires a FILE and an existing database", () => {
    const missing = run("db-backup.ts", []);
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toMatch(/FILE/);
    const noDatabase = run("db-backup.ts", [path.join(dir, "never.db")], { DATABASE_PATH: path.join(dir, "absent.db") });
    expect(noDatabase.status).not.toBe(0);
    expect(noDatabase.stderr).toMatch(/no database/);
    expect(fs.existsSync(path.join(dir, "absent.db"))).toBe(false);
  });
});

describe("npm run db:restore", () => {
  const restoreDir = path.join(dir, "restore");
  const backup = path.join(restoreDir, "backup.db");
  const target = path.join(restoreDir, "volume", "tagback.db");
  const restore = (args: string[]) => run("db-restore.ts", args, { DATABASE_PATH: target });
  const count = (file: string, table: string) => {
    const client = new Database(file, { readonly: true });
    try {
      return (client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    } finally {
      client.close();
    }
  };
  /** Files next to the target other than the database: temporary or stale files left behind. */
  const leftovers = () => fs.readdirSync(path.dirname(target)).filter((name) => name !== "tagback.db");

  beforeAll(() => {
    const made = run("db-backup.ts", [backup]);
    expect(made.status, made.stderr).toBe(0);
  });

  it("--help prints the usage and exits 0", () => {
    const { status, stdout } = run("db-restore.ts", ["--help"]);
    expect(status).toBe(0);
    expect(stdout).toMatch(/Usage: npm run db:restore -- FILE \[--force\]/);
    expect(stdout).toMatch(/--force/);
  });

  it("rejects bad usage with exit code 2", () => {
    for (const args of [[], ["--colour", "red", backup], [backup, "extra"]]) {
      const { status, stdout, stderr } = restore(args);
      expect(status, args.join(" ")).toBe(2);
      expect(stderr).toMatch(/--help/);
      expect(stdout).toBe("");
    }
    expect(fs.existsSync(target)).toBe(false);
  });

  it("refuses a file that is not a sound Tagback database, and creates nothing", () => {
    const text = path.join(restoreDir, "notes.txt");
    fs.writeFileSync(text, "not a database\n");
    const notSqlite = restore([text]);
    expect(notSqlite.status).toBe(1);
    expect(notSqlite.stderr).toMatch(/not a SQLite database/);

    const other = path.join(restoreDir, "other.db");
    const client = new Database(other);
    client.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')");
    client.close();
    const foreign = restore([other]);
    expect(foreign.status).toBe(1);
    expect(foreign.stderr).toMatch(/not a Tagback database/);

    // Garbage over the pages after the first: the header is fine, the b-trees are not.
    const corrupt = path.join(restoreDir, "corrupt.db");
    const bytes = fs.readFileSync(backup);
    bytes.fill(0xa5, 4096 * 2, 4096 * 6);
    fs.writeFileSync(corrupt, bytes);
    const damaged = restore([corrupt]);
    expect(damaged.status).toBe(1);
    expect(damaged.stderr).toMatch(/integrity_check|malformed/);

    const absent = restore([path.join(restoreDir, "absent.db")]);
    expect(absent.status).toBe(1);
    expect(absent.stderr).toMatch(/cannot read/);

    expect(fs.existsSync(target)).toBe(false);
    expect(fs.existsSync(path.dirname(target)) ? leftovers() : []).toEqual([]);
  });

  it("restores a db:backup copy into an empty path", () => {
    const { status, stdout, stderr } = restore([backup]);
    expect(status, stderr).toBe(0);
    expect(stdout).toContain(`Restored ${backup} into ${target}`);
    expect(stderr).toMatch(/integrity ok/);
    expect(leftovers()).toEqual([]);

    const restored = new Database(target, { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(restored.prepare("SELECT count(*) AS n FROM users").get()).toEqual({ n: 3 });
      expect(
        restored.prepare("SELECT count(*) AS n FROM profiles WHERE metro_card_number = ?").get(DEMO_IDENTIFIERS.priya.metroCard),
      ).toEqual({ n: 1 });
    } finally {
      restored.close();
    }
    expect(count(target, "tagback_tokens")).toBe(count(backup, "tagback_tokens"));
  });

  it("refuses to replace an existing database without --force", () => {
    // Make the current database differ from the backup, to see that it stays as it is.
    const client = new Database(target);
    client.prepare("DELETE FROM users WHERE email = ?").run(DEMO_IDENTIFIERS.rohan.email);
    client.close();
    expect(count(target, "users")).toBe(2);

    const { status, stdout, stderr } = restore([backup]);
    expect(status).toBe(1);
    expect(stderr).toMatch(/already exists/);
    expect(stderr).toMatch(/--force/);
    expect(stdout).toBe("");
    expect(count(target, "users")).toBe(2);
  });

  it("refuses --force while another process has the database open, and replaces it once that process is gone", async () => {
    // Another process opens the database the way the server does (WAL, db/connection.ts), then
    // sits idle: no transaction open, as a server between requests.
    const connection = pathToFileURL(path.join(root, "db", "connection.ts")).href;
    const holder = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `import { openDatabase } from ${JSON.stringify(connection)};
         openDatabase(${JSON.stringify(target)});
         process.stdout.write("ready\\n");
         setTimeout(() => process.exit(0), 30_000);`,
      ],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise((resolve) => holder.once("exit", resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.once("data", () => resolve());
        holder.once("exit", () => reject(new Error("the process holding the database exited")));
      });
      // A plain BEGIN EXCLUSIVE does not notice an idle connection to a WAL database...
      const naive = new Database(target, { timeout: 200 });
      try {
        naive.exec("BEGIN EXCLUSIVE; ROLLBACK");
      } finally {
        naive.close();
      }
      // ...db:restore does.
      const refused = restore([backup, "--force"]);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/in use by another process/);
      expect(refused.stdout).toBe("");
      expect(count(target, "users")).toBe(2);
    } finally {
      // A crash, as far as the files go: the -wal and -shm stay behind.
      holder.kill("SIGKILL");
      await exited;
    }
    expect(fs.existsSync(`${target}-shm`)).toBe(true);

    const forced = restore([backup, "--force"]);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/replaced the previous database/);
    expect(forced.stdout).toContain(`Removed ${target}-shm`);
    expect(leftovers()).toEqual([]);
    expect(count(target, "users")).toBe(3);
    const restored = new Database(target, { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      restored.close();
    }
  });
});
