// Route-level tests of messaging (/messaging, /messaging/{id}, the event stream's checks) against a
// real temporary database, through the routes' own loaders and actions. Several users' data is
// seeded, so a missing participant filter shows.
import { and, eq } from "drizzle-orm";
import path from "node:path";
import type { RouterContextProvider } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { openDatabase } from "../../db/connection";
import { conversationParticipants, conversations, messages, profiles, tagbackTokens } from "../../db/schema";
import { appContext } from "~/core/context";
import { userContext } from "~/middleware/session";
import { startConversation } from "~/features/messaging/conversations.server";
import { gateSearch } from "~/features/finder/search-gate.server";
import { SEARCHES_PER_MINUTE } from "~/features/finder/rules";
import { MESSAGE_LIMIT, MESSAGE_MAX_LENGTH, NEW_CONVERSATION_LIMIT } from "~/features/messaging/rules";
import { message, type MessageKey } from "~/i18n/messages";
import * as layout from "~/routes/_app.messaging/route";
import * as chat from "~/routes/_app.messaging.$conversationId/route";
import * as stream from "~/routes/messaging.$conversationId.events";
import { BASE, callRoute, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";
import { testDb } from "../support/test-db";

type User = { id: string; email: string };
let numberCounter = 0;

/** A user with a metro card and a verified token of their own. */
async function createUser(name = "Test"): Promise<User & { metroCard: string; token: string }> {
  const user = await createOwner();
  numberCounter += 1;
  const metroCard = `7${String(numberCounter).padStart(11, "0")}`;
  const token = `8${String(numberCounter).padStart(11, "0")}`;
  await testDb().update(profiles).set({ firstName: name, lastName: "User", metroCardNumber: metroCard }).where(eq(profiles.id, user.id)).run();
  await testDb().insert(tagbackTokens).values({ token, passwordHash: "x", userId: user.id, isClaimed: true, isVerified: true }).run();
  return { ...user, metroCard, token };
}

async function pair() {
  const a = await createUser("Asha");
  const b = await createUser("Bilal");
  const started = await startConversation(testDb(), a.id, b.id);
  if (!started.ok) throw new Error("could not start");
  return { a, b, conversationId: started.conversationId };
}

function start(user: User, fields: Record<string, string>) {
  return callRoute(layout.action, post("/messaging", { intent: "start", ...fields }), { user });
}

function loadLayout(user: User, path = "/messaging") {
  return callRoute(layout.loader, get(path), { user });
}

function loadChat(user: User, conversationId: string) {
  return callRoute((args) => chat.loader({ ...args, params: { conversationId } }), get(`/messaging/${conversationId}`), { user });
}

function send(user: User, conversationId: string, content: string, extra: Record<string, string> = {}) {
  return callRoute(
    (args) => chat.action({ ...args, params: { conversationId } }),
    post(`/messaging/${conversationId}`, { intent: "send", content, clientKey: crypto.randomUUID(), ...extra }),
    { user },
  );
}

function remove(user: User, conversationId: string) {
  return callRoute((args) => chat.action({ ...args, params: { conversationId } }), post(`/messaging/${conversationId}`, { intent: "delete" }), { user });
}

async function messagesOf(conversationId: string) {
  return testDb().select().from(messages).where(eq(messages.conversationId, conversationId)).all();
}

/** What an EventSource sends. */
function streamRequest(path: string) {
  return new Request(`${BASE}${path}`, { headers: { Accept: "text/event-stream" } });
}

function locationOf(result: unknown) {
  return result instanceof Response ? result.headers.get("Location") : null;
}

function refusal(result: unknown) {
  return dataOf<{ ok: false; error: MessageKey; content: string }>(result);
}

describe("starting a conversation", () => {
  test("from the owner dialog (metro card or token): created once, then reused", async () => {
    const finder = await createUser();
    const owner = await createUser();
    const first = await start(finder, { from: "owner-dialog", type: "tagbacktoken", number: owner.token });
    expect(statusOf(first)).toBe(302);
    const id = /^\/messaging\/([\w-]+)$/.exec(locationOf(first) ?? "")?.[1];
    expect(id).toBeTruthy();
    const again = await start(finder, { from: "owner-dialog", type: "metrocard", number: owner.metroCard });
    expect(locationOf(again)).toBe(`/messaging/${id}`);
    // The other way round is the same pair.
    expect(locationOf(await start(owner, { userId: finder.id }))).toBe(`/messaging/${id}`);
    const participants = await testDb().select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, id!)).all();
    expect(participants.map((p) => p.userId).sort()).toEqual([finder.id, owner.id].sort());
  });

  test("simultaneous starts from both sides give one conversation", async () => {
    const a = await createUser();
    const b = await createUser();
    const results = await Promise.all([
      start(a, { userId: b.id }),
      start(b, { userId: a.id }),
      start(a, { type: "metrocard", number: b.metroCard }),
      start(b, { type: "tagbacktoken", number: a.token }),
      start(a, { userId: b.id }),
    ]);
    const locations = new Set(results.map(locationOf));
    expect(locations.size).toBe(1);
    const key = [a.id, b.id].sort().join(":");
    const rows = await testDb().select().from(conversations).where(eq(conversations.pairKey, key)).all();
    expect(rows).toHaveLength(1);
    const participants = await testDb().select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, rows[0]!.id)).all();
    expect(participants).toHaveLength(2);
  });

  test("nobody starts a conversation with themselves", async () => {
    const a = await createUser();
    const result = await start(a, { userId: a.id });
    expect(statusOf(result)).toBe(400);
    expect(dataOf<{ startError: MessageKey }>(result).startError).toBe("messaging.notYourself");
    expect(statusOf(await start(a, { type: "metrocard", number: a.metroCard }))).toBe(400);
  });

  test("an unknown owner from the dialog: 'Failed to create conversation.'; an unknown user id: 404", async () => {
    const a = await createUser();
    const fromDialog = await start(a, { from: "owner-dialog", type: "tagbacktoken", number: "999999999999" });
    expect(statusOf(fromDialog)).toBe(404);
    expect(message(dataOf<{ startError: MessageKey }>(fromDialog).startError)).toEqual({ title: "Error", description: "Failed to create conversation." });
    const unknown = await start(a, { userId: crypto.randomUUID() });
    expect(statusOf(unknown)).toBe(404);
    expect(dataOf<{ startError: MessageKey }>(unknown).startError).toBe("messaging.openFailed");
  });

  test(`at most ${NEW_CONVERSATION_LIMIT.points} new conversations a day; reopening one does not count`, async () => {
    const a = await createUser();
    const others = [];
    for (let i = 0; i <= NEW_CONVERSATION_LIMIT.points; i += 1) others.push(await createUser());
    for (const other of others.slice(0, -1)) expect(statusOf(await start(a, { userId: other.id }))).toBe(302);
    expect(statusOf(await start(a, { userId: others[0]!.id }))).toBe(302);
    const refused = await start(a, { userId: others.at(-1)!.id });
    expect(statusOf(refused)).toBe(429);
    expect(message(dataOf<{ startError: MessageKey }>(refused).startError).description).toContain(`${NEW_CONVERSATION_LIMIT.points} new conversations a day`);
    expect(await testDb().select().from(conversationParticipants).where(eq(conversationParticipants.userId, others.at(-1)!.id)).all()).toHaveLength(0);
  });

  test("?user={id} opens the existing conversation, offers a new one, refuses yourself and unknown users", async () => {
    const { a, b, conversationId } = await pair();
    expect(locationOf(await loadLayout(a, `/messaging?user=${b.id}`))).toBe(`/messaging/${conversationId}`);
    const c = await createUser("Chen");
    const offer = dataOf<{ candidate: { person: { name: string }; fields: Record<string, string> } }>(await loadLayout(a, `/messaging?user=${c.id}`));
    expect(offer.candidate.person.name).toBe("Chen User");
    expect(offer.candidate.fields).toEqual({ userId: c.id });
    const self = await loadLayout(a, `/messaging?user=${a.id}`);
    expect(statusOf(self)).toBe(400);
    const unknown = await loadLayout(a, `/messaging?user=${crypto.randomUUID()}`);
    expect(statusOf(unknown)).toBe(404);
    expect(message(dataOf<{ alert: MessageKey }>(unknown).alert).title).toBe("Failed to fetch user profile.");
  });
});

describe("the search by metro card or token", () => {
  async function search(user: User, type: string, number: string) {
    const result = await loadLayout(user, `/messaging?${new URLSearchParams({ type, number })}`);
    return { status: statusOf(result), ...dataOf<{ alert: MessageKey | null; candidate: { person: { name: string }; fields: Record<string, string> } | null }>(result) };
  }

  test("digits only, at least 6, metro at most 16, token at most 12, with the spec's messages", async () => {
    const a = await createUser();
    for (const [type, number, title] of [
      ["metrocard", "12345", "Invalid Metro Card number."],
      ["metrocard", "12345678901234567", "Invalid Metro Card number."],
      ["metrocard", "12345abc", "Invalid Metro Card number."],
      ["tagbacktoken", "12345", "Invalid Tagback Token."],
      ["tagbacktoken", "1234567890123", "Invalid Tagback Token."],
    ] as const) {
      const found = await search(a, type, number);
      expect(found.status, `${type} ${number}`).toBe(400);
      expect(message(found.alert!).title).toBe(title);
      expect(found.candidate).toBeNull();
    }
  });

  test("finds by the exact number; a token counts only when verified", async () => {
    const a = await createUser();
    const b = await createUser("Bina");
    const byMetro = await search(a, "metrocard", b.metroCard);
    expect(byMetro.status).toBe(200);
    expect(byMetro.candidate?.person.name).toBe("Bina User");
    // The start form carries the number, not the user's id.
    expect(byMetro.candidate?.fields).toEqual({ type: "metrocard", number: b.metroCard });
    expect((await search(a, "tagbacktoken", b.token.replace(/(\d{4})(?=\d)/g, "$1-"))).candidate?.person.name).toBe("Bina User");
    expect((await search(a, "metrocard", b.metroCard.slice(0, -1))).status).toBe(404);
    await testDb().update(tagbackTokens).set({ isVerified: false }).where(eq(tagbackTokens.token, b.token)).run();
    const unverified = await search(a, "tagbacktoken", b.token);
    expect(unverified.status).toBe(404);
    expect(message(unverified.alert!)).toEqual({ title: "User Not Found", description: "No user found with this Metro Card number or Tagback Token." });
  });

  test(`a lookup by number is a finder search: ${SEARCHES_PER_MINUTE} a minute per client, then 429 with the finder's message`, async () => {
    const a = await createUser();
    const b = await createUser("Bina");
    // Clients of their own, outside the addresses nextClientIp() hands out.
    const [client, otherClient] = ["198.51.100.23", "198.51.100.24"];
    const lookUp = (user: User, number: string, clientIp = client) =>
      callRoute(layout.loader, get(`/messaging?${new URLSearchParams({ type: "metrocard", number })}`), { user, clientIp });
    // Found or not, every lookup counts: a 404 is an answer too.
    for (let i = 0; i < SEARCHES_PER_MINUTE; i += 1) {
      expect(statusOf(await lookUp(a, i === 0 ? b.metroCard : `6${String(i).padStart(9, "0")}`)), `lookup ${i + 1}`).toBe(i === 0 ? 200 : 404);
    }
    const refused = await lookUp(a, b.metroCard);
    expect(statusOf(refused)).toBe(429);
    expect(dataOf<{ alert: MessageKey; candidate: unknown }>(refused)).toMatchObject({ alert: "finder.tooManySearches", candidate: null });
    expect(message("finder.tooManySearches").title).toBe("Too many searches");
    expect(Number(new Headers((refused as { init: ResponseInit }).init.headers).get("Retry-After"))).toBeGreaterThan(0);
    expect(JSON.stringify(dataOf(refused))).not.toContain("Bina");
    // Starting by number is a lookup too, and is refused the same way; nothing is created.
    const started = await callRoute(layout.action, post("/messaging", { intent: "start", type: "tagbacktoken", number: b.token }), { user: a, clientIp: client });
    expect(statusOf(started)).toBe(429);
    expect(dataOf<{ startError: MessageKey }>(started).startError).toBe("finder.tooManySearches");
    expect(await testDb().select().from(conversationParticipants).where(eq(conversationParticipants.userId, b.id)).all()).toHaveLength(0);
    // The same count as the finder's own search: this client's next scan is refused too.
    expect((await gateSearch(testDb(), new URL(`${BASE}/?t=${b.token}`), client)).allowed).toBe(false);
    // Another client is not held back, whoever is signed in.
    const elsewhere = await lookUp(a, b.metroCard, otherClient);
    expect(statusOf(elsewhere)).toBe(200);
    expect(dataOf<{ candidate: { person: { name: string } } }>(elsewhere).candidate.person.name).toBe("Bina User");
    expect(statusOf(await lookUp(b, a.metroCard, otherClient))).toBe(200);
  });
});

describe("messages", () => {
  test("a message is stored once and both participants read it; the list shows it with an unread count", async () => {
    const { a, b, conversationId } = await pair();
    const sent = await send(a, conversationId, "  Found your laptop at the metro station  ");
    expect(statusOf(sent)).toBe(302);
    expect(locationOf(sent)).toBe(`/messaging/${conversationId}#latest`);
    const [row] = await messagesOf(conversationId);
    expect(row).toMatchObject({ senderId: a.id, content: "Found your laptop at the metro station" });

    const list = dataOf<{ contacts: Array<{ conversationId: string; lastMessage: string; unread: number; name: string }> }>(await loadLayout(b));
    expect(list.contacts).toEqual([expect.objectContaining({ conversationId, lastMessage: "Found your laptop at the metro station", unread: 1, name: "Asha User" })]);
    const opened = dataOf<{ messages: Array<{ content: string }> }>(await loadChat(b, conversationId));
    expect(opened.messages.map((m) => m.content)).toEqual(["Found your laptop at the metro station"]);
    // Opening marked it read.
    const after = dataOf<{ contacts: Array<{ unread: number }> }>(await loadLayout(b));
    expect(after.contacts[0]!.unread).toBe(0);
    // The sender's own message is never unread for them.
    expect(dataOf<{ contacts: Array<{ unread: number; lastMine: boolean }> }>(await loadLayout(a)).contacts[0]).toMatchObject({ unread: 0, lastMine: true });
  });

  test("a background post (JavaScript) gets { ok: true } instead of a redirect", async () => {
    const { a, conversationId } = await pair();
    const sent = await send(a, conversationId, "hello", { enhanced: "1" });
    expect(statusOf(sent)).toBe(200);
    expect(dataOf(sent)).toEqual({ ok: true });
  });

  test("the same form posted twice stores its text once", async () => {
    const { a, conversationId } = await pair();
    const clientKey = crypto.randomUUID();
    const results = await Promise.all([send(a, conversationId, "Once only", { clientKey }), send(a, conversationId, "Once only", { clientKey })]);
    expect(results.map(statusOf)).toEqual([302, 302]);
    expect(await send(a, conversationId, "Once only", { clientKey })).toBeInstanceOf(Response);
    expect((await messagesOf(conversationId)).map((m) => m.content)).toEqual(["Once only"]);
  });

  const refusals: Array<[string, string, MessageKey, number]> = [
    ["empty", "   ", "messaging.empty", 400],
    ["only tags", "<b></b>", "messaging.empty", 400],
    [`${MESSAGE_MAX_LENGTH + 1} characters`, "x".repeat(MESSAGE_MAX_LENGTH + 1), "messaging.tooLong", 400],
    ["English profanity", "you are a fucking thief", "messaging.notSent", 400],
    ["Hindi slang (Latin letters)", "give it back chutiya", "messaging.notSent", 400],
    ["Hindi slang (Devanagari)", "वापस करो हरामी", "messaging.notSent", 400],
  ];
  for (const [what, content, error, status] of refusals) {
    test(`refused: ${what} — with its message, the text kept in the form, nothing stored`, async () => {
      const { a, conversationId } = await pair();
      const result = await send(a, conversationId, content);
      expect(statusOf(result)).toBe(status);
      expect(refusal(result)).toEqual({ ok: false, error, content });
      expect(await messagesOf(conversationId)).toHaveLength(0);
    });
  }

  test("the spec's texts for a refused message", () => {
    expect(message("messaging.notSent")).toEqual({
      title: "Message not sent",
      description: "Please keep conversations respectful and avoid inappropriate content.",
    });
    expect(message("messaging.nsfwWarning").title).toBe("NSFW Content Detected: This message contains inappropriate words...");
  });

  test(`exactly ${MESSAGE_MAX_LENGTH} characters is fine; tags and angle brackets are stripped, so <script> arrives as text`, async () => {
    const { a, conversationId } = await pair();
    expect(statusOf(await send(a, conversationId, "y".repeat(MESSAGE_MAX_LENGTH)))).toBe(302);
    expect(statusOf(await send(a, conversationId, `<script>alert("x")</script> hi <img src=x onerror=alert(1)>`))).toBe(302);
    expect(statusOf(await send(a, conversationId, "keys > wallet, 3 <3"))).toBe(302);
    const stored = (await messagesOf(conversationId)).map((m) => m.content);
    expect(stored).toContain("y".repeat(MESSAGE_MAX_LENGTH));
    expect(stored).toContain(`alert("x") hi`);
    expect(stored).toContain("keys  wallet, 3 3");
    expect(stored.join("")).not.toMatch(/[<>]/);
  });

  test(`at most ${MESSAGE_LIMIT.points} messages a minute per user`, async () => {
    const { a, conversationId } = await pair();
    for (let i = 0; i < MESSAGE_LIMIT.points; i += 1) expect(statusOf(await send(a, conversationId, `message ${i}`))).toBe(302);
    const refused = await send(a, conversationId, "one too many");
    expect(statusOf(refused)).toBe(429);
    expect(message(refusal(refused).error).description).toContain(`${MESSAGE_LIMIT.points} messages a minute`);
    expect(await messagesOf(conversationId)).toHaveLength(MESSAGE_LIMIT.points);
  });
});

describe("deleting", () => {
  test("a participant deletes messages, participants and the conversation; 'Conversation deleted'", async () => {
    const { a, b, conversationId } = await pair();
    await send(a, conversationId, "hello");
    await send(b, conversationId, "hi");
    // Another pair's conversation stays.
    const other = await pair();
    await send(other.a, other.conversationId, "untouched");

    const result = await remove(b, conversationId);
    expect(locationOf(result)).toBe("/messaging");
    expect((await toastOf(result))?.title).toBe("Conversation deleted");
    expect(await messagesOf(conversationId)).toHaveLength(0);
    expect(await testDb().select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, conversationId)).all()).toHaveLength(0);
    expect(await testDb().select().from(conversations).where(eq(conversations.id, conversationId)).all()).toHaveLength(0);
    expect(await messagesOf(other.conversationId)).toHaveLength(1);
    // The pair may start again.
    expect(statusOf(await start(a, { userId: b.id }))).toBe(302);
  });
});

describe("only participants", () => {
  test("a third user reading, posting to, streaming and deleting the pair's conversation gets 404, and nothing changes", async () => {
    const { a, conversationId } = await pair();
    await send(a, conversationId, "private");
    const intruder = await createUser("Ivan");
    const before = await messagesOf(conversationId);

    expect(statusOf(await loadChat(intruder, conversationId))).toBe(404);
    expect(statusOf(await send(intruder, conversationId, "let me in"))).toBe(404);
    // A refused text must not tell a stranger the conversation exists either.
    expect(statusOf(await send(intruder, conversationId, "   "))).toBe(404);
    expect(statusOf(await remove(intruder, conversationId))).toBe(404);
    const streamed = await callRoute(
      (args) => stream.loader({ ...args, params: { conversationId } }),
      streamRequest(`/messaging/${conversationId}/events`),
      { user: intruder },
    );
    expect(statusOf(streamed)).toBe(404);

    expect(await messagesOf(conversationId)).toEqual(before);
    expect(await testDb().select().from(conversations).where(eq(conversations.id, conversationId)).all()).toHaveLength(1);
    expect(
      await testDb()
        .select()
        .from(conversationParticipants)
        .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, intruder.id)))
        .all(),
    ).toHaveLength(0);
    // And their own list does not show it.
    expect(dataOf<{ contacts: unknown[] }>(await loadLayout(intruder)).contacts).toEqual([]);
  });

  test("a made-up conversation id is 404 for reading, sending and deleting", async () => {
    const a = await createUser();
    const id = crypto.randomUUID();
    expect(statusOf(await loadChat(a, id))).toBe(404);
    expect(statusOf(await send(a, id, "hello"))).toBe(404);
    expect(statusOf(await remove(a, id))).toBe(404);
    expect(await messagesOf(id)).toHaveLength(0);
  });

  test("the stream needs a session", async () => {
    const { conversationId } = await pair();
    const result = await callRoute((args) => stream.loader({ ...args, params: { conversationId } }), streamRequest(`/messaging/${conversationId}/events`));
    expect(statusOf(result)).toBe(401);
  });

  test("a request that does not ask for an event stream gets 406, not a stream that never ends", async () => {
    const { a, conversationId } = await pair();
    const result = await callRoute((args) => stream.loader({ ...args, params: { conversationId } }), get(`/messaging/${conversationId}/events`), { user: a });
    expect(statusOf(result)).toBe(406);
  });
});

describe("when the database fails, each step says so in the spec's words (never a bare 500)", () => {
  type Args = { request: Request; url: URL; pattern: string; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };

  /** Runs a route function for `user` against a database connection that is closed. */
  async function withBrokenDb(fn: (args: Args) => unknown, request: Request, user: User) {
    const broken = openDatabase(path.join(process.env.TAGBACK_TEST_DIR!, `broken-${crypto.randomUUID()}.db`)).db;
    broken.$client.close();
    const context = appContext({ db: broken });
    context.set(userContext, user);
    try {
      return await fn({ request, url: new URL(request.url), pattern: "", params: {}, context });
    } catch (thrown) {
      return thrown;
    }
  }

  test("loading, starting, sending and deleting", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { a, b, conversationId } = await pair();
    const id = { conversationId };

    const list = await withBrokenDb(layout.loader, get("/messaging"), a);
    expect(statusOf(list)).toBe(503);
    expect(message(dataOf<{ alert: MessageKey }>(list).alert).title).toBe("Failed to load your conversations.");

    const byUser = await withBrokenDb((args) => layout.action(args), post("/messaging", { intent: "start", userId: b.id }), a);
    expect(statusOf(byUser)).toBe(503);
    expect(message(dataOf<{ startError: MessageKey }>(byUser).startError).title).toBe("Failed to start conversation.");
    const fromDialog = await withBrokenDb(layout.action, post("/messaging", { intent: "start", from: "owner-dialog", type: "tagbacktoken", number: "123456789012" }), a);
    expect(message(dataOf<{ startError: MessageKey }>(fromDialog).startError)).toEqual({ title: "Error", description: "Failed to create conversation." });

    const conversation = await withBrokenDb((args) => chat.loader({ ...args, params: id }), get(`/messaging/${conversationId}`), a);
    expect(statusOf(conversation)).toBe(503);
    expect(dataOf(conversation)).toBe("Failed to load conversation.");

    const sent = await withBrokenDb((args) => chat.action({ ...args, params: id }), post(`/messaging/${conversationId}`, { intent: "send", content: "hello" }), a);
    expect(statusOf(sent)).toBe(503);
    expect(refusal(sent)).toEqual({ ok: false, error: "messaging.sendFailed", content: "hello" });
    expect(message("messaging.sendFailed").title).toBe("Failed to send message.");

    const deleted = await withBrokenDb((args) => chat.action({ ...args, params: id }), post(`/messaging/${conversationId}`, { intent: "delete" }), a);
    expect((await toastOf(deleted))?.title).toBe("Failed to delete conversation.");
    expect(await testDb().select().from(conversations).where(eq(conversations.id, conversationId)).all()).toHaveLength(1);
    expect(errors).toHaveBeenCalled();
  });

  test("the other texts of the spec's list exist as written", () => {
    expect(message("messaging.loadMessagesFailed").title).toBe("Failed to load messages.");
    expect(message("messaging.fetchUserFailed").title).toBe("Failed to fetch user profile.");
    expect(message("messaging.openFailed").title).toBe("Failed to open conversation with this user.");
    expect(message("messaging.deleted").title).toBe("Conversation deleted");
  });
});
