import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { testDb } from "../../../tests/support/test-db.ts";
import { mintBatches, tagbackTokens, users } from "../../../db/schema.ts";
import { hashPassword, TOKEN_PASSWORD_COST, verifyPassword } from "../../../db/password.ts";
import {
  generateToken,
  generateTokenPassword,
  mintTokens,
  tokenCsv,
  tokenUrl,
} from "./mint.server.ts";
import { MAX_MINT_COUNT, MINTED_PASSWORD_LENGTH, TOKEN_LENGTH, TOKEN_PASSWORD_MAX } from "./rules.ts";

const APP_URL = "https://tagback.example";

async function storedRows(tokens: string[]) {
  return testDb().select().from(tagbackTokens).where(inArray(tagbackTokens.token, tokens)).all();
}

describe("generateToken / generateTokenPassword", () => {
  it("draws 12-digit tokens and 8-digit passwords", () => {
    for (let i = 0; i < 200; i++) {
      expect(generateToken()).toMatch(new RegExp(`^\\d{${TOKEN_LENGTH}}$`));
      expect(generateTokenPassword()).toMatch(new RegExp(`^\\d{${MINTED_PASSWORD_LENGTH}}$`));
    }
    expect(new Set(Array.from({ length: 200 }, generateToken)).size).toBe(200);
  });
});

describe("mintTokens", () => {
  it("inserts count unique unclaimed, unverified tokens with hashed passwords", async () => {
    const db = testDb();
    const { tokens: minted } = await mintTokens(db, 5, APP_URL);
    expect(minted).toHaveLength(5);
    expect(new Set(minted.map((m) => m.token)).size).toBe(5);
    for (const { token, password, url } of minted) {
      expect(token).toMatch(new RegExp(`^\\d{${TOKEN_LENGTH}}$`));
      expect(password).toMatch(new RegExp(`^\\d{${MINTED_PASSWORD_LENGTH},${TOKEN_PASSWORD_MAX}}$`));
      expect(url).toBe(`${APP_URL}/?t=${token}`);
    }

    const rows = await storedRows(minted.map((m) => m.token));
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.userId).toBeNull();
      expect(row.isClaimed).toBe(false);
      expect(row.isVerified).toBe(false);
      const { password } = minted.find((m) => m.token === row.token)!;
      expect(row.passwordHash).not.toContain(password);
      // The sticker's cost (db/password.ts): a sixteenth of an account password's.
      expect(row.passwordHash).toMatch(new RegExp(`^scrypt\\$${TOKEN_PASSWORD_COST.N}\\$8\\$1\\$`));
      expect(await verifyPassword(password, row.passwordHash)).toBe(true);
      const wrong = password === "00000000" ? "00000001" : "00000000";
      expect(await verifyPassword(wrong, row.passwordHash)).toBe(false);
    }
  });

  it("records a batch row and tags its tokens with it, minted by an admin or by the CLI (null)", async () => {
    const db = testDb();
    const [admin] = await db.insert(users).values({ email: `mint-${crypto.randomUUID()}@example.test` }).returning().all();
    const byAdmin = await mintTokens(db, 3, APP_URL, { mintedBy: admin!.id });
    const byCli = await mintTokens(db, 2, APP_URL);
    expect(byAdmin.batchId).not.toBe(byCli.batchId);
    const batches = await db.select().from(mintBatches).where(inArray(mintBatches.id, [byAdmin.batchId, byCli.batchId])).all();
    expect(batches.find((b) => b.id === byAdmin.batchId)).toMatchObject({ count: 3, mintedBy: admin!.id });
    expect(batches.find((b) => b.id === byCli.batchId)).toMatchObject({ count: 2, mintedBy: null });
    const rows = await storedRows(byAdmin.tokens.map((m) => m.token));
    expect(rows.map((r) => r.batchId)).toEqual([byAdmin.batchId, byAdmin.batchId, byAdmin.batchId]);
  });

  it("never repeats a token across batches", async () => {
    const db = testDb();
    const { tokens: first } = await mintTokens(db, 20, APP_URL);
    const { tokens: second } = await mintTokens(db, 20, `${APP_URL}/`);
    const all = [...first, ...second].map((m) => m.token);
    expect(new Set(all).size).toBe(40);
    expect(second[0]!.url).toBe(`${APP_URL}/?t=${second[0]!.token}`);
    expect(await storedRows(all)).toHaveLength(40);
  });

  it("regenerates a token that collides with the database or with the batch", async () => {
    const db = testDb();
    await db
      .insert(tagbackTokens)
      .values({ token: "111111111111", passwordHash: await hashPassword("99999999"), userId: null })
      .run();
    // Row 1 gets 111… (taken in the database), row 2 gets 111… again (taken in the batch) then 222…;
    // the insert rejects 111…, so row 1 is regenerated as 333….
    const sequence = ["111111111111", "111111111111", "222222222222", "333333333333"];
    const { tokens: minted } = await mintTokens(db, 2, APP_URL, { generateToken: () => sequence.shift() ?? "999999999999" });
    expect(minted.map((m) => m.token).sort()).toEqual(["222222222222", "333333333333"]);
    expect(sequence).toEqual([]);

    // The pre-existing row is untouched: its password is still the old one.
    const existing = await db.select().from(tagbackTokens).where(eq(tagbackTokens.token, "111111111111")).get();
    expect(await verifyPassword("99999999", existing!.passwordHash)).toBe(true);
    expect(await storedRows(["222222222222", "333333333333"])).toHaveLength(2);
  });

  it("never mints the demo token, which every search answers with the demo profile", async () => {
    const db = testDb();
    const sequence = ["123456789012", "555555555555"];
    const { tokens: minted } = await mintTokens(db, 1, APP_URL, { generateToken: () => sequence.shift() ?? "999999999998" });
    expect(minted.map((m) => m.token)).toEqual(["555555555555"]);
    expect(await storedRows(["123456789012"])).toHaveLength(0);
  });

  it("gives up on a generator that only repeats itself, writing nothing", async () => {
    const db = testDb();
    await expect(mintTokens(db, 2, APP_URL, { generateToken: () => "444444444444" })).rejects.toThrow(/unique/);
    expect(await storedRows(["444444444444"])).toHaveLength(0);
  });

  it("rejects a count outside 1..10000", async () => {
    const db = testDb();
    for (const count of [0, -1, 1.5, Number.NaN, MAX_MINT_COUNT + 1]) {
      await expect(mintTokens(db, count, APP_URL)).rejects.toThrow(RangeError);
    }
  });
});

describe("tokenCsv", () => {
  it("prints the header and one line per token", () => {
    const csv = tokenCsv([
      { token: "012345678901", password: "00123456", url: tokenUrl("http://localhost:3000/", "012345678901") },
    ]);
    expect(csv).toBe("token,password,url\n012345678901,00123456,http://localhost:3000/?t=012345678901\n");
    expect(tokenCsv([])).toBe("token,password,url\n");
  });
});
