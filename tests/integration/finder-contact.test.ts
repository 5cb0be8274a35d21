// Route-level tests of "I found this" (issue 12) against a real temporary database, through the
// routes' own loaders and actions: the form (/contact-owner), the finder's private page (/f/{secret})
// and its stream, the owner's side in /messaging, scan alerts on the finder search, and the alert
// settings. Mail goes to the server log here (no SMTP_URL), which the tests read. Several owners are
// seeded, so a missing owner filter shows.
import { and, count, eq, inArray } from "drizzle-orm";
import { createHash } from "node:crypto";
import { describe, expect, test } from "vitest";
import { conversationParticipants, finderThreads, messages, outbox, profiles, searchHistory, tagbackTokens, users } from "../../db/schema";
import { limitKeyOf } from "~/core/client-key";
import { finderLoader } from "~/features/finder/finder-route.server";
import { visitsOf } from "~/features/finder/location-ticket.server";
import { formTicket, readFormTicket } from "~/features/finder-contact/form-ticket.server";
import { closeFinderThread } from "~/features/finder-contact/threads.server";
import { markRead } from "~/features/messaging/conversations.server";
import {
  CAPABILITY_BYTES,
  FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY,
  FINDER_MESSAGE_CLIENT_LIMIT,
  FINDER_MESSAGE_MAX,
  FINDER_MESSAGE_OWNER_LIMIT,
  MIN_FILL_SECONDS,
} from "~/features/finder-contact/rules";
import { message, translator } from "~/i18n/messages";
import { deliverDue } from "~/core/outbox.server";
import { ENGLISH_RUN } from "../support/locale-scripts";
import { messagingHub } from "~/features/messaging/hub.server";
import { announceMessage } from "~/features/messaging/live.server";
import * as contactRoute from "~/routes/contact-owner/route";
import * as threadRoute from "~/routes/f.$secret/route";
import * as threadStream from "~/routes/f.$secret_.events";
import * as chat from "~/routes/_app.messaging.$conversationId/route";
import * as layout from "~/routes/_app.messaging/route";
import * as closeRoute from "~/routes/messaging.$conversationId.close";
import * as settings from "~/routes/_app.settings/route";
import { BASE, callRoute, cookiesFrom, dataOf, get, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";
import { loggedMails, ownerWithToken as ownerWithTokenIn, type OwnerWithToken as Owner } from "../support/finder-contact";

const db = testDb();
const ownerWithToken = (name?: string, extra?: Parameters<typeof ownerWithTokenIn>[2]) => ownerWithTokenIn(db, name, extra);
const { mailsTo, logged } = loggedMails(db);
const HUMAN = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";



// ---- Mail, as the server log shows it without SMTP_URL ----



// ---- The form ----

const formPath = (owner: Owner) => `/contact-owner?type=tagbacktoken&number=${owner.token}`;

/** A form shown `ageMs` ago (the minimum fill time has passed unless told otherwise). */
function ticketOf(owner: Owner, options: { ageMs?: number; visitId?: string | null } = {}) {
  return formTicket({ ownerId: owner.id, type: "tagbacktoken", number: owner.token, visitId: options.visitId ?? null }, Date.now() - (options.ageMs ?? 10_000));
}

function sendForm(owner: Owner, fields: Record<string, string>, options: { clientIp?: string; ticket?: string } = {}) {
  return callRoute(
    contactRoute.action,
    post(formPath(owner), { ticket: options.ticket ?? ticketOf(owner), message: "Found your keys at Rajiv Chowk, gate 2", handover: "keep", website: "", ...fields }),
    { clientIp: options.clientIp },
  );
}

function secretOf(result: unknown): string {
  expect(result).toBeInstanceOf(Response);
  const location = (result as Response).headers.get("Location")!;
  const match = /^\/f\/([A-Za-z0-9_-]+)\?sent=1$/.exec(location);
  expect(match, location).not.toBeNull();
  return match![1]!;
}

async function storedFor(ownerId: string) {
  const [threads] = await db.select({ n: count() }).from(finderThreads).where(eq(finderThreads.ownerId, ownerId)).all();
  const [finders] = await db.select({ n: count() }).from(users).where(eq(users.anonymousFinder, true)).all();
  const [all] = await db.select({ n: count() }).from(messages).all();
  return { threads: threads!.n, finders: finders!.n, messages: all!.n };
}

function loadThread(secret: string) {
  return callRoute((args) => threadRoute.loader({ ...args, params: { secret } }), get(`/f/${secret}`));
}

function reply(secret: string, content: string) {
  return callRoute(
    (args) => threadRoute.action({ ...args, params: { secret } }),
    post(`/f/${secret}`, { intent: "send", content, clientKey: crypto.randomUUID() }),
  );
}

type ThreadData = { state: string; messages: Array<{ content: string; senderId: string }>; me: string };

describe("sending 'I found this'", () => {
  test("starts a conversation with the owner, marks the visit 'messaged', and mails the owner, the backup address and the finder", async () => {
    const owner = await ownerWithToken("Aarav", { backupEmail: "aarav.backup@example.test" });
    const other = await ownerWithToken("Other");
    // The finder scans the other owner's sticker, then this one's: each visit is logged, and the
    // finder's cookie carries both tickets (not the page: its link is the same for every finder).
    const human = { "User-Agent": HUMAN };
    const first = await callRoute(finderLoader, new Request(`${BASE}/findowner?t=${other.token}`, { headers: human }));
    const scan = await callRoute(finderLoader, new Request(`${BASE}/findowner?t=${owner.token}`, { headers: { ...human, Cookie: cookiesFrom(first) } }));
    expect(JSON.stringify(dataOf(scan))).not.toMatch(/visit=|ticket/i);
    const cookie = cookiesFrom(scan);
    const [visitId, otherVisit] = await visitsOf(cookie);
    const form = await callRoute(contactRoute.loader, get(formPath(owner), cookie));
    expect(statusOf(form)).toBe(200);
    expect(dataOf<{ ownerName: string }>(form).ownerName).toBe("Aarav Owner");
    // The form is for this owner's visit, whichever the cookie names first.
    expect(readFormTicket(dataOf<{ ticket: string }>(form).ticket)).toMatchObject({ ticket: { visitId } });
    const otherForm = await callRoute(contactRoute.loader, get(`/contact-owner?type=tagbacktoken&number=${other.token}`, cookie));
    expect(readFormTicket(dataOf<{ ticket: string }>(otherForm).ticket)).toMatchObject({ ticket: { visitId: otherVisit } });

    const result = await sendForm(owner, { contact: "Finder.Person@Example.test", foundWhere: "Rajiv Chowk, gate 2" }, { ticket: ticketOf(owner, { visitId }) });
    expect(statusOf(result)).toBe(303);
    const secret = secretOf(result);
    // At least 128 random bits: 32 bytes, base64url.
    expect(secret).toHaveLength(Math.ceil((CAPABILITY_BYTES * 8) / 6));
    expect(CAPABILITY_BYTES * 8).toBeGreaterThanOrEqual(128);

    const thread = await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get();
    expect(thread).toMatchObject({ handover: "keep", itemType: "tagback_token", itemValue: owner.token, contact: "finder.person@example.test", foundWhere: "Rajiv Chowk, gate 2", closedAt: null });
    // Only the hash of the secret is stored.
    expect(thread!.capabilityHash).toBe(createHash("sha256").update(secret).digest("base64url"));
    expect(JSON.stringify(thread)).not.toContain(secret);
    const finder = await db.select().from(users).where(eq(users.id, thread!.finderUserId)).get();
    expect(finder).toMatchObject({ anonymousFinder: true, googleSub: null, passwordHash: null });
    expect(finder!.email).toMatch(/@finder\.invalid$/);
    const participants = await db.select().from(conversationParticipants).where(eq(conversationParticipants.conversationId, thread!.conversationId)).all();
    expect(participants.map((p) => p.userId).sort()).toEqual([owner.id, finder!.id].sort());
    const stored = await db.select().from(messages).where(eq(messages.conversationId, thread!.conversationId)).all();
    expect(stored.map((m) => [m.senderId, m.content])).toEqual([[finder!.id, "Found your keys at Rajiv Chowk, gate 2"]]);
    const history = await db.select({ kind: searchHistory.kind }).from(searchHistory).where(eq(searchHistory.id, visitId)).get();
    expect(history?.kind).toBe("messaged");
    expect(await db.select().from(finderThreads).where(eq(finderThreads.ownerId, other.id)).all()).toEqual([]);

    for (const address of [owner.email, "aarav.backup@example.test"]) {
      const [mail] = await mailsTo(address);
      expect(mail, address).toBeDefined();
      // The handover comes first, then the message, and a link to the conversation.
      expect(mail!.indexOf("How they will hand it back: I'll keep it until you reply")).toBeGreaterThan(0);
      expect(mail!.indexOf("How they will hand it back")).toBeLessThan(mail!.indexOf("Found your keys at Rajiv Chowk, gate 2"));
      expect(mail).toContain(`/messaging/${thread!.conversationId}`);
    }
    const [finderMail] = await mailsTo("finder.person@example.test");
    expect(finderMail).toContain(`/f/${secret}`);
  });

  test("a place the finder types is the handover; the message keeps at most 500 characters, cleaned", async () => {
    const owner = await ownerWithToken();
    const text = `<b>Found</b> your bag ${"x".repeat(FINDER_MESSAGE_MAX - 20)}`;
    const result = await sendForm(owner, { message: text, handover: "place", place: "Chai stall, Sector 18" });
    secretOf(result);
    const thread = await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get();
    expect(thread).toMatchObject({ handover: "place", handoverPlace: "Chai stall, Sector 18" });
    const [stored] = await db.select().from(messages).where(eq(messages.conversationId, thread!.conversationId)).all();
    expect(stored!.content).toBe(text.replace(/<[^>]*>/g, ""));
    expect((await mailsTo(owner.email))[0]).toContain("I'll leave it at this place: Chai stall, Sector 18");
  });

  test.each([
    ["an empty message", { message: "   " }, "message", "contact.messageEmpty"],
    ["a message over 500 characters", { message: "a".repeat(FINDER_MESSAGE_MAX + 1) }, "message", "contact.messageTooLong"],
    ["profanity in English", { message: "you are an asshole" }, "message", "contact.notSent"],
    ["profanity in Hindi", { message: "chutiya" }, "message", "contact.notSent"],
    ["a contact that is neither e-mail nor phone", { contact: "call me maybe" }, "contact", "contact.badContact"],
    ["a place handover without a place", { handover: "place", place: "" }, "place", "contact.placeRequired"],
    ["an unknown handover", { handover: "drone" }, "handover", "contact.handoverRequired"],
  ])("%s is refused with its message and stores nothing", async (_name, fields, field, key) => {
    const owner = await ownerWithToken();
    const before = await storedFor(owner.id);
    const result = await sendForm(owner, fields as Record<string, string>);
    expect(statusOf(result)).toBe(400);
    const refusal = dataOf<{ errors: Record<string, string>; values: Record<string, string> }>(result);
    expect(refusal.errors[field]).toBe(key);
    // What the finder typed comes back.
    expect(refusal.values.message).toBe((fields as Record<string, string>).message ?? "Found your keys at Rajiv Chowk, gate 2");
    expect(await storedFor(owner.id)).toEqual(before);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  test("the honeypot, the minimum fill time and a forged ticket each refuse with a message and store nothing", async () => {
    const owner = await ownerWithToken();
    const before = await storedFor(owner.id);
    const honeypot = await sendForm(owner, { website: "https://spam.example" });
    expect(statusOf(honeypot)).toBe(400);
    expect(dataOf<{ alert: string }>(honeypot).alert).toBe("contact.refused");

    const quick = await sendForm(owner, {}, { ticket: ticketOf(owner, { ageMs: (MIN_FILL_SECONDS * 1000) / 3 }) });
    expect(statusOf(quick)).toBe(400);
    expect(dataOf<{ alert: string; ticket: string }>(quick).alert).toBe("contact.tooFast");
    // The form comes back with a new time stamp (and the text).
    const renewed = readFormTicket(dataOf<{ ticket: string }>(quick).ticket, Date.now() + MIN_FILL_SECONDS * 1000);
    expect(renewed).toMatchObject({ ok: true, ticket: { ownerId: owner.id } });

    // A ticket altered by one character does not open.
    const genuine = ticketOf(owner);
    const forged = `${genuine.slice(0, 30)}${genuine[30] === "A" ? "B" : "A"}${genuine.slice(31)}`;
    const forgery = await sendForm(owner, {}, { ticket: forged });
    expect(statusOf(forgery)).toBe(400);
    expect(dataOf<{ alert: string }>(forgery).alert).toBe("contact.refused");

    expect(await storedFor(owner.id)).toEqual(before);
    expect(await mailsTo(owner.email)).toEqual([]);
  });

  test("per client: the form refuses the 6th message in an hour from one client, and stores nothing", async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < FINDER_MESSAGE_CLIENT_LIMIT.points; i++) {
      const owner = await ownerWithToken();
      expect(statusOf(await sendForm(owner, {}, { clientIp: ip }))).toBe(303);
    }
    const owner = await ownerWithToken();
    const before = await storedFor(owner.id);
    const refused = await sendForm(owner, {}, { clientIp: ip });
    expect(statusOf(refused)).toBe(429);
    expect(dataOf<{ alert: string }>(refused).alert).toBe("contact.clientLimit");
    expect(await storedFor(owner.id)).toEqual(before);
    // Another client still can.
    expect(statusOf(await sendForm(owner, {}, { clientIp: "198.51.100.78" }))).toBe(303);
  });

  test("per owner: an owner receives at most 20 messages a day through the form, then a message and nothing stored", async () => {
    const owner = await ownerWithToken();
    for (let i = 0; i < FINDER_MESSAGE_OWNER_LIMIT.points; i++) {
      expect(statusOf(await sendForm(owner, {}, { clientIp: `192.0.2.${i + 1}` }))).toBe(303);
    }
    const before = await storedFor(owner.id);
    const refused = await sendForm(owner, {}, { clientIp: "192.0.2.200" });
    expect(statusOf(refused)).toBe(429);
    expect(dataOf<{ alert: string }>(refused).alert).toBe("contact.ownerLimit");
    expect(await storedFor(owner.id)).toEqual(before);
  });

  test("a ticket delivers one message: posted again, even at once, it is refused and stores nothing", async () => {
    const owner = await ownerWithToken();
    const ticket = ticketOf(owner);
    const first = await Promise.all([1, 2, 3].map((i) => sendForm(owner, {}, { ticket, clientIp: `198.51.100.${90 + i}` })));
    expect(first.map(statusOf).sort()).toEqual([303, 409, 409]);
    const after = await storedFor(owner.id);
    expect(after.threads).toBe(1);
    const again = await sendForm(owner, { message: "Me again" }, { ticket, clientIp: "198.51.100.94" });
    expect(statusOf(again)).toBe(409);
    const refusal = dataOf<{ alert: string; ticket: string; values: { message: string } }>(again);
    expect(refusal.alert).toBe("contact.formUsed");
    expect(refusal.values.message).toBe("Me again");
    expect(await storedFor(owner.id)).toEqual(after);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    // The form shown with the refusal has a ticket of its own: once its fill time has passed, it sends.
    const fresh = readFormTicket(refusal.ticket, Date.now() + MIN_FILL_SECONDS * 1000);
    expect(fresh.ok).toBe(true);
  });

  test(`at most ${FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY} private links a day are mailed to one mailbox, however its address is spelled`, async () => {
    // One Gmail inbox, a new spelling each time (dots, a +tag, googlemail.com, capitals).
    const spelling = (i: number) => (i % 2 === 0 ? `Some.Victim+${i}@gmail.com` : `s.o.m.e.v.i.c.t.i.m+${i}@GoogleMail.com`);
    // Each from another client to another owner: the per-client and per-owner limits do not apply.
    for (let i = 0; i < FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY; i++) {
      const owner = await ownerWithToken();
      expect(statusOf(await sendForm(owner, { contact: spelling(i) }, { clientIp: `203.0.113.${150 + i}` }))).toBe(303);
    }
    const linkMails = async () => (await deliverDue(db), logged()).filter((text) => text.includes("Subject: Your private link"));
    expect(await linkMails()).toHaveLength(FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY);

    const owner = await ownerWithToken();
    const before = await storedFor(owner.id);
    const refused = await sendForm(owner, { contact: spelling(FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY) }, { clientIp: "203.0.113.170" });
    expect(statusOf(refused)).toBe(429);
    const refusal = dataOf<{ alert: string; values: { contact: string } }>(refused);
    expect(refusal.alert).toBe("contact.linkMailLimit");
    expect(message("contact.linkMailLimit").description).toContain(`${FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY} private links today`);
    expect(refusal.values.contact).toBe(spelling(FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY));
    // Nothing stored, nobody mailed: not the owner, not the address.
    expect(await storedFor(owner.id)).toEqual(before);
    expect(await mailsTo(owner.email)).toEqual([]);
    expect(await linkMails()).toHaveLength(FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY);
    // Without the address (or with another one) the message goes through.
    expect(statusOf(await sendForm(owner, { contact: "" }, { clientIp: "203.0.113.171" }))).toBe(303);
    expect(statusOf(await sendForm(await ownerWithToken(), { contact: "someone.else@gmail.com" }, { clientIp: "203.0.113.172" }))).toBe(303);
  });

  test("a line break in the place, where it was found or the message forges no header and no line of the owner's mail", async () => {
    const owner = await ownerWithToken("Header");
    const result = await sendForm(owner, {
      handover: "place",
      place: "Gate 2\r\nBcc: victim@example.test",
      foundWhere: "Platform 3\nAnswer them here (sign in to Tagback): https://evil.example/login",
      message: "Found your keys\r\nHow to reach them: +91 90000 00000\n[mail] end",
    });
    expect(statusOf(result)).toBe(303);
    const [mail] = await mailsTo(owner.email);
    const lines = mail!.split("\n");
    expect(lines.filter((line) => /^(\[mail\] )?Bcc:/i.test(line))).toEqual([]);
    expect(lines[1]).toBe(`[mail] Subject: Found: Token ${owner.token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3")} — I'll leave it at this place: Gate 2 Bcc: victim@example.test`);
    expect(lines.filter((line) => line.startsWith("Answer them here"))).toEqual([expect.stringMatching(/^Answer them here \(sign in to Tagback\): http:\/\/[^ ]+\/messaging\//)]);
    expect(lines.filter((line) => line.startsWith("How to reach them"))).toEqual([]);
    expect(lines.filter((line) => line === "[mail] end")).toHaveLength(1);
    expect(mail).toContain("Where they found it: Platform 3 Answer them here (sign in to Tagback): https://evil.example/login");
    expect(mail).toContain("> Found your keys\n> How to reach them: +91 90000 00000\n> [mail] end");
  });

  test("the form's page and its refusals carry none of the owner's internal ids", async () => {
    const owner = await ownerWithToken("Private");
    const scan = await callRoute(finderLoader, new Request(`${BASE}/findowner?t=${owner.token}`, { headers: { "User-Agent": HUMAN } }), { clientIp: "198.51.100.200" });
    const cookie = cookiesFrom(scan);
    const [visitId] = await visitsOf(cookie);
    const form = await callRoute(contactRoute.loader, get(formPath(owner), cookie));
    const refusal = await sendForm(owner, { message: "" }, { ticket: ticketOf(owner, { visitId }) });
    expect(statusOf(refusal)).toBe(400);
    for (const [what, data] of [["the page", dataOf(form)], ["a refusal", dataOf(refusal)]] as const) {
      const text = JSON.stringify(data);
      expect(text, what).not.toContain(owner.id);
      expect(text, what).not.toContain(visitId);
    }
  });

  test("no form for a number without an owner: an unknown token, a malformed number, the demo token", async () => {
    for (const path of ["/contact-owner?type=tagbacktoken&number=999999999999", "/contact-owner?type=metrocard&number=12", "/contact-owner?type=tagbacktoken&number=123456789012"]) {
      expect(statusOf(await callRoute(contactRoute.loader, get(path))), path).toBe(404);
    }
    const owner = await ownerWithToken();
    // A posted form whose item no longer finds the owner (the token was removed) delivers nothing.
    const ticket = ticketOf(owner);
    await db.delete(tagbackTokens).where(eq(tagbackTokens.token, owner.token)).run();
    const before = await storedFor(owner.id);
    expect(statusOf(await sendForm(owner, {}, { ticket }))).toBe(404);
    expect(await storedFor(owner.id)).toEqual(before);
  });
});

describe("the private link", () => {
  test("the owner's answer is mailed to a finder who left an e-mail address (once a quarter hour), never to one who left a phone number", async () => {
    const owner = await ownerWithToken("Tara");
    const other = await ownerWithToken("Uma");
    const finderAddress = `finder-${owner.id.slice(0, 6)}@example.test`;
    secretOf(await sendForm(owner, { contact: finderAddress }, { clientIp: "203.0.113.81" }));
    secretOf(await sendForm(other, { contact: "+91 98765 43210" }, { clientIp: "203.0.113.82" }));
    const answer = async (who: Owner, content: string) => {
      const thread = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, who.id)).get())!;
      return callRoute(
        (args) => chat.action({ ...args, params: { conversationId: thread.conversationId } }),
        post(`/messaging/${thread.conversationId}`, { intent: "send", content, clientKey: crypto.randomUUID() }),
        { user: who },
      );
    };
    expect(await mailsTo(finderAddress)).toHaveLength(1); // the private link
    expect(statusOf(await answer(owner, "Thank you! Gate 2 at 6 pm?"))).toBe(302);
    const mails = await mailsTo(finderAddress);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain("Subject: The owner answered you");
    expect(mails[1]).toContain("> Thank you! Gate 2 at 6 pm?");
    // The private link is not in it: only its hash is stored.
    expect(mails[1]).not.toMatch(/\/f\/[\w-]{43}/);
    expect(statusOf(await answer(owner, "Or tomorrow morning."))).toBe(302);
    expect(await mailsTo(finderAddress)).toHaveLength(2);
    // A finder who left a phone number gets no mail; nothing is queued for them.
    expect(statusOf(await answer(other, "Calling you now"))).toBe(302);
    const otherThread = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, other.id)).get())!;
    expect(db.select().from(outbox).where(eq(outbox.conversationId, otherThread.conversationId)).all().map((row) => row.key.split(":")[0])).not.toContain("answer");
  });

  test("a finder's later message mails the owner, once in a quarter of an hour, and not while the owner is reading", async () => {
    const owner = await ownerWithToken("Ravi");
    const reading = await ownerWithToken("Sana");
    const secret = secretOf(await sendForm(owner, {}, { clientIp: "203.0.113.71" }));
    const readingSecret = secretOf(await sendForm(reading, {}, { clientIp: "203.0.113.72" }));
    expect(await mailsTo(owner.email)).toHaveLength(1);

    expect(statusOf(await reply(secret, "I am at gate 2 until 6 pm"))).toBe(302);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain("Subject: The finder wrote again: Token ");
    expect(mails[1]).toContain("> I am at gate 2 until 6 pm");
    const thread = await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get();
    expect(mails[1]).toContain(`/messaging/${thread!.conversationId}`);
    // More lines within the quarter hour: no more mail.
    expect(statusOf(await reply(secret, "Blue bag, front pocket"))).toBe(302);
    expect(await mailsTo(owner.email)).toHaveLength(2);

    // An owner who has the conversation open (read it just now) gets no mail for the reply.
    const readingThread = await db.select().from(finderThreads).where(eq(finderThreads.ownerId, reading.id)).get();
    await markRead(db, reading.id, readingThread!.conversationId);
    expect(statusOf(await reply(readingSecret, "Still here"))).toBe(302);
    expect(await mailsTo(reading.email)).toHaveLength(1);
  });

  test("'The owner was notified' is about the first alert alone: a later reply's mail, delivered, does not make it so", async () => {
    const owner = await ownerWithToken("Kiran");
    const bystander = await ownerWithToken("Latha");
    const secret = secretOf(await sendForm(owner, {}, { clientIp: "203.0.113.73" }));
    secretOf(await sendForm(bystander, {}, { clientIp: "203.0.113.74" }));
    const thread = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get())!;
    const notified = async () => dataOf<{ ownerNotified: { state: string; time: string | null } | null }>(await loadThread(secret)).ownerNotified;
    const firstAlert = and(eq(outbox.conversationId, thread.conversationId), eq(outbox.kind, "contact"));
    // The first alert's try failed (SMTP refused it): its retry is an hour away.
    db.update(outbox).set({ attempts: 1, lastError: "ECONNREFUSED", dueAt: Date.now() + 3_600_000 }).where(firstAlert).run();
    expect(await notified()).toEqual({ state: "retrying", time: null });

    // The finder writes again; its mail to the owner goes out at once.
    expect(statusOf(await reply(secret, "I am at gate 2 until 6 pm"))).toBe(302);
    const mails = await mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: The finder wrote again: Token ");
    const replyRows = db.select().from(outbox).where(and(eq(outbox.conversationId, thread.conversationId), eq(outbox.kind, "finder_reply"))).all();
    expect(replyRows.map((row) => row.state)).toEqual(["delivered"]);
    // Still the truth about the first alert: not notified.
    expect(await notified()).toEqual({ state: "retrying", time: null });

    // Given up on: the reply delivered does not turn it into "notified" either.
    db.update(outbox).set({ state: "failed", settledAt: Date.now(), payload: null }).where(firstAlert).run();
    expect(await notified()).toEqual({ state: "failed", time: null });

    // Delivered at last: now it says so, with the first alert's time.
    db.update(outbox).set({ state: "delivered", settledAt: Date.now() }).where(firstAlert).run();
    expect((await notified())?.state).toBe("notified");
  });

  test("opens the thread: noindex, no-store, no e-mail or phone number; wrong and closed links are 404", async () => {
    const owner = await ownerWithToken("Priya", { mobileNumber: "9876501234", backupEmail: "priya.backup@example.test" });
    const secret = secretOf(await sendForm(owner, { contact: "+91 98765 43210" }));
    const page = await loadThread(secret);
    expect(statusOf(page)).toBe(200);
    const text = JSON.stringify(dataOf(page));
    for (const secretValue of [owner.email, "priya.backup@example.test", "9876501234", "98765", "43210", "@"]) expect(text).not.toContain(secretValue);
    // The route's headers and meta ignore their arguments but the page's data.
    const headers = new Headers((threadRoute.headers as () => HeadersInit)());
    expect(headers.get("Cache-Control")).toContain("no-store");
    expect(headers.get("X-Robots-Tag")).toContain("noindex");
    const meta = (threadRoute.meta as unknown as (args: { matches: never[]; loaderData: unknown }) => Array<Record<string, string>>)({ matches: [], loaderData: dataOf(page) });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });

    // A wrong secret of the right shape, a malformed one: 404, looked up or not.
    expect(statusOf(await loadThread(secret.replace(/^./, (c) => (c === "A" ? "B" : "A"))))).toBe(404);
    expect(statusOf(await loadThread("not-a-secret"))).toBe(404);
    const streamOf = (value: string) =>
      callRoute((args) => threadStream.loader({ ...args, params: { secret: value } }), new Request(`${BASE}/f/${value}/events`, { headers: { Accept: "text/event-stream" } }));
    expect(statusOf(await streamOf("A".repeat(43)))).toBe(404);

    const thread = await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get();
    const stranger = await ownerWithToken();
    expect((await closeFinderThread(db, stranger.id, thread!.conversationId)).ok).toBe(false);
    expect(statusOf(await loadThread(secret))).toBe(200);
    expect((await closeFinderThread(db, owner.id, thread!.conversationId)).ok).toBe(true);
    expect(statusOf(await loadThread(secret))).toBe(404);
    expect(statusOf(await reply(secret, "still there?"))).toBe(404);
    expect(statusOf(await streamOf(secret))).toBe(404);
  });

  test("the finder reads the owner's answer and answers back; the read receipt follows the owner's last read", async () => {
    const owner = await ownerWithToken("Rohan");
    const secret = secretOf(await sendForm(owner, {}));
    const thread = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get())!;
    expect(dataOf<ThreadData>(await loadThread(secret)).state).toBe("sent");

    // The owner opens the conversation in /messaging: read.
    const opened = await callRoute((args) => chat.loader({ ...args, params: { conversationId: thread.conversationId } }), get(`/messaging/${thread.conversationId}`), { user: owner });
    expect(statusOf(opened)).toBe(200);
    expect(dataOf<ThreadData>(await loadThread(secret)).state).toBe("read");

    // The owner answers like in any chat.
    const answer = await callRoute(
      (args) => chat.action({ ...args, params: { conversationId: thread.conversationId } }),
      post(`/messaging/${thread.conversationId}`, { intent: "send", content: "Thank you! I will come to gate 2 at 6 pm.", clientKey: crypto.randomUUID() }),
      { user: owner },
    );
    expect(statusOf(answer)).toBe(302);
    const afterAnswer = dataOf<ThreadData>(await loadThread(secret));
    expect(afterAnswer.state).toBe("answered");
    // The owner's message says "owner": the anonymous page holds none of the owner's ids.
    expect(afterAnswer.messages.at(-1)!.senderId).toBe("owner");
    expect(JSON.stringify(afterAnswer)).not.toContain(owner.id);
    expect(afterAnswer.messages.map((m) => m.content)).toEqual(["Found your keys at Rajiv Chowk, gate 2", "Thank you! I will come to gate 2 at 6 pm."]);

    // The finder answers back (the chat's rules: 160 characters, tags stripped).
    const back = await reply(secret, "<i>See you</i> at 6");
    expect(statusOf(back)).toBe(302);
    const tooLong = await reply(secret, "a".repeat(161));
    expect(statusOf(tooLong)).toBe(400);
    expect(dataOf<{ error: string }>(tooLong).error).toBe("contact.replyTooLong");
    const final = dataOf<ThreadData>(await loadThread(secret));
    expect(final.messages.at(-1)).toMatchObject({ content: "See you at 6", senderId: thread.finderUserId });
    expect(final.state).toBe("sent");
  });

  test("the stream of a live link subscribes to the hub and lets go when the finder leaves", async () => {
    const owner = await ownerWithToken();
    const secret = secretOf(await sendForm(owner, {}));
    const before = messagingHub().listenerCount();
    const controller = new AbortController();
    const response = await callRoute(
      (args) => threadStream.loader({ ...args, params: { secret } }),
      new Request(`${BASE}/f/${secret}/events`, { signal: controller.signal, headers: { Accept: "text/event-stream" } }),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get("Content-Type")).toContain("text/event-stream");
    const reader = (response as Response).body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("retry:");
    expect(messagingHub().listenerCount()).toBe(before + 2);
    // The owner's answer arrives live, without the owner's user id.
    const { conversationId } = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get())!;
    announceMessage({ id: "live-1", conversationId, senderId: owner.id, content: "Coming at 6", createdAt: new Date().toISOString(), time: "06:00 pm" }, []);
    let received = "";
    while (!received.includes("Coming at 6")) received += new TextDecoder().decode((await reader.read()).value);
    expect(received).toContain('"senderId":"owner"');
    expect(received).not.toContain(owner.id);
    controller.abort();
    await reader.cancel().catch(() => {});
    expect(messagingHub().listenerCount()).toBe(before);
  });
});

describe("the owner's side in /messaging", () => {
  test("the finder is 'Finder (no account)' with the item, in the list and the chat; nobody can find or start a chat with them", async () => {
    const owner = await ownerWithToken("Meera");
    secretOf(await sendForm(owner, { handover: "police", foundWhere: "Platform 3" }));
    const thread = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get())!;
    const token = owner.token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3");

    const list = dataOf<{ contacts: Array<{ conversationId: string; name: string }> }>(await callRoute(layout.loader, get("/messaging"), { user: owner }));
    expect(list.contacts).toEqual([expect.objectContaining({ conversationId: thread.conversationId, name: `Finder (no account) · Token ${token}` })]);

    const chatData = dataOf<{ conversation: { other: { name: string } }; finderThread: { handoverText: string; foundWhere: string; itemLabel: string } }>(
      await callRoute((args) => chat.loader({ ...args, params: { conversationId: thread.conversationId } }), get(`/messaging/${thread.conversationId}`), { user: owner }),
    );
    expect(chatData.conversation.other.name).toBe("Finder (no account)");
    expect(chatData.finderThread).toMatchObject({ handoverText: "I'll hand it to the police", foundWhere: "Platform 3", itemLabel: `Token ${token}` });

    // Another user can neither open ?user= on the finder nor start a conversation with them.
    const someone = await ownerWithToken("Someone");
    const viaUrl = await callRoute(layout.loader, get(`/messaging?user=${thread.finderUserId}`), { user: someone });
    expect(statusOf(viaUrl)).toBe(404);
    expect(dataOf<{ candidate: unknown }>(viaUrl).candidate).toBeNull();
    const start = await callRoute(layout.action, post("/messaging", { intent: "start", userId: thread.finderUserId }), { user: someone });
    expect(statusOf(start)).toBe(404);
    const [{ n }] = await db.select({ n: count() }).from(conversationParticipants).where(eq(conversationParticipants.userId, thread.finderUserId)).all();
    expect(n).toBe(1);
  });

  test("only the owner opens the finder's conversation; deleting it ends the finder's link too", async () => {
    const owner = await ownerWithToken("Deleter");
    const secret = secretOf(await sendForm(owner, { contact: "finder.person@example.test" }));
    const thread = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get())!;
    const params = { conversationId: thread.conversationId };
    const open = (user: { id: string; email: string }) =>
      callRoute((args) => chat.loader({ ...args, params }), get(`/messaging/${thread.conversationId}`), { user });
    // Another signed-in user gets what a made-up id gets, and never the finder's contact.
    const stranger = await ownerWithToken("Nosy");
    const refused = await open(stranger);
    expect(statusOf(refused)).toBe(404);
    expect(JSON.stringify(dataOf(refused))).not.toContain("finder.person@example.test");
    expect(dataOf<{ finderThread: { contact: string } }>(await open(owner)).finderThread.contact).toBe("finder.person@example.test");

    const deleted = await callRoute((args) => chat.action({ ...args, params }), post(`/messaging/${thread.conversationId}`, { intent: "delete" }), { user: owner });
    expect(statusOf(deleted)).toBe(302);
    expect(statusOf(await loadThread(secret))).toBe(404);
    expect(await db.select().from(finderThreads).where(eq(finderThreads.conversationId, thread.conversationId)).all()).toEqual([]);
  });

  test("the owner closes the thread: the link and its open stream end; nobody else can close it", async () => {
    const owner = await ownerWithToken("Closer");
    const secret = secretOf(await sendForm(owner, {}));
    const thread = (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get())!;
    const closeAs = (user: { id: string; email: string }) =>
      callRoute((args) => closeRoute.action({ ...args, params: { conversationId: thread.conversationId } }), post(`/messaging/${thread.conversationId}/close`, {}), { user });

    const response = await callRoute(
      (args) => threadStream.loader({ ...args, params: { secret } }),
      new Request(`${BASE}/f/${secret}/events`, { headers: { Accept: "text/event-stream" } }),
    );
    const reader = (response as Response).body!.getReader();
    await reader.read();

    const stranger = await ownerWithToken("Stranger");
    expect(statusOf(await closeAs(stranger))).toBe(404);
    expect(statusOf(await loadThread(secret))).toBe(200);

    expect(statusOf(await closeAs(owner))).toBe(302);
    let text = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    expect(text).toContain("event: deleted");
    expect(statusOf(await loadThread(secret))).toBe(404);
    // The conversation itself stays with the owner, marked closed.
    const chatData = dataOf<{ finderThread: { closed: boolean } }>(
      await callRoute((args) => chat.loader({ ...args, params: { conversationId: thread.conversationId } }), get(`/messaging/${thread.conversationId}`), { user: owner }),
    );
    expect(chatData.finderThread.closed).toBe(true);
    // Nobody would read an answer now: the owner's send is refused and nothing is stored.
    const before = (await db.select({ n: count() }).from(messages).where(eq(messages.conversationId, thread.conversationId)).get())!.n;
    const sent = await callRoute(
      (args) => chat.action({ ...args, params: { conversationId: thread.conversationId } }),
      post(`/messaging/${thread.conversationId}`, { intent: "send", content: "Still there?", clientKey: crypto.randomUUID() }),
      { user: owner },
    );
    expect(statusOf(sent)).toBe(409);
    expect(dataOf<{ error: string }>(sent).error).toBe("messaging.threadClosed");
    expect((await db.select({ n: count() }).from(messages).where(eq(messages.conversationId, thread.conversationId)).get())!.n).toBe(before);
  });
});

// ---- Scan alerts, through the finder's own loader ----

function scan(owner: Owner, options: { userAgent?: string; ip: string; method?: string; headers?: Record<string, string>; user?: { id: string; email: string } }) {
  return callRoute(
    finderLoader,
    new Request(`${BASE}/findowner?t=${owner.token}`, { method: options.method ?? "GET", headers: { "User-Agent": options.userAgent ?? HUMAN, ...options.headers } }),
    { clientIp: options.ip, user: options.user },
  );
}

const scanAlertsTo = async (owner: Owner) => (await mailsTo(owner.email)).filter((mail) => mail.includes("was just scanned"));

describe("scan alerts", () => {
  test("bots, link previews, HEAD and prefetches never alert, are counted and not listed", async () => {
    const owner = await ownerWithToken("Bot", { scanAlerts: true });
    await scan(owner, { ip: "203.0.113.201", userAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    await scan(owner, { ip: "203.0.113.202", userAgent: "WhatsApp/2.23.20.0 A" });
    await scan(owner, { ip: "203.0.113.203", method: "HEAD" });
    await scan(owner, { ip: "203.0.113.204", headers: { "Sec-Purpose": "prefetch;prerender" } });
    await scan(owner, { ip: "203.0.113.205", headers: { Purpose: "prefetch" } });
    await scan(owner, { ip: "203.0.113.206", headers: { "X-Moz": "prefetch" } });
    expect(await scanAlertsTo(owner)).toEqual([]);
    const profile = await db.select().from(profiles).where(eq(profiles.id, owner.id)).get();
    expect(profile).toMatchObject({ botSearches: 6, totalSearches: 0, lastScanAlertAt: null });
    expect(await db.select().from(searchHistory).where(eq(searchHistory.userId, owner.id)).all()).toEqual([]);
  });

  test("two people in one hour send one alert; a reload by the same client within the hour sends none", async () => {
    const owner = await ownerWithToken("Alert", { scanAlerts: true });
    const quiet = await ownerWithToken("Quiet");
    await scan(owner, { ip: "198.51.100.11" });
    await scan(owner, { ip: "198.51.100.12" });
    await scan(quiet, { ip: "198.51.100.11" });
    expect(await scanAlertsTo(owner)).toHaveLength(1);
    // The time once in India time, then the date: "When: 04:26 pm IST, 23/11/2026".
    expect((await scanAlertsTo(owner))[0]).toMatch(/\nWhen: \d{2}:\d{2} [ap]m IST, \d{2}\/\d{2}\/\d{4}\n/i);
    expect(await scanAlertsTo(quiet)).toEqual([]);
    // An hour after that alert, the first client reloads: still within its own hour, so nothing;
    // a new client does alert again.
    await db.update(profiles).set({ lastScanAlertAt: new Date(Date.now() - 61 * 60_000) }).where(eq(profiles.id, owner.id)).run();
    await scan(owner, { ip: "198.51.100.11" });
    expect(await scanAlertsTo(owner)).toHaveLength(1);
    await scan(owner, { ip: "198.51.100.13" });
    expect(await scanAlertsTo(owner)).toHaveLength(2);
    const rows = await db.select({ clientKey: searchHistory.clientKey, kind: searchHistory.kind }).from(searchHistory).where(eq(searchHistory.userId, owner.id)).all();
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.kind === "viewed" && row.clientKey === limitKeyOf(row.clientKey!))).toBe(true);
    expect((await db.select().from(profiles).where(eq(profiles.id, owner.id)).get())!.totalSearches).toBe(4);
  });

  test("the owner's own signed-in scan sends none; scan alerts are off by default", async () => {
    const owner = await ownerWithToken("Self", { scanAlerts: true });
    await scan(owner, { ip: "198.51.100.21", user: owner });
    expect(await scanAlertsTo(owner)).toEqual([]);
    const off = await ownerWithToken("Off");
    await scan(off, { ip: "198.51.100.22" });
    expect(await scanAlertsTo(off)).toEqual([]);
    expect((await db.select({ on: profiles.scanAlerts }).from(profiles).where(eq(profiles.id, off.id)).get())!.on).toBe(false);
  });
});

describe("alert settings", () => {
  const settingsPost = (owner: Owner, fields: Record<string, string>) => callRoute(settings.action, post("/settings", fields), { user: owner });

  test("a backup e-mail is validated, saved, removed; scan alerts switch on and off", async () => {
    const owner = await ownerWithToken();
    const bad = await settingsPost(owner, { intent: "backup-email", backupEmail: "not an address" });
    expect(statusOf(bad)).toBe(400);
    expect(dataOf<{ backupEmailError: string }>(bad).backupEmailError).toBe("finderContact.badBackupEmail");
    const read = () => db.select({ backup: profiles.backupEmail, scan: profiles.scanAlerts }).from(profiles).where(eq(profiles.id, owner.id)).get();
    expect(await read()).toEqual({ backup: null, scan: false });
    expect(statusOf(await settingsPost(owner, { intent: "backup-email", backupEmail: " Second@Example.test " }))).toBe(302);
    expect(await read()).toEqual({ backup: "second@example.test", scan: false });
    expect(statusOf(await settingsPost(owner, { intent: "scan-alerts", value: "on" }))).toBe(302);
    expect(await read()).toEqual({ backup: "second@example.test", scan: true });
    expect(statusOf(await settingsPost(owner, { intent: "backup-email", backupEmail: "" }))).toBe(302);
    expect(statusOf(await settingsPost(owner, { intent: "scan-alerts", value: "off" }))).toBe(302);
    expect(await read()).toEqual({ backup: null, scan: false });
  });
});

describe("in the finder's language (issue 34)", () => {
  function sendIn(locale: string, owner: Owner, fields: Record<string, string>) {
    const request = post(formPath(owner), { ticket: ticketOf(owner), message: "Found your keys at Rajiv Chowk, gate 2", handover: "keep", website: "", ...fields });
    request.headers.set("Accept-Language", `${locale}-IN,${locale};q=0.9`);
    return callRoute(contactRoute.action, request, { clientIp: `203.0.113.${200 + Math.floor(Math.random() * 50)}` });
  }

  for (const locale of ["ta", "bn", "kn"] as const) {
    test(`${locale}: the finder's private-link mail is in that language alone, the warning included`, async () => {
      const owner = await ownerWithToken();
      const address = `finder-${locale}-${crypto.randomUUID().slice(0, 6)}@example.test`;
      const secret = secretOf(await sendIn(locale, owner, { contact: address }));
      const [mail] = await mailsTo(address);
      const { t } = translator(locale);
      expect(mail).toContain(`Subject: ${t("contact.mailSubject")}`);
      expect(mail).toContain(t("contact.mailKeep"));
      expect(mail).toContain(`/f/${secret}`);
      const body = mail!.slice(mail!.indexOf(`Subject: `)).replace(/https?:\/\/\S+/g, "").replace(/Tagback|Subject:/g, "");
      expect(body.match(ENGLISH_RUN)).toBeNull();
      // The old Hindi line (Devanagari letters; the danda । is Bengali's full stop too).
      expect(body).not.toMatch(/[\u0900-\u0963\u0966-\u097F]/);
    });
  }

  test("the owner's answer reaches each finder in the language they wrote in: Tamil, Hindi, English; a later reply in another language moves it", async () => {
    const owner = await ownerWithToken("Selvi");
    const other = await ownerWithToken("Harish");
    const tag = crypto.randomUUID().slice(0, 6);
    const finders = { ta: `finder-ta-${tag}@example.test`, hi: `finder-hi-${tag}@example.test`, en: `finder-en-${tag}@example.test` };
    // Two finders write to the same owner (Tamil, Hindi), a third to another owner (English).
    const secrets = {
      ta: secretOf(await sendIn("ta", owner, { contact: finders.ta })),
      hi: secretOf(await sendIn("hi", owner, { contact: finders.hi })),
      en: secretOf(await sendIn("en", other, { contact: finders.en })),
    };
    const threads = db.select().from(finderThreads).where(inArray(finderThreads.ownerId, [owner.id, other.id])).all();
    const threadOf = (address: string) => threads.find((thread) => thread.contact === address)!;
    expect(Object.fromEntries(Object.entries(finders).map(([locale, address]) => [locale, threadOf(address).locale]))).toEqual({ ta: "ta", hi: "hi", en: "en" });
    for (const address of Object.values(finders)) expect(await mailsTo(address)).toHaveLength(1); // the private link

    const answer = (who: Owner, address: string, content: string) => {
      const { conversationId } = threadOf(address);
      return callRoute(
        (args) => chat.action({ ...args, params: { conversationId } }),
        post(`/messaging/${conversationId}`, { intent: "send", content, clientKey: crypto.randomUUID() }),
        { user: who },
      );
    };
    const number = (who: Owner) => who.token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3");
    expect(statusOf(await answer(owner, finders.ta, "Thank you! Gate 2 at 6 pm?"))).toBe(302);
    expect(statusOf(await answer(owner, finders.hi, "Please leave it at the counter"))).toBe(302);
    expect(statusOf(await answer(other, finders.en, "On my way"))).toBe(302);

    const answerIn = async (locale: "ta" | "hi" | "en", address: string, answered: string, who: Owner) => {
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(2);
      const mail = mails[1]!;
      const { t } = translator(locale);
      expect(mail).toContain(`Subject: ${t("contact.answerMailSubject")}`);
      expect(mail).toContain(t("contact.answerMailLead", { item: number(who) }));
      expect(mail).toContain(`> ${answered}`);
      expect(mail).toContain(t("contact.answerMailRead", { subject: t("contact.mailSubject") }));
      // The private link is not in it: only its hash is stored.
      expect(mail).not.toMatch(/\/f\/[\w-]{43}/);
      return mail;
    };
    const tamil = await answerIn("ta", finders.ta, "Thank you! Gate 2 at 6 pm?", owner);
    const hindi = await answerIn("hi", finders.hi, "Please leave it at the counter", owner);
    const english = await answerIn("en", finders.en, "On my way", other);
    // In that language alone, the owner's own words aside: no English sentence, no other script.
    for (const [mail, script] of [
      [tamil, /[\u0B80-\u0BFF]/],
      [hindi, /[\u0900-\u097F]/],
    ] as const) {
      const prose = mail.slice(mail.indexOf("Subject: ") + "Subject: ".length).split("\n").filter((line) => !line.startsWith("> ") && !line.startsWith("[mail]") && line.trim() !== "");
      for (const line of prose) expect(line, line).toMatch(script);
      expect(prose.join("\n").replace(/Tagback/g, "").match(ENGLISH_RUN)).toBeNull();
    }
    expect(tamil).not.toMatch(/[\u0900-\u097F]/);
    expect(hindi).not.toMatch(/[\u0B80-\u0BFF]/);
    expect(english).toContain("Subject: The owner answered you");
    expect(english).not.toMatch(/[\u0900-\u0DFF]/);

    // The English finder writes again from a Hindi page: the owner's next answer comes in Hindi.
    const later = post(`/f/${secrets.en}`, { intent: "send", content: "I am at gate 2", clientKey: crypto.randomUUID() });
    later.headers.set("Accept-Language", "hi-IN,hi;q=0.9");
    expect(statusOf(await callRoute((args) => threadRoute.action({ ...args, params: { secret: secrets.en } }), later))).toBe(302);
    expect(db.select().from(finderThreads).where(eq(finderThreads.contact, finders.en)).get()!.locale).toBe("hi");
    // (Past the quarter hour in which one answer mail is enough.)
    db.update(outbox)
      .set({ createdAt: Date.now() - 20 * 60_000 })
      .where(and(eq(outbox.conversationId, threadOf(finders.en).conversationId), eq(outbox.kind, "owner_answer")))
      .run();
    expect(statusOf(await answer(other, finders.en, "Coming"))).toBe(302);
    const mails = await mailsTo(finders.en);
    expect(mails).toHaveLength(3);
    expect(mails[2]).toContain(`Subject: ${translator("hi").t("contact.answerMailSubject")}`);
    expect(mails[2]).toContain("> Coming");
  });

  test("switching language on the form answers the same draft, sends nothing, and sets the language", async () => {
    const owner = await ownerWithToken();
    const before = await storedFor(owner.id);
    const result = await sendIn("en", owner, { lang: "ta", message: "Found your keys", foundWhere: "Gate 2", handover: "police" });
    expect(statusOf(result)).toBe(200);
    const draft = dataOf<{ alert: unknown; errors: object; values: { message: string; foundWhere: string; handover: string } }>(result);
    expect(draft).toMatchObject({ alert: null, errors: {}, values: { message: "Found your keys", foundWhere: "Gate 2", handover: "police" } });
    expect(cookiesFrom(result)).toContain("tb_lang=");
    expect(await storedFor(owner.id)).toEqual(before);
  });
});
