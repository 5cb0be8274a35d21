import { count, eq, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "./password.ts";
import { openDatabase, type Db } from "./connection.ts";
import * as schema from "./schema.ts";
import { DEMO_IDENTIFIERS, DEMO_PASSWORDS, seed } from "./seed.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-migrations-"));
let db: Db;
let created: boolean;

beforeAll(() => {
  ({ db, created } = openDatabase(path.join(dir, "empty.db")));
});
afterAll(() => {
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type IndexListRow = { name: string; unique: 0 | 1; origin: string };
type IndexInfoRow = { name: string };

/** Indexes on `table` whose columns start with `columns`, in that order. */
function indexesStartingWith(table: string, columns: string[]) {
  const list = db.$client.pragma(`index_list(${table})`) as IndexListRow[];
  return list.filter((index) => {
    const indexColumns = (db.$client.pragma(`index_info(${index.name})`) as IndexInfoRow[]).map((c) => c.name);
    return columns.every((column, i) => indexColumns[i] === column);
  });
}

async function insertUser(email: string) {
  const [row] = await db.insert(schema.users).values({ email }).returning({ id: schema.users.id }).all();
  return row!.id;
}

describe("a new database", () => {
  it("is created and gets every table of db/schema.ts", () => {
    expect(created).toBe(true);
    const tables = Object.values(schema)
      .filter((value) => is(value, SQLiteTable))
      .map((table) => getTableName(table as SQLiteTable));
    // The spec's entities plus users, sessions and rate limits.
    expect(tables).toEqual(
      expect.arrayContaining([
        "users", "sessions", "profiles", "tagback_tokens", "products", "search_history", "lost_items",
        "conversations", "conversation_participants", "messages", "admin_users", "demo_locations",
        "demo_search_logs", "rate_limits",
      ]),
    );
    const present = new Set(
      (db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    for (const table of tables) expect(present, `table ${table}`).toContain(table);
    expect(present).toContain("__drizzle_migrations");
  });

  it("uses the project's pragmas", () => {
    const pragma = (name: string) => db.$client.pragma(name, { simple: true });
    expect(pragma("journal_mode")).toBe("wal");
    expect(pragma("foreign_keys")).toBe(1);
    expect(pragma("busy_timeout")).toBe(5000);
    expect(pragma("synchronous")).toBe(1); // NORMAL
  });

  it("has the indexes the look-ups need", () => {
    expect(indexesStartingWith("tagback_tokens", ["token"]).some((i) => i.unique)).toBe(true);
    expect(indexesStartingWith("profiles", ["metro_card_number"]).some((i) => i.unique)).toBe(true);
    expect(indexesStartingWith("users", ["email"]).some((i) => i.unique)).toBe(true);
    for (const table of ["sessions", "tagback_tokens", "products", "search_history", "lost_items", "conversation_participants"]) {
      expect(indexesStartingWith(table, ["user_id"]), `${table}.user_id`).not.toHaveLength(0);
    }
    expect(indexesStartingWith("messages", ["conversation_id"])).not.toHaveLength(0);
  });

  it("enforces unique metro card numbers", async () => {
    const a = await insertUser("metro-a@example.com");
    const b = await insertUser("metro-b@example.com");
    await db.insert(schema.profiles).values({ id: a, metroCardNumber: "11112222333" }).run();
    await expect(async () => db.insert(schema.profiles).values({ id: b, metroCardNumber: "11112222333" }).run()).rejects.toThrow(
      /UNIQUE/,
    );
    // Several profiles without a card are fine.
    await db.insert(schema.profiles).values({ id: b, metroCardNumber: null }).run();
  });

  it("enforces unique 12-digit tokens", async () => {
    const row = { token: "123412341234", passwordHash: "x" };
    await db.insert(schema.tagbackTokens).values(row).run();
    await expect(async () => db.insert(schema.tagbackTokens).values(row).run()).rejects.toThrow(/UNIQUE/);
    for (const token of ["12345", "1234567890123", "12345678901a", "1234-5678-90"]) {
      await expect(async () => db.insert(schema.tagbackTokens).values({ token, passwordHash: "x" }).run(), token).rejects.toThrow(
        /CHECK/,
      );
    }
  });

  it("enforces foreign keys", async () => {
    await expect(async () =>
      db.insert(schema.products).values({ userId: "no-such-user", name: "Bag", token: "123412341234" }).run(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });
});

describe("seed()", () => {
  // A second new database: the constraint tests above left users behind in the first.
  let fresh: Db;
  beforeAll(() => {
    fresh = openDatabase(path.join(dir, "seeded.db")).db;
  });
  afterAll(() => fresh?.$client.close());

  it("fills the demo data the README and tests rely on", async () => {
    const result = await seed(fresh);
    const { aarav, priya, unclaimedTokens, unverifiedToken, demoLocation } = DEMO_IDENTIFIERS;
    expect(result.developerLogin).toEqual({ email: aarav.email, password: DEMO_PASSWORDS.signIn });

    for (const key of ["aarav", "priya", "rohan"] as const) {
      const owner = DEMO_IDENTIFIERS[key];
      const user = await fresh.select().from(schema.users).where(eq(schema.users.email, owner.email)).get();
      expect(user?.id).toBe(result.userIds[key]);
      expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
      const profile = await fresh.select().from(schema.profiles).where(eq(schema.profiles.id, user!.id)).get();
      expect(profile?.metroCardNumber).toBe(owner.metroCard);
      expect(`${profile?.firstName} ${profile?.lastName}`).toBe(owner.name);
      expect(profile?.bio?.length).toBeLessThanOrEqual(200);
      expect(profile?.xUsername).toMatch(/^\w{1,16}$/);

      const token = await fresh.select().from(schema.tagbackTokens).where(eq(schema.tagbackTokens.token, owner.token)).get();
      expect(token).toMatchObject({ userId: user!.id, isClaimed: true, isVerified: true });
      expect(await verifyPassword(DEMO_PASSWORDS.ownerToken, token!.passwordHash)).toBe(true);

      const names = (await fresh.select().from(schema.products).where(eq(schema.products.userId, user!.id)).all()).map((p) => p.name);
      expect(names.sort()).toEqual([...owner.products].sort());
      for (const name of names) expect(name.length).toBeLessThanOrEqual(12);

      const history = await fresh.select({ n: count() }).from(schema.searchHistory).where(eq(schema.searchHistory.userId, user!.id)).get();
      expect(profile?.totalSearches).toBe(history?.n);
    }

    const aaravUser = await fresh.select().from(schema.users).where(eq(schema.users.email, aarav.email)).get();
    expect(await verifyPassword(DEMO_PASSWORDS.signIn, aaravUser!.passwordHash!)).toBe(true);
    const profileOf = async (id: string) => (await fresh.select().from(schema.profiles).where(eq(schema.profiles.id, id)).get())!;
    expect(await profileOf(result.userIds.aarav)).toMatchObject({ maskBio: false, useSocialIcons: false });
    expect(await profileOf(result.userIds.priya)).toMatchObject({ maskBio: true });
    expect((await profileOf(result.userIds.priya)).bio).toBeTruthy();
    expect(priya.token.slice(4, 8)).toBe(priya.unlockDigits);
    expect(await profileOf(result.userIds.rohan)).toMatchObject({ useSocialIcons: true, socialTelegram: "@rohan_blr" });
    expect((await profileOf(result.userIds.aarav)).totalSearches).toBeGreaterThan(0);
    expect((await profileOf(result.userIds.priya)).totalSearches).toBeGreaterThan(0);

    for (const value of unclaimedTokens) {
      const token = await fresh.select().from(schema.tagbackTokens).where(eq(schema.tagbackTokens.token, value)).get();
      expect(token).toMatchObject({ userId: null, isClaimed: false, isVerified: false });
      expect(await verifyPassword(DEMO_PASSWORDS.unclaimedToken, token!.passwordHash)).toBe(true);
    }
    const unverified = await fresh.select().from(schema.tagbackTokens).where(eq(schema.tagbackTokens.token, unverifiedToken)).get();
    expect(unverified).toMatchObject({ userId: result.userIds.aarav, isClaimed: true, isVerified: false });

    const location = await fresh.select().from(schema.demoLocations).where(eq(schema.demoLocations.locationName, demoLocation)).get();
    expect(location).toBeDefined();
  });

  it("refuses a database that already has users, changing nothing", async () => {
    await expect(seed(fresh)).rejects.toThrow(/new, empty database/);
    expect((await fresh.select({ n: count() }).from(schema.users).get())?.n).toBe(3);
  });
});
