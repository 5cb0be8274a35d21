// Route-level tests of "Download my data" (issue 25): GET /settings/data and its summary page, on a
// real temporary database seeded with three owners who message each other, each with an "I found
// this" thread, search history, tokens, products, lost reports and sessions. The export of one of
// them must hold every row that names them (every such table found from the schema, so a table
// added later and missing from the export fails here) and nothing private of anyone else.
import { queueMails } from "~/core/outbox.server";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { adminLookups, adminUsers, lostItems, mintBatches, passkeys, products, profiles, pushSubscriptions, searchHistory, sessions, tagbackTokens, users } from "../../db/schema";
import type { DataExport } from "~/features/account/data-export.server";
import { createSession } from "~/features/account/session.server";
import { FINDER_NAME } from "~/features/finder-contact/owner-view";
import { createFinderThread } from "~/features/finder-contact/threads.server";
import { sendMessage, startConversation } from "~/features/messaging/conversations.server";
import * as exportRoute from "~/routes/_app.settings_.data";
import * as summaryRoute from "~/routes/_app.settings_.data_.summary";
import * as settingsRoute from "~/routes/_app.settings/route";
import { callRoute, createOwner, dataOf, get, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";
import { rowsNaming, userColumns } from "../support/user-columns";

const db = testDb();

type Seeded = {
  id: string;
  email: string;
  name: string;
  mobile: string;
  metro: string;
  backup: string;
  tokens: string[];
  searcherKey: string;
  /** What only this owner (or Tagback) should ever hold. */
  privateValues: string[];
};

let serial = 0;
/** Random digits: a number no other value of the download could hold by chance. */
const digits = (length: number) => Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => byte % 10).join("");

/** An owner with a little of everything: profile, settings, tokens, products, history, reports, sessions. */
async function seedOwner(firstName: string): Promise<Seeded> {
  serial += 1;
  const owner = await createOwner(`${firstName.toLowerCase()}-${crypto.randomUUID().slice(0, 6)}@example.test`);
  const mobile = `9${digits(9)}`;
  const metro = digits(10);
  const backup = `${firstName.toLowerCase()}.backup-${serial}@example.net`;
  const socials = { socialSms: `8${digits(9)}`, socialCall: `7${digits(9)}`, socialTelegram: `@${firstName.toLowerCase()}_tg${serial}`, socialWhatsapp: `6${digits(9)}` };
  await db
    .update(profiles)
    .set({ firstName, lastName: "Owner", bio: `${firstName}'s bio`, photoUrl: `https://img.example/${firstName}-${serial}.jpg`, mobileNumber: mobile, metroCardNumber: metro, backupEmail: backup, scanAlerts: true, maskBio: true, ...socials })
    .where(eq(profiles.id, owner.id))
    .run();
  await db.update(users).set({ passwordHash: `scrypt$secret-of-${owner.id}`, googleSub: `google-${owner.id}` }).where(eq(users.id, owner.id)).run();
  // A passkey: listed by name and dates only; its credential id and public key stay out.
  await db.insert(passkeys).values({ id: `credential-of-${owner.id}`, userId: owner.id, publicKey: Buffer.from(`public-key-of-${owner.id}`), name: "Chrome on Android", lastUsedAt: new Date() }).run();
  const tokens = [digits(12), digits(12)];
  for (const token of tokens) {
    await db.insert(tagbackTokens).values({ token, passwordHash: `scrypt$token-password-${token}`, userId: owner.id, isClaimed: true, isVerified: true }).run();
  }
  await db.insert(products).values([
    { userId: owner.id, name: `${firstName}'s laptop`, token: tokens[0]! },
    { userId: owner.id, name: `${firstName}'s keys`, token: tokens[1]! },
  ]);
  // The searcher's limit key: the finder's network address, which is not the owner's to download.
  const searcherKey = `203.0.113.${serial}`;
  await db.insert(searchHistory).values([
    { userId: owner.id, searchType: "tagback_token", searchValue: tokens[0]!, city: "Delhi", region: "Delhi", country: "IN", latitude: 28.61, longitude: 77.2, clientKey: searcherKey },
    { userId: owner.id, searchType: "metro_card", searchValue: metro, city: "Mumbai", country: "IN", kind: "messaged", clientKey: searcherKey },
  ]);
  // A scan alert owed to the owner, as the outbox holds it (core/outbox.server.ts).
  queueMails(db, [{ key: `scan:${owner.id}`, kind: "scan", userId: owner.id, to: owner.email, subject: "Your token was just scanned", text: "Someone just opened your Tagback profile" }]);
  await db.insert(lostItems).values({ userId: owner.id, type: "product", name: `${firstName}'s laptop`, identifier: tokens[0]!, dateLost: "2026-11-01", message: "Reward, please call", reward: "₹500" });
  await createSession(db, owner.id);
  await createSession(db, owner.id);
  // A phone that gets push notifications: its endpoint and keys let someone send to it, so they stay out of the download.
  const push = { endpoint: `https://push.example/${owner.id}/${digits(12)}`, p256dh: `p256dh-${digits(20)}`, auth: `auth-${digits(16)}` };
  await db.insert(pushSubscriptions).values({ userId: owner.id, ...push, deviceLabel: "Chrome on Android", lastDeliveredAt: new Date() }).run();
  pushSecrets.push(...Object.values(push));
  return { ...owner, name: `${firstName} Owner`, mobile, metro, backup, tokens, searcherKey, privateValues: [owner.id, owner.email, mobile, metro, backup, ...Object.values(socials), ...tokens, searcherKey] };
}

async function converse(a: Seeded, b: Seeded) {
  const started = await startConversation(db, a.id, b.id);
  if (!started.ok) throw new Error("conversation not started");
  for (const [sender, content] of [[a, `hello from ${a.name}`], [b, `reply from ${b.name}`]] as const) {
    const sent = await sendMessage(db, { conversationId: started.conversationId, senderId: sender.id, content });
    if (!sent.ok) throw new Error("message not sent");
  }
}

let asha: Seeded;
let bilal: Seeded;
let chitra: Seeded;
let finderOfAsha: { finderUserId: string; contact: string };
let privateOfEveryone: string[];
/** Every seeded device's push endpoint and keys: in nobody's download. */
const pushSecrets: string[] = [];

beforeAll(async () => {
  [asha, bilal, chitra] = [await seedOwner("Asha"), await seedOwner("Bilal"), await seedOwner("Chitra")];
  await converse(asha, bilal);
  await converse(bilal, chitra);
  await converse(chitra, asha);
  const contact = `finder-${serial}@example.org`;
  const thread = createFinderThread(db, {
    ownerId: asha.id,
    item: { type: "tagbacktoken", number: asha.tokens[0]! },
    visitId: null,
    form: { message: "Found your laptop at Rajiv Chowk", contact, contactKind: "email", foundWhere: "Rajiv Chowk gate 2", handover: "metro_counter", place: null },
  });
  finderOfAsha = { finderUserId: thread.finderUserId, contact };
  createFinderThread(db, {
    ownerId: bilal.id,
    item: { type: "metrocard", number: bilal.metro },
    visitId: null,
    form: { message: "Your metro card is with me", contact: `bilal-finder-${serial}@example.org`, contactKind: "email", foundWhere: null, handover: "keep", place: null },
  });
  // Asha is an admin who minted a batch and looked up Chitra's metro card: the number she looked up
  // is Chitra's, not hers, and stays out of her download.
  await db.insert(adminUsers).values({ userId: asha.id }).run();
  await db.insert(mintBatches).values({ count: 10, mintedBy: asha.id, sealedPasswords: Buffer.from("sealed-passwords-of-the-batch") }).run();
  await db.insert(adminLookups).values({ adminUserId: asha.id, adminEmail: asha.email, kind: "metrocard", value: chitra.metro, found: true }).run();
  const secrets = await db.select({ id: sessions.id }).from(sessions).all();
  const hashes = await db.select({ hash: users.passwordHash }).from(users).all();
  const credentials = await db.select({ id: passkeys.id }).from(passkeys).all();
  privateOfEveryone = [...secrets.map((row) => row.id), ...hashes.flatMap((row) => (row.hash ? [row.hash] : [])), ...credentials.map((row) => row.id)];
});

async function download(owner: Seeded) {
  const response = await callRoute(exportRoute.loader, get("/settings/data"), { user: owner });
  if (!(response instanceof Response)) throw new Error("the download is a Response");
  return response;
}

async function exportOf(owner: Seeded): Promise<{ body: string; data: DataExport }> {
  const body = await (await download(owner)).text();
  return { body, data: JSON.parse(body) as DataExport };
}

/** Where each column that names a user is in the download, counted as rows of that column. */
const EXPORTED: Record<string, (data: DataExport) => number> = {
  "users.id": (data) => (data.account.email ? 1 : 0),
  "sessions.user_id": (data) => data.sessions.length,
  "profiles.id": (data) => (data.profile && data.privacySettings && data.alertSettings ? 1 : 0),
  "mint_batches.minted_by": (data) => data.admin?.stickerBatchesMinted.length ?? 0,
  "tagback_tokens.user_id": (data) => data.tokens.length,
  "products.user_id": (data) => data.products.length,
  "search_history.user_id": (data) => data.searchHistory.length,
  "lost_items.user_id": (data) => data.lostReports.length,
  "conversation_participants.user_id": (data) => data.conversations.length,
  "messages.sender_id": (data) => data.conversations.flatMap((conversation) => conversation.messages).filter((m) => m.from === "you").length,
  "finder_threads.owner_id": (data) => data.conversations.filter((conversation) => conversation.foundThis).length,
  // The anonymous finder of a thread never signs in, so never downloads: no owner's export has one.
  "finder_threads.finder_user_id": () => 0,
  "outbox.user_id": (data) => data.notifications.length,
  "push_subscriptions.user_id": (data) => data.pushDevices.length,
  "admin_users.user_id": (data) => (data.admin ? 1 : 0),
  "admin_lookups.admin_user_id": (data) => data.admin?.lookups.length ?? 0,
  "passkeys.user_id": (data) => data.passkeys.length,
  // A passkey challenge lives minutes and is a secret of one sign-in step, not the owner's data;
  // nobody here holds one.
  "webauthn_challenges.user_id": () => 0,
};

describe("GET /settings/data", () => {
  test("anonymous: the sign-in redirect that comes back to the download, or to the summary", async () => {
    for (const path of ["/settings/data", "/settings/data?view=summary"]) {
      const response = await callRoute(exportRoute.loader, get(path));
      expect(statusOf(response)).toBe(302);
      expect((response as Response).headers.get("Location")).toBe(`/auth?${new URLSearchParams({ redirectTo: path })}`);
    }
    expect(statusOf(await callRoute(summaryRoute.loader, get("/settings/data/summary")))).toBe(302);
  });

  test("a JSON file to keep, never stored by a cache", async () => {
    const response = await download(asha);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="tagback-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  test("holds every row that names the owner, in every table of the schema that names a user", async () => {
    const columns = userColumns();
    expect(columns.length).toBeGreaterThanOrEqual(Object.keys(EXPORTED).length);
    for (const owner of [asha, bilal]) {
      const { data } = await exportOf(owner);
      for (const column of columns) {
        const inDatabase = await rowsNaming(db, column, owner.id);
        expect(EXPORTED, `${column.key} names a user: the export must hold its rows`).toHaveProperty([column.key]);
        expect(EXPORTED[column.key]!(data), `${column.key} of ${owner.name}`).toBe(inDatabase);
      }
    }
    // The seed gives Asha rows in every one of them (but the anonymous finder's), so none is empty by accident.
    for (const column of columns.filter((c) => c.key !== "finder_threads.finder_user_id" && c.key !== "webauthn_challenges.user_id")) {
      expect(await rowsNaming(db, column, asha.id), column.key).toBeGreaterThan(0);
    }
  });

  test("the rows as the owner knows them: profile, settings, history with its places, threads with what the finder shared", async () => {
    const { data } = await exportOf(asha);
    expect(data.account).toMatchObject({ email: asha.email, signsInWith: { google: true, password: true }, language: "en" });
    expect(data.profile).toMatchObject({ firstName: "Asha", mobileNumber: asha.mobile, metroCardNumber: asha.metro, bio: "Asha's bio" });
    expect(data.privacySettings).toMatchObject({ maskBio: true, showEmail: false });
    expect(data.alertSettings).toMatchObject({ backupEmail: asha.backup, scanAlerts: true });
    expect(data.products.map((p) => p.name).sort()).toEqual(["Asha's keys", "Asha's laptop"]);
    expect(data.searchHistory).toContainEqual(expect.objectContaining({ searchType: "tagback_token", city: "Delhi", latitude: 28.61, longitude: 77.2, kind: "viewed" }));
    expect(data.lostReports).toEqual([expect.objectContaining({ name: "Asha's laptop", status: "pending", reward: "₹500" })]);
    const finderThread = data.conversations.find((conversation) => conversation.foundThis);
    expect(finderThread).toMatchObject({
      with: FINDER_NAME,
      foundThis: { contact: finderOfAsha.contact, foundWhere: "Rajiv Chowk gate 2", handover: "metro_counter" },
      messages: [{ from: FINDER_NAME, text: "Found your laptop at Rajiv Chowk" }],
    });
    const withBilal = data.conversations.find((conversation) => conversation.with === bilal.name);
    expect(withBilal?.messages.map((m) => [m.from, m.text])).toEqual([
      ["you", "hello from Asha Owner"],
      [bilal.name, "reply from Bilal Owner"],
    ]);
    expect(data.passkeys).toEqual([{ name: "Chrome on Android", createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
    expect(data.sessions).toHaveLength(2);
    expect(Object.keys(data.sessions[0]!)).toEqual(["createdAt", "expiresAt"]);
    expect(data.pushDevices).toEqual([{ deviceLabel: "Chrome on Android", createdAt: expect.any(String), lastDeliveredAt: expect.any(String) }]);
  });

  test("nothing private of anyone else, no secret and no internal id: other people by display name only", async () => {
    const { body } = await exportOf(asha);
    const leaks = [
      ...bilal.privateValues,
      ...chitra.privateValues,
      finderOfAsha.finderUserId,
      asha.id,
      asha.searcherKey,
      ...privateOfEveryone,
      ...pushSecrets,
      "sealed-passwords-of-the-batch",
      "token-password",
    ].filter((value) => body.includes(value));
    expect(leaks).toEqual([]);
    // The conversation partners' names are what they already show Asha.
    expect(body).toContain(bilal.name);
    expect(body).toContain(chitra.name);
  });

  test("each owner gets their own: Bilal's download holds none of Asha's private values", async () => {
    const { body, data } = await exportOf(bilal);
    expect(data.account.email).toBe(bilal.email);
    expect(asha.privateValues.filter((value) => body.includes(value))).toEqual([]);
    expect(data.admin).toBeNull();
  });
});

describe("the summary", () => {
  test("?view=summary is the readable page; it counts what the download holds, says why and for how long", async () => {
    const redirect = await callRoute(exportRoute.loader, get("/settings/data?view=summary"), { user: asha });
    expect(statusOf(redirect)).toBe(302);
    expect((redirect as Response).headers.get("Location")).toBe("/settings/data/summary");
    const page = dataOf<Awaited<ReturnType<typeof summaryRoute.loader>>>(await callRoute(summaryRoute.loader, get("/settings/data/summary"), { user: asha }));
    expect(page.email).toBe(asha.email);
    const count = (what: string) => page.held.find((row) => row.what.startsWith(what))?.count;
    expect([count("Stickers"), count("Products"), count("Search history"), count("Lost reports"), count("Conversations"), count('"I found this"'), count("Sessions")]).toEqual([2, 2, 2, 1, 2, 1, 2]);
    expect(page.held.find((row) => row.what.startsWith("Sessions"))?.kept).toBe("Until the session expires (30 days after sign-in) or you sign out");
    for (const row of page.held) {
      expect(row.why).not.toBe("");
      expect(row.kept).not.toBe("");
    }
  });
});
