// Route-level tests of Delete my account (issue 25): POST /settings with intent=delete-account and
// confirm=<the account's e-mail>, through the route's own action, on a database seeded with several
// owners who message each other, an "I found this" thread, history, tokens, limits and an admin
// trail. What is left is read from the schema itself (every table of sqlite_master, every column),
// not from a list kept by hand. The live streams, the session cookie on the real server and the
// cross-site post: tests/integration/account-deletion-server.test.ts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { adminLookups, adminUsers, conversationParticipants, lostItems, messages, profiles, products, searchHistory, tagbackTokens } from "../../db/schema";
import { hashPassword } from "../../db/password";
import { recordFailure } from "~/core/rate-limit.server";
import { SIGN_IN_PER_EMAIL_LIMIT } from "~/features/account/rules";
import { parseEnv } from "~/core/env.server";
import { createSession } from "~/features/account/session.server";
import { lookUpOwner } from "~/features/admin/lookup.server";
import { createFinderThread } from "~/features/finder-contact/threads.server";
import { conversationFor, listConversations, sendMessage, startConversation } from "~/features/messaging/conversations.server";
import { claimToken } from "~/features/stickers/claim.server";
import * as settingsRoute from "~/routes/_app.settings/route";
import * as threadRoute from "~/routes/f.$secret/route";
import { callRoute, createOwner, dataOf, get, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

const db = testDb();
type Owner = { id: string; email: string };

let numbers = 0;
/** A number of `length` digits no other test of this file uses. */
function uniqueDigits(first: string, length: number) {
  numbers += 1;
  return `${first}${String(Date.now() % 1e6).padStart(6, "0")}${String(numbers).padStart(length - 7, "0")}`;
}

async function owner(first: string, last: string): Promise<Owner & { metroCard: string }> {
  const made = await createOwner(`${first.toLowerCase()}.${crypto.randomUUID().slice(0, 6)}@example.test`);
  const metroCard = uniqueDigits("8", 12);
  await db.update(profiles).set({ firstName: first, lastName: last, metroCardNumber: metroCard, backupEmail: `${first.toLowerCase()}.backup@example.test` }).where(eq(profiles.id, made.id)).run();
  return { ...made, metroCard };
}

async function token(userId: string | null, verified: boolean) {
  const value = uniqueDigits("7", 12);
  await db.insert(tagbackTokens).values({ token: value, passwordHash: await hashPassword("12345678"), userId, isClaimed: userId !== null, isVerified: verified }).run();
  return value;
}

async function say(from: Owner, conversationId: string, content: string) {
  const sent = await sendMessage(db, { conversationId, senderId: from.id, content, clientKey: crypto.randomUUID() });
  expect(sent.ok).toBe(true);
}

async function talk(a: Owner, b: Owner) {
  const started = await startConversation(db, a.id, b.id);
  if (!started.ok) throw new Error(started.reason);
  await say(a, started.conversationId, "Hello there");
  await say(b, started.conversationId, "Hi, good to hear from you");
  return started.conversationId;
}

function deleteAccount(user: Owner, confirm: string) {
  return callRoute(settingsRoute.action, post("/settings", { intent: "delete-account", confirm }), { user });
}

/** The user tables as sqlite_master lists them (drizzle's own migrations table aside). */
function tables(): string[] {
  return db
    .all<{ name: string }>(sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> '__drizzle_migrations' order by name`)
    .map((row) => row.name);
}

/** Every row of every table, to compare before and after a refused post. */
function everything() {
  return Object.fromEntries(tables().map((table) => [table, db.all(sql.raw(`select * from "${table}" order by rowid`))]));
}

/** Where any column of any table (but those skipped) holds `needle`, case aside: "table.column" per row. */
function rowsNaming(needle: string, skip: string[] = []): string[] {
  const found: string[] = [];
  for (const table of tables().filter((name) => !skip.includes(name))) {
    const columns = db.all<{ name: string }>(sql.raw(`pragma table_info("${table}")`)).map((column) => column.name);
    for (const column of columns) {
      const hits = db.get<{ n: number }>(sql`select count(*) as n from ${sql.identifier(table)} where instr(lower(cast(${sql.identifier(column)} as text)), ${needle.toLowerCase()}) > 0`);
      if (hits!.n > 0) found.push(`${table}.${column}`);
    }
  }
  return found;
}

describe("deleting an account", () => {
  test("erases every row that names the owner, except the admin audit trail; the others keep theirs", async () => {
    // Three owners who message each other, and an admin who looks the first one up.
    const zara = await owner("Zephyrine", "Quillfeather");
    const [bela, chen] = [await owner("Bela", "Kumar"), await owner("Chen", "Iyer")];
    const admin = await createOwner();
    await db.insert(adminUsers).values([{ userId: zara.id }, { userId: admin.id }]).run();
    const zaraBela = await talk(zara, bela);
    const zaraChen = await talk(chen, zara);
    const belaChen = await talk(bela, chen);
    // Zara's stickers (one verified, with a product; one claimed, not verified), history, reports.
    const [verified, unverified] = [await token(zara.id, true), await token(zara.id, false)];
    const belaToken = await token(bela.id, true);
    await db.insert(products).values({ userId: zara.id, name: "Violin case", token: verified }).run();
    await db.insert(searchHistory).values({ userId: zara.id, searchType: "metro_card", searchValue: zara.metroCard, city: "Pune" }).run();
    await db.insert(searchHistory).values({ userId: bela.id, searchType: "tagback_token", searchValue: belaToken, city: "Delhi" }).run();
    await db.insert(lostItems).values({ userId: zara.id, type: "metro", name: "Metro card", identifier: zara.metroCard, dateLost: "2026-11-20" }).run();
    // Finders wrote to Zara and to Bela through "I found this".
    const toZara = createFinderThread(db, {
      ownerId: zara.id,
      item: { type: "metrocard", number: zara.metroCard },
      visitId: null,
      form: { message: "Found your card near gate 2", contact: "finder.one@example.test", contactKind: "email", foundWhere: "Gate 2", handover: "keep", place: null },
    });
    await say(zara, toZara.conversationId, "Thank you, I will come by");
    const toBela = createFinderThread(db, {
      ownerId: bela.id,
      item: { type: "tagbacktoken", number: belaToken },
      visitId: null,
      form: { message: "Your keys are with me", contact: null, contactKind: null, foundWhere: null, handover: "police", place: null },
    });
    // Lookups: Zara (an admin) looked Bela up; the other admin looked Zara up. A failed sign-in on
    // Zara's e-mail left a lockout count.
    await lookUpOwner(db, zara, "metrocard", bela.metroCard);
    await lookUpOwner(db, admin, "metrocard", zara.metroCard);
    await recordFailure(db, SIGN_IN_PER_EMAIL_LIMIT, zara.email);
    const cookie = (await createSession(db, zara.id)).split(";")[0]!;
    const belaChenBefore = db.select().from(messages).where(eq(messages.conversationId, belaChen)).all();

    const response = await deleteAccount(zara, zara.email.toUpperCase());
    expect(statusOf(response)).toBe(302);
    expect((response as Response).headers.get("Location")).toBe("/account-deleted");
    // This browser is signed out too.
    expect((response as Response).headers.get("Set-Cookie")).toMatch(/^tb_session=[^;]*;.*Max-Age=0/i);

    // Nothing anywhere names Zara, the finder who wrote to her or what they said, but the trail.
    for (const needle of [zara.id, zara.email, "Zephyrine", "Quillfeather", zara.metroCard, "zephyrine.backup@example.test", toZara.finderUserId, "finder.one@example.test", "gate 2", "I will come by"]) {
      expect(rowsNaming(needle, ["admin_lookups"]), needle).toEqual([]);
    }
    // The trail keeps every row: Zara's own lookups under one pseudonym, and the lookup of her number.
    const trail = db.select().from(adminLookups).all();
    expect(rowsNaming(zara.id)).toEqual([]);
    expect(rowsNaming(zara.email)).toEqual([]);
    const hers = trail.filter((row) => row.value === bela.metroCard);
    expect(hers).toHaveLength(1);
    expect(hers[0]!.adminEmail).toMatch(/^deleted admin [0-9a-f]{8}$/);
    expect(hers[0]!.adminUserId).toBe(hers[0]!.adminEmail);
    expect(trail.filter((row) => row.value === zara.metroCard && row.adminUserId === admin.id)).toHaveLength(1);

    // Bela and Chen keep their data, their conversation, their own messages and the finder's thread.
    expect(db.select().from(messages).where(eq(messages.conversationId, belaChen)).all()).toEqual(belaChenBefore);
    expect((await conversationFor(db, bela.id, belaChen))?.other.name).toBe("Chen Iyer");
    expect(await conversationFor(db, bela.id, toBela.conversationId)).not.toBeNull();
    expect(db.select().from(searchHistory).where(eq(searchHistory.userId, bela.id)).all()).toHaveLength(1);
    for (const [who, conversationId] of [[bela, zaraBela], [chen, zaraChen]] as const) {
      const left = await conversationFor(db, who.id, conversationId);
      expect(left?.other).toMatchObject({ id: null, name: "Deleted user" });
      const kept = db.select().from(messages).where(eq(messages.conversationId, conversationId)).all();
      expect(kept.map((row) => row.senderId)).toEqual([who.id]);
      expect((await listConversations(db, who.id)).find((row) => row.id === conversationId)?.other.name).toBe("Deleted user");
      expect(db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, conversationId)).all()).toHaveLength(1);
    }

    // The stickers are unclaimed again, and someone else claims one with its password.
    for (const value of [verified, unverified]) {
      expect(db.select({ userId: tagbackTokens.userId, isClaimed: tagbackTokens.isClaimed, isVerified: tagbackTokens.isVerified }).from(tagbackTokens).where(eq(tagbackTokens.token, value)).get()).toEqual({ userId: null, isClaimed: false, isVerified: false });
    }
    expect(await claimToken(db, chen.id, verified, "12345678")).toEqual({ ok: true });

    // The old session cookie signs nobody in: the settings page sends it to sign-in.
    const again = await callRoute(settingsRoute.loader, get("/settings", cookie));
    expect(statusOf(again)).toBe(302);
    expect((again as Response).headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fsettings/);
  });

  test("the finder's private link of a thread to the erased owner ends with the clear page; another owner's link still works", async () => {
    const [gone, stays] = [await owner("Ottoline", "Varga"), await owner("Devika", "Rao")];
    const thread = (ownerId: string) =>
      createFinderThread(db, {
        ownerId,
        item: { type: "tagbacktoken", number: uniqueDigits("6", 12) },
        visitId: null,
        form: { message: "I have it", contact: null, contactKind: null, foundWhere: null, handover: "keep", place: null },
      });
    const [toGone, toStays] = [thread(gone.id), thread(stays.id)];
    const open = (secret: string) => callRoute((args) => threadRoute.loader({ ...args, params: { secret } }), get(`/f/${secret}`));
    expect(statusOf(await open(toGone.secret))).toBe(200);
    expect(statusOf(await deleteAccount(gone, gone.email))).toBe(302);
    expect(statusOf(await open(toGone.secret))).toBe(404);
    expect(statusOf(await open(toStays.secret))).toBe(200);
  });

  test("a conversation whose other side was erased before goes when the last person in it is erased", async () => {
    const [first, second] = [await owner("Ishaan", "Bose"), await owner("Meera", "Pillai")];
    const conversationId = await talk(first, second);
    expect(statusOf(await deleteAccount(first, first.email))).toBe(302);
    expect(statusOf(await deleteAccount(second, second.email))).toBe(302);
    expect(rowsNaming(conversationId)).toEqual([]);
  });
});

describe("a delete that must change nothing", () => {
  test("a wrong or missing confirmation, or another user's e-mail, is a 400 with a message and changes nothing", async () => {
    const [mine, theirs] = [await owner("Rhea", "Kapoor"), await owner("Tanvi", "Shah")];
    await talk(mine, theirs);
    await token(mine.id, true);
    const before = everything();
    for (const [who, confirm] of [
      [mine, "rhea@example.test"],
      [mine, ""],
      [mine, `${mine.email}x`],
      // Another user's form: signed in as Tanvi, confirming Rhea's e-mail.
      [theirs, mine.email],
    ] as const) {
      const refused = await deleteAccount(who, confirm);
      expect(statusOf(refused), confirm).toBe(400);
      expect(dataOf(refused)).toMatchObject({ deleteError: "deleteAccount.confirmMismatch", typed: confirm });
    }
    expect(statusOf(await callRoute(settingsRoute.action, post("/settings", { intent: "delete-account" }), { user: mine }))).toBe(400);
    expect(everything()).toEqual(before);
  });

  test("the last admin cannot delete their account until another admin is granted", async () => {
    const only = await owner("Anaya", "Gill");
    // Every other admin of this file's database steps down first.
    await db.delete(adminUsers).run();
    await db.insert(adminUsers).values({ userId: only.id }).run();
    const before = everything();
    const refused = await deleteAccount(only, only.email);
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused)).toMatchObject({ deleteError: "deleteAccount.lastAdmin" });
    expect(everything()).toEqual(before);
    const next = await createOwner();
    await db.insert(adminUsers).values({ userId: next.id }).run();
    expect(statusOf(await deleteAccount(only, only.email))).toBe(302);
    expect(db.select().from(adminUsers).all()).toEqual([expect.objectContaining({ userId: next.id })]);
  });
});

// The retention is one setting, BACKUP_RETENTION_DAYS: the server reads it (for the pages that state
// it), docker-start.sh turns it into litestream.yml's `retention` in hours. Their defaults agree.
describe("the backups' retention", () => {
  const retentionOf = (value: string | undefined) =>
    spawnSync("sh", ["-c", '. scripts/backup-retention.sh && printf %s "$LITESTREAM_RETENTION"'], {
      encoding: "utf8",
      env: { PATH: process.env.PATH, ...(value === undefined ? {} : { BACKUP_RETENTION_DAYS: value }) },
    });

  test("litestream.yml keeps snapshots and WAL for what docker-start.sh hands it: the server's default when unset", () => {
    const config = fs.readFileSync("litestream.yml", "utf8");
    expect(config.match(/^\s*retention:\s*(\S+)/m)?.[1]).toBe("${LITESTREAM_RETENTION}");
    expect(fs.readFileSync("docker-start.sh", "utf8")).toMatch(/^\s*\. scripts\/backup-retention\.sh$/m);
    const defaultDays = parseEnv({}).BACKUP_RETENTION_DAYS;
    expect(retentionOf(undefined)).toMatchObject({ status: 0, stdout: `${defaultDays * 24}h` });
    expect(retentionOf("30")).toMatchObject({ status: 0, stdout: "720h" });
    expect(parseEnv({ BACKUP_RETENTION_DAYS: "30" }).BACKUP_RETENTION_DAYS).toBe(30);
  });

  test("a value that is not a whole number of days from 1 stops both, naming the variable", () => {
    for (const bad of ["0", "07", "-1", "7d", "1.5", "abc"]) {
      const shell = retentionOf(bad);
      expect(shell.status, bad).not.toBe(0);
      expect(shell.stderr).toContain("BACKUP_RETENTION_DAYS");
      expect(() => parseEnv({ BACKUP_RETENTION_DAYS: bad }), bad).toThrow(/BACKUP_RETENTION_DAYS/);
    }
  });
});
