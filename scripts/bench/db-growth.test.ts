// The capacity bench's database growth (scripts/bench/db-growth.ts) on a real, small file: the
// owners and scans it reports are in the file, whole, and the growth it reports adds up to the file.
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { measureDatabaseGrowth } from "./db-growth.ts";
import { readOptions } from "./options.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test("the grown database holds every owner whole and every scan, and its growth adds up to the file", { timeout: 60_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-growth-"));
  dirs.push(dir);
  const growth = await measureDatabaseGrowth(dir, { owners: 120, scans: 3_000 });

  const db = new Database(growth.databasePath, { readonly: true });
  try {
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM users")).toBe(120);
    // Each owner as the seed makes one: a profile, a session, two verified stickers, two products.
    expect(count("SELECT count(*) AS n FROM users u JOIN profiles p ON p.id = u.id WHERE u.password_hash IS NOT NULL")).toBe(120);
    expect(count("SELECT count(*) AS n FROM sessions")).toBe(120);
    expect(count("SELECT count(*) AS n FROM tagback_tokens WHERE is_verified = 1 AND user_id IS NOT NULL")).toBe(240);
    expect(count("SELECT count(*) AS n FROM products")).toBe(240);
    expect(count("SELECT count(*) AS n FROM search_history")).toBe(3_000);
    // Every scan is of an owner's own sticker.
    expect(count("SELECT count(*) AS n FROM search_history h JOIN tagback_tokens t ON t.token = h.search_value AND t.user_id = h.user_id")).toBe(3_000);
    expect(db.prepare("SELECT p.first_name || ' ' || p.last_name AS name FROM tagback_tokens t JOIN profiles p ON p.id = t.user_id WHERE t.token = ?").get(growth.firstOwner.token)).toEqual({
      name: growth.firstOwner.name,
    });
  } finally {
    db.close();
  }

  // VACUUMed and checkpointed: the file is exactly the empty database plus what each step added.
  expect(growth.empty + growth.ownersAdded.vacuumed + growth.scansAdded.vacuumed).toBe(fs.statSync(growth.databasePath).size);
  expect(growth.ownersAdded.vacuumed).toBeGreaterThan(0);
  expect(growth.scansAdded.vacuumed).toBeGreaterThan(0);
  expect(growth.bytesPerHistoryRow * 3_000).toBeLessThanOrEqual(growth.scansAdded.written);
});

test("--capacity is an option of npm run bench, off by default", () => {
  expect(readOptions([]).capacity).toBe(false);
  expect(readOptions(["--capacity"]).capacity).toBe(true);
});
