// The operator scripts, run as real child processes against a temporary database file.
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/connection.ts";
import { DEMO_IDENTIFIERS, seed } from "../db/seed.ts";
import { MINTED_PASSWORD_LENGTH, TOKEN_LENGTH } from "../app/features/stickers/rules.ts";

const root = path.resolve(import.meta.dirname, "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-cli-"));
const databasePath = path.join(dir, "cli.db");

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
  });

  it("uses the origin of APP_URL and writes QR images with --qr-dir", () => {
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
    }
    expect(stderr).toContain(qrDir);
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
