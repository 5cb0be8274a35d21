// Web Push through the outbox (decision 035) against a push service on loopback that checks each
// request's VAPID signature and decrypts each payload with the device's private key
// (tests/support/push-service.ts). Owners subscribe through /settings' action as the page's script
// posts it; finders write through the contact route as a browser without JavaScript does; the
// delivery loop's passes run on a clock the test moves. Several owners with devices are seeded, so
// a push to the wrong one shows.
import { and, eq } from "drizzle-orm";
import { register } from "prom-client";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { outbox, products, profiles, pushSubscriptions, tagbackTokens } from "../../db/schema";
import { deliverDue, ownerNotified, recoverInterrupted, watchOutbox } from "~/core/outbox.server";
import { INTERRUPTIONS_TO_PARK, RETRY_FIRST_MS } from "~/core/outbox-rules";
import { vapidKeysOf } from "~/core/push.server";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { maybeQueueScanAlert, queueFinderReplyAlert } from "~/features/finder-contact/alerts.server";
import { markRead, sendMessage, startConversation } from "~/features/messaging/conversations.server";
import { createFinderThread } from "~/features/finder-contact/threads.server";
import { LIVE_GRACE_MS } from "~/features/push/rules";
import * as contactRoute from "~/routes/contact-owner/route";
import * as settingsRoute from "~/routes/_app.settings/route";
import { callRoute, createOwner, dataOf, get, post } from "../support/routes";
import { startPushService, type Device, type PushService } from "../support/push-service";
import { testDb } from "../support/test-db";

const db = testDb();
let push: PushService;

beforeAll(async () => {
  watchOutbox(db);
  push = await startPushService({ vapidPublicKey: () => vapidKeysOf(db)!.publicKey });
});

afterAll(async () => {
  await push.close();
});

type Owner = { id: string; email: string; token: string };
let tokenCounter = 0;

async function ownerWithLaptop(): Promise<Owner> {
  const owner = await createOwner();
  tokenCounter += 1;
  const token = `72${String(Date.now() % 1e5).padStart(5, "0")}${String(tokenCounter).padStart(5, "0")}`;
  await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: true }).run();
  await db.insert(products).values({ userId: owner.id, name: "Laptop", token }).run();
  return { ...owner, token };
}

const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** "Notify me on this device", as the settings page's script posts the browser's subscription. */
async function subscribe(owner: Owner): Promise<Device> {
  const device = push.subscribe();
  const request = post("/settings", { intent: "push-subscribe", endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth });
  request.headers.set("User-Agent", ANDROID);
  const result = await callRoute(settingsRoute.action, request, { user: owner });
  expect(result).toBeInstanceOf(Response);
  expect((result as Response).status).toBe(302);
  return device;
}

async function choose(owner: Owner, fields: Record<string, string>) {
  const result = await callRoute(settingsRoute.action, post("/settings", fields), { user: owner });
  expect((result as Response).status).toBe(302);
}

let finderCount = 0;
/** "I found this" posted as a browser without JavaScript does; returns the conversation's id. */
async function finderWrites(owner: Owner, text: string, fields: Record<string, string> = {}): Promise<string> {
  finderCount += 1;
  const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: owner.token, visitId: null }, Date.now() - 10_000);
  const result = await callRoute(
    contactRoute.action,
    post(`/contact-owner?type=tagbacktoken&number=${owner.token}`, { ticket, message: text, handover: "keep", website: "", ...fields }),
    { clientIp: `198.51.100.${finderCount}` },
  );
  expect(result).toBeInstanceOf(Response);
  const row = db.select({ conversationId: outbox.conversationId }).from(outbox).where(and(eq(outbox.userId, owner.id), eq(outbox.kind, "contact"))).all().at(-1);
  return row!.conversationId!;
}

async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metrics = await register.getMetricsAsJSON();
  const values = metrics.find((m) => m.name === name)?.values ?? [];
  const value = values.find((v) => Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l));
  return Number(value?.value ?? 0);
}

const rowsFor = (owner: Owner, channel: "email" | "push") =>
  db.select().from(outbox).where(and(eq(outbox.userId, owner.id), eq(outbox.channel, channel), eq(outbox.kind, "contact"))).all();

describe("push notifications", () => {
  test("two owners with devices: each push reaches only its owner's devices, signed and decryptable", async () => {
    const [asha, bilal] = [await ownerWithLaptop(), await ownerWithLaptop()];
    const ashaPhone = await subscribe(asha);
    const ashaLaptop = await subscribe(asha);
    const bilalPhone = await subscribe(bilal);
    const before = push.received.length;

    const ashaConversation = await finderWrites(asha, "Found your laptop near gate 2");
    const bilalConversation = await finderWrites(bilal, "Your laptop is with me");
    await deliverDue(db);
    await push.waitFor(before + 3);

    for (const [device, conversation] of [[ashaPhone, ashaConversation], [ashaLaptop, ashaConversation], [bilalPhone, bilalConversation]] as const) {
      const got = push.to(device);
      expect(got, "one push per device").toHaveLength(1);
      expect(got[0]).toMatchObject({ status: 201, problem: null, urgency: "high", ttl: "86400" });
      expect(got[0]!.notice).toEqual({ title: "Someone found your Laptop", body: "Tap to answer.", url: `/messaging/${conversation}`, tag: `contact:${conversation}` });
    }
    // Both channels while the owner has not chosen: the e-mail went out too.
    for (const owner of [asha, bilal]) expect(rowsFor(owner, "email").map((row) => row.state)).toEqual(["delivered"]);
    expect(rowsFor(asha, "push").map((row) => row.state)).toEqual(["delivered", "delivered"]);
    // The device list says when each was last notified.
    const devices = db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, asha.id)).all();
    expect(devices.map((device) => [device.deviceLabel, device.lastDeliveredAt !== null])).toEqual([
      ["Chrome on Android", true],
      ["Chrome on Android", true],
    ]);
  });

  test("a device the push service says is gone (410) is removed, and the e-mail still goes out when the owner chose both", async () => {
    const chitra = await ownerWithLaptop();
    const phone = await subscribe(chitra);
    await choose(chitra, { intent: "push-channels", contact: "both", scan: "email" });
    push.answer(phone, 410);
    const gone = await metric("tagback_outbox_deliveries_total", { channel: "push", outcome: "gone" });

    await finderWrites(chitra, "I have your laptop");
    await deliverDue(db);

    expect(push.to(phone).map((r) => r.status)).toEqual([410]);
    expect(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, chitra.id)).all()).toEqual([]);
    const [pushRow] = rowsFor(chitra, "push");
    expect(pushRow).toMatchObject({ state: "failed", payload: null });
    expect(pushRow!.lastError).toMatch(/410/);
    expect(rowsFor(chitra, "email").map((row) => row.state)).toEqual(["delivered"]);
    expect(await metric("tagback_outbox_deliveries_total", { channel: "push", outcome: "gone" })).toBe(gone + 1);

    // With no device left, "push only" falls back to e-mail: an alert is never owed to nowhere.
    await choose(chitra, { intent: "push-channels", contact: "push", scan: "push" });
    await finderWrites(chitra, "Second finder here");
    expect(rowsFor(chitra, "email")).toHaveLength(2);
    expect(rowsFor(chitra, "push")).toHaveLength(1);
  });

  test("push only, and the only device is gone when the push is sent: the same alert goes by e-mail, once, and the finder's page says the owner was told", async () => {
    const [nila, omar] = [await ownerWithLaptop(), await ownerWithLaptop()];
    const nilaPhone = await subscribe(nila);
    const omarPhone = await subscribe(omar);
    for (const owner of [nila, omar]) await choose(owner, { intent: "push-channels", contact: "push", scan: "push" });
    push.answer(nilaPhone, 410);

    const conversation = await finderWrites(nila, "Your laptop is at the ticket counter");
    const omarConversation = await finderWrites(omar, "Found your laptop in the cab");
    expect(rowsFor(nila, "email")).toEqual([]);
    await deliverDue(db);

    expect(push.to(nilaPhone).map((r) => r.status)).toEqual([410]);
    expect(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, nila.id)).all()).toEqual([]);
    // The push failed for good and no device was left: the alert's own mail, queued and sent in the same pass.
    await deliverDue(db);
    const mails = rowsFor(nila, "email");
    expect(mails.map((row) => [row.key, row.state])).toEqual([[`contact:${conversation}:0`, "delivered"]]);
    expect(ownerNotified(db, conversation)).toMatchObject({ state: "notified" });
    // The other owner's device took theirs: no mail for them.
    expect(push.to(omarPhone).map((r) => r.status)).toEqual([201]);
    expect(rowsFor(omar, "email")).toEqual([]);
    expect(ownerNotified(db, omarConversation)).toMatchObject({ state: "notified" });
  });

  test("push only with two devices: one gone and one that takes the push is no e-mail; both gone is one e-mail", async () => {
    const [pooja, qadir] = [await ownerWithLaptop(), await ownerWithLaptop()];
    const [poojaOld, poojaNew] = [await subscribe(pooja), await subscribe(pooja)];
    const [qadirOne, qadirTwo] = [await subscribe(qadir), await subscribe(qadir)];
    for (const owner of [pooja, qadir]) await choose(owner, { intent: "push-channels", contact: "push", scan: "push" });
    push.answer(poojaOld, 410);
    push.answer(qadirOne, 404);
    push.answer(qadirTwo, 410);

    await finderWrites(pooja, "Laptop found near platform 3");
    const qadirConversation = await finderWrites(qadir, "I picked up your laptop");
    await deliverDue(db);
    await deliverDue(db);

    expect(push.to(poojaNew).map((r) => r.status)).toEqual([201]);
    expect(rowsFor(pooja, "email")).toEqual([]);
    expect(rowsFor(qadir, "push").map((row) => row.state)).toEqual(["failed", "failed"]);
    expect(rowsFor(qadir, "email").map((row) => [row.key, row.state])).toEqual([[`contact:${qadirConversation}:0`, "delivered"]]);
  });

  test("a push-only scan alert whose device is gone goes by e-mail; a parked push of a push-only alert too", async () => {
    const riya = await ownerWithLaptop();
    const phone = await subscribe(riya);
    await db.update(profiles).set({ scanAlerts: true }).where(eq(profiles.id, riya.id)).run();
    await choose(riya, { intent: "push-channels", contact: "push", scan: "push" });
    push.answer(phone, 410);
    const historyId = crypto.randomUUID();
    expect(await maybeQueueScanAlert(db, { ownerId: riya.id, historyId, clientKey: "192.0.2.77", query: { type: "tagbacktoken", number: riya.token }, city: null, at: new Date() })).toBe(true);
    await deliverDue(db);
    await deliverDue(db);
    const scanMails = db.select().from(outbox).where(and(eq(outbox.userId, riya.id), eq(outbox.kind, "scan"), eq(outbox.channel, "email"))).all();
    expect(scanMails.map((row) => [row.key, row.state])).toEqual([[`scan:${historyId}`, "delivered"]]);

    // A push whose sends stopped the server: parked at the start, and its alert's mail queued.
    const sam = await ownerWithLaptop();
    await subscribe(sam);
    await choose(sam, { intent: "push-channels", contact: "push", scan: "push" });
    const conversation = await finderWrites(sam, "Your laptop is safe with me");
    db.update(outbox).set({ tryingSince: Date.now(), interruptions: INTERRUPTIONS_TO_PARK - 1 }).where(and(eq(outbox.userId, sam.id), eq(outbox.channel, "push"))).run();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(recoverInterrupted(db)).toBe(1);
    expect(logged).toHaveBeenCalledWith(expect.stringMatching(/parked: sending it stopped the server 3 times/));
    expect(rowsFor(sam, "push").map((row) => row.state)).toEqual(["failed"]);
    expect(rowsFor(sam, "email").map((row) => [row.key, row.state])).toEqual([[`contact:${conversation}:0`, "pending"]]);
  });

  test("push only: no e-mail is queued while a device gets the push", async () => {
    const dev = await ownerWithLaptop();
    const phone = await subscribe(dev);
    await choose(dev, { intent: "push-channels", contact: "push", scan: "email" });
    await finderWrites(dev, "Found it on the metro");
    await deliverDue(db);
    expect(push.to(phone).map((r) => r.status)).toEqual([201]);
    expect(rowsFor(dev, "email")).toEqual([]);
  });

  test("no finder's words in a push unless the owner turned previews on", async () => {
    const esha = await ownerWithLaptop();
    const phone = await subscribe(esha);
    const secret = `Call me on 98${String(Date.now()).slice(-8)} at Rajiv Chowk`;
    // The finder shared where they are too (issue 49): a lock screen shows that only with previews on.
    const where = { latitude: "28.632853", longitude: "77.219721", accuracy: "12" };
    await finderWrites(esha, secret, where);
    await deliverDue(db);
    const [hidden] = push.to(phone);
    expect(hidden!.problem).toBeNull();
    expect(hidden!.plaintext).not.toContain("Rajiv");
    expect(hidden!.plaintext).not.toContain(secret.slice(11, 21));
    expect(hidden!.plaintext).not.toMatch(/28\.63|openstreetmap/);

    await choose(esha, { intent: "push-previews", value: "on" });
    await finderWrites(esha, secret, where);
    await deliverDue(db);
    const shown = push.to(phone)[1]!;
    expect(shown.notice).toMatchObject({
      title: "Someone found your Laptop",
      body: `${secret}\nLocation: https://www.openstreetmap.org/?mlat=28.633&mlon=77.2195#map=17/28.633/77.2195`,
    });
  });

  test("a push service that says 429 is tried again after the backoff, and delivers once", async () => {
    const farah = await ownerWithLaptop();
    const phone = await subscribe(farah);
    push.answer(phone, 429, 503);
    await finderWrites(farah, "Found your laptop");
    const start = Date.now();
    let clock = start;
    await deliverDue(db, { now: () => clock });
    const [row] = rowsFor(farah, "push");
    expect(row).toMatchObject({ state: "pending", attempts: 1, dueAt: clock + RETRY_FIRST_MS });
    expect(row!.lastError).toMatch(/429/);

    // Not before it is due; then a 503, tried again; then delivered.
    await deliverDue(db, { now: () => clock + RETRY_FIRST_MS - 1 });
    expect(push.to(phone)).toHaveLength(1);
    clock += RETRY_FIRST_MS;
    await deliverDue(db, { now: () => clock });
    clock += 2 * RETRY_FIRST_MS;
    await deliverDue(db, { now: () => clock });
    expect(push.to(phone).map((r) => r.status)).toEqual([429, 503, 201]);
    expect(rowsFor(farah, "push")[0]).toMatchObject({ state: "delivered", attempts: 3 });
    // Every try was signed and decryptable, the refused ones too.
    expect(push.to(phone).every((r) => r.problem === null && r.notice?.title === "Someone found your Laptop")).toBe(true);
  });

  test("a scan alert by push: what happened, not where, unless previews are on; the e-mail only when chosen", async () => {
    const jaya = await ownerWithLaptop();
    const phone = await subscribe(jaya);
    await db.update(profiles).set({ scanAlerts: true }).where(eq(profiles.id, jaya.id)).run();
    await choose(jaya, { intent: "push-channels", contact: "both", scan: "push" });
    const scan = (historyId: string, at: number) =>
      maybeQueueScanAlert(db, { ownerId: jaya.id, historyId, clientKey: `192.0.2.${historyId.length}`, query: { type: "tagbacktoken", number: jaya.token }, city: "Pune", at: new Date(at) }, at);

    expect(await scan(crypto.randomUUID(), Date.now())).toBe(true);
    await deliverDue(db);
    const [first] = push.to(phone);
    expect(first).toMatchObject({ problem: null, urgency: "normal", ttl: "3600" });
    expect(first!.notice).toMatchObject({ title: expect.stringMatching(/^Your Token \d{4}-\d{4}-\d{4} was just scanned$/), url: "/profile" });
    expect(first!.plaintext).not.toContain("Pune");
    expect(db.select().from(outbox).where(and(eq(outbox.userId, jaya.id), eq(outbox.kind, "scan"), eq(outbox.channel, "email"))).all()).toEqual([]);

    // An hour later, with previews on: the place is shown.
    await choose(jaya, { intent: "push-previews", value: "on" });
    const later = Date.now() + 61 * 60_000;
    expect(await scan(`${crypto.randomUUID()}-later`, later)).toBe(true);
    await deliverDue(db, { now: () => later });
    expect(push.to(phone)[1]!.notice!.body).toBe("Approximate place: Pune");
  });

  test("a new message in a conversation: pushed to the other owner after the grace, not if they read it live, not when turned off", async () => {
    const [kiran, leela] = [await ownerWithLaptop(), await ownerWithLaptop()];
    const kiranPhone = await subscribe(kiran);
    const leelaPhone = await subscribe(leela);
    const started = await startConversation(db, kiran.id, leela.id);
    if (!started.ok) throw new Error("conversation not started");
    const conversationId = started.conversationId;
    const send = async (from: Owner, content: string) => {
      const sent = await sendMessage(db, { conversationId, senderId: from.id, content });
      if (!sent.ok) throw new Error("not sent");
      return sent.message;
    };

    // Leela is not reading: after the grace, her phone gets it (not what was written); Kiran's gets nothing.
    const first = await send(kiran, "Are you at the station?");
    const sentAt = Date.now();
    await deliverDue(db, { now: () => sentAt + LIVE_GRACE_MS - 500 });
    expect(push.to(leelaPhone)).toEqual([]);
    await deliverDue(db, { now: () => sentAt + LIVE_GRACE_MS + 1_000 });
    expect(push.to(leelaPhone).map((r) => r.notice)).toEqual([{ title: "New message on Tagback", body: "Tap to read it.", url: `/messaging/${conversationId}`, tag: `message:${conversationId}` }]);
    expect(push.to(leelaPhone)[0]).toMatchObject({ problem: null, urgency: "normal" });
    expect(push.to(kiranPhone)).toEqual([]);
    expect(first.content).toBe("Are you at the station?");

    // Leela has the conversation open: the page marks it read as the message arrives. No push.
    const read = await metric("tagback_outbox_deliveries_total", { channel: "push", outcome: "read" });
    await send(kiran, "I am at gate 2");
    await markRead(db, leela.id, conversationId);
    await deliverDue(db, { now: () => Date.now() + LIVE_GRACE_MS + 1_000 });
    expect(push.to(leelaPhone)).toHaveLength(1);
    expect(await metric("tagback_outbox_deliveries_total", { channel: "push", outcome: "read" })).toBe(read + 1);

    // Turned off: nothing is queued.
    await choose(leela, { intent: "push-channels", contact: "both", scan: "both", message: "off" });
    await send(kiran, "Hello?");
    expect(db.select().from(outbox).where(and(eq(outbox.userId, leela.id), eq(outbox.kind, "message"))).all()).toHaveLength(2);
  });

  test("a finder's later reply is pushed as urgently as their first message", async () => {
    const mohan = await ownerWithLaptop();
    const phone = await subscribe(mohan);
    const thread = createFinderThread(db, {
      ownerId: mohan.id,
      item: { type: "tagbacktoken", number: mohan.token },
      visitId: null,
      form: { message: "Found your laptop", contact: null, contactKind: null, foundWhere: null, handover: "keep", place: null },
    });
    // As the private page sends it: the owner's reply mail in the same transaction (f.$secret/route.tsx).
    const reply = (content: string) =>
      sendMessage(db, { conversationId: thread.conversationId, senderId: thread.finderUserId, content }, (tx, message) =>
        queueFinderReplyAlert(tx, { ownerId: mohan.id, conversationId: thread.conversationId, messageId: message.id, item: { type: "tagback_token", value: mohan.token }, content }),
      );
    const replyMails = () => db.select().from(outbox).where(and(eq(outbox.userId, mohan.id), eq(outbox.channel, "email"))).all().filter((row) => row.key.startsWith("reply:"));
    expect((await reply("Still waiting at the gate")).ok).toBe(true);
    await deliverDue(db, { now: () => Date.now() + LIVE_GRACE_MS + 1_000 });
    const got = push.to(phone);
    // (The thread is made directly here, without the first message's alert: only the reply is pushed.)
    expect(got.map((r) => [r.notice?.title, r.urgency, r.notice?.url])).toEqual([["The finder wrote to you again", "high", `/messaging/${thread.conversationId}`]]);
    expect(got[0]!.plaintext).not.toContain("gate");
    // Both channels (not chosen, a device on): the reply mail too.
    expect(replyMails()).toHaveLength(1);

    // Push only for a finder's messages: the next reply (past the mail's quarter hour) is pushed, not mailed.
    await choose(mohan, { intent: "push-channels", contact: "push", scan: "email" });
    await db.update(outbox).set({ createdAt: Date.now() - 60 * 60_000 }).where(eq(outbox.userId, mohan.id)).run();
    expect((await reply("Call me back")).ok).toBe(true);
    await deliverDue(db, { now: () => Date.now() + LIVE_GRACE_MS + 1_000 });
    expect(push.to(phone)).toHaveLength(2);
    expect(replyMails()).toHaveLength(1);
  });

  test("devices are listed on /settings and removable; another owner cannot remove them", async () => {
    const [gita, hari] = [await ownerWithLaptop(), await ownerWithLaptop()];
    await subscribe(gita);
    const loaded = dataOf<{ push: { devices: { id: string; label: string }[]; channels: Record<string, string>; publicKey: string } }>(
      await callRoute(settingsRoute.loader, get("/settings"), { user: gita }),
    );
    expect(loaded.push.devices.map((device) => device.label)).toEqual(["Chrome on Android"]);
    expect(loaded.push.channels).toEqual({ contact: "both", scan: "both" });
    expect(loaded.push.publicKey).toBe(vapidKeysOf(db)!.publicKey);
    expect(JSON.stringify(loaded)).not.toContain(push.origin);

    const device = loaded.push.devices[0]!.id;
    await choose(hari, { intent: "push-remove", device });
    expect(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, gita.id)).all()).toHaveLength(1);
    await choose(gita, { intent: "push-remove", device });
    expect(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, gita.id)).all()).toEqual([]);
  });

  test("a subscription that is not a browser's is refused", async () => {
    const ivan = await ownerWithLaptop();
    const device = push.subscribe();
    for (const [fields, error] of [
      // Not a push service's endpoint (tests/integration/push-endpoints.test.ts has the whole list).
      [{ endpoint: "http://10.0.0.1/push/x", p256dh: device.p256dh, auth: device.auth }, "push.unknownPushService"],
      [{ endpoint: device.endpoint, p256dh: device.p256dh.slice(2), auth: device.auth }, "push.badSubscription"],
      [{ endpoint: device.endpoint, p256dh: device.p256dh, auth: "short" }, "push.badSubscription"],
    ] as const) {
      const result = await callRoute(settingsRoute.action, post("/settings", { intent: "push-subscribe", ...fields }), { user: ivan });
      expect(dataOf<{ pushError: string }>(result).pushError).toBe(error);
    }
    expect(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, ivan.id)).all()).toEqual([]);
    expect(db.select({ previews: profiles.pushPreviews }).from(profiles).where(eq(profiles.id, ivan.id)).get()).toEqual({ previews: false });
  });
});
