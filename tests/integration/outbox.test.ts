// The outbox (core/outbox.server.ts, decision 032) with a real SMTP server on loopback
// (tests/support/smtp-server.ts) that a test stops and starts again: a finder's "I found this" is
// stored with its mails in one transaction, and the mails survive an outage — pending, retried with
// backoff, delivered once when SMTP returns; given up after a day; never queued twice; bounded per
// account; swept a few days after they settle. The delivery passes run on a clock the test moves
// (deliverDue's `now`), so five minutes of outage take no five minutes. Several owners are seeded, so
// a mail to the wrong one shows.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { register } from "prom-client";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { outbox, profiles, tagbackTokens } from "../../db/schema";
import { RETENTIONS } from "../../server/retention";
import { getEnv } from "~/core/env.server";
import { deliverDue, queueMails, watchOutbox } from "~/core/outbox.server";
import { GIVE_UP_AFTER_MS, OUTBOX_KEEP_DAYS, PENDING_PER_ACCOUNT, RETRY_FIRST_MS } from "~/core/outbox-rules";
import { sweep } from "~/core/retention.server";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import * as contactRoute from "~/routes/contact-owner/route";
import * as threadRoute from "~/routes/f.$secret/route";
import { mailsIn } from "../support/mail-files";
import { startSmtp, type SmtpProcess } from "../support/smtp-process";
import { callRoute, createOwner, dataOf, get, post } from "../support/routes";
import { testDb } from "../support/test-db";
import { freePort } from "./helpers";

const db = testDb();
let smtpPort: number;
let mailDir: string;
let smtp: SmtpProcess | undefined;

/** The SMTP server on its one port, writing to its one folder: stopped and started again for an outage. */
async function startSmtpAgain() {
  smtp = await startSmtp({ port: smtpPort, mailDir });
}

async function stopSmtp() {
  await smtp?.stop();
  smtp = undefined;
}

beforeAll(async () => {
  smtpPort = await freePort();
  mailDir = path.join(process.env.TAGBACK_TEST_DIR!, "mail");
  // Mail goes over SMTP in this file (the environment is read on first use).
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  expect(getEnv().mailDelivery).toBe("smtp");
  watchOutbox(db);
  await startSmtpAgain();
}, 30_000);

afterAll(async () => {
  await stopSmtp();
});

type Owner = { id: string; email: string; token: string };
let tokenCounter = 0;

async function ownerWithToken(name: string): Promise<Owner> {
  const owner = await createOwner();
  tokenCounter += 1;
  const token = `71${String(Date.now() % 1e5).padStart(5, "0")}${String(tokenCounter).padStart(5, "0")}`;
  await db.update(profiles).set({ firstName: name }).where(eq(profiles.id, owner.id)).run();
  await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: true }).run();
  return { ...owner, token };
}

/** "I found this" posted as a browser without JavaScript does; returns the private link's secret. */
async function finderWrites(owner: Owner, finderEmail: string, clientIp: string): Promise<string> {
  const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: owner.token, visitId: null }, Date.now() - 10_000);
  const result = await callRoute(
    contactRoute.action,
    post(`/contact-owner?type=tagbacktoken&number=${owner.token}`, { ticket, message: `Found ${owner.token}`, handover: "keep", contact: finderEmail, website: "" }),
    { clientIp },
  );
  expect(result).toBeInstanceOf(Response);
  return /^\/f\/([\w-]+)\?sent=1$/.exec((result as Response).headers.get("Location")!)![1]!;
}

async function notifiedOnThreadPage(secret: string) {
  const result = await callRoute((args) => threadRoute.loader({ ...args, params: { secret } }), get(`/f/${secret}?sent=1`));
  return dataOf<{ ownerNotified: { state: string; time: string | null } | null }>(result).ownerNotified;
}

async function metric(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metrics = await register.getMetricsAsJSON();
  const values = metrics.find((m) => m.name === name)?.values ?? [];
  const value = values.find((v) => Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l));
  return Number(value?.value ?? 0);
}

const rowsOf = (key: string) => db.select().from(outbox).where(eq(outbox.key, key)).all();

describe("the outbox", () => {
  test("SMTP down for five minutes while three finders write: the mails wait, pending, and each arrives once when it returns", async () => {
    const owners = [await ownerWithToken("Asha"), await ownerWithToken("Bilal"), await ownerWithToken("Chitra")];
    const bystander = await ownerWithToken("Dev");
    const delivered = await metric("tagback_outbox_deliveries_total", { channel: "email", outcome: "delivered" });
    await stopSmtp();

    const secrets = [];
    for (const [i, owner] of owners.entries()) secrets.push(await finderWrites(owner, `finder-${i}-${owner.id.slice(0, 6)}@example.test`, `203.0.113.${40 + i}`));
    const start = Date.now();
    // Stored with the message, before any try: three owners' alerts and three finders' links.
    expect(await metric("tagback_outbox_pending", { lane: "mail" })).toBe(6);
    expect(await notifiedOnThreadPage(secrets[0]!)).toEqual({ state: "telling", time: null });

    // Tried at once, and again after the backoff, both while SMTP is down.
    let clock = start;
    await deliverDue(db, { now: () => clock });
    clock += RETRY_FIRST_MS;
    await deliverDue(db, { now: () => clock });
    clock += 2 * RETRY_FIRST_MS;
    await deliverDue(db, { now: () => clock });
    expect(await metric("tagback_outbox_pending", { lane: "mail" })).toBe(6);
    expect(await metric("tagback_outbox_oldest_pending_seconds", { lane: "mail" })).toBeGreaterThanOrEqual(0);
    expect(await metric("tagback_outbox_deliveries_total", { channel: "email", outcome: "retry" })).toBeGreaterThanOrEqual(18);
    const [waiting] = db.select().from(outbox).where(eq(outbox.userId, owners[0]!.id)).all();
    expect(waiting).toMatchObject({ state: "pending", attempts: 3, dueAt: clock + 4 * RETRY_FIRST_MS });
    expect(waiting!.lastError).toMatch(/ECONNREFUSED/);
    expect(await notifiedOnThreadPage(secrets[0]!)).toEqual({ state: "retrying", time: null });
    for (const owner of owners) expect(mailsIn(mailDir, owner.email)).toEqual([]);

    // Five minutes down in all: one more try, still refused.
    clock += 4 * RETRY_FIRST_MS;
    await deliverDue(db, { now: () => clock });
    expect(await metric("tagback_outbox_pending", { lane: "mail" })).toBe(6);
    // SMTP is back; a pass before the next try is due sends nothing, the one after sends each once.
    await startSmtpAgain();
    await deliverDue(db, { now: () => clock + RETRY_FIRST_MS });
    expect(mailsIn(mailDir, owners[0]!.email)).toEqual([]);
    clock += 8 * RETRY_FIRST_MS;
    expect(clock - start).toBeGreaterThanOrEqual(5 * 60_000);
    await deliverDue(db, { now: () => clock });
    await deliverDue(db, { now: () => clock + 10 * RETRY_FIRST_MS });
    for (const [i, owner] of owners.entries()) {
      const mails = mailsIn(mailDir, owner.email);
      expect(mails, owner.email).toHaveLength(1);
      expect(mails[0]).toContain(`Found ${owner.token}`);
      expect(mailsIn(mailDir, `finder-${i}-${owner.id.slice(0, 6)}@example.test`)).toHaveLength(1);
    }
    expect(mailsIn(mailDir, bystander.email)).toEqual([]);
    expect(await metric("tagback_outbox_pending", { lane: "mail" })).toBe(0);
    expect(await metric("tagback_outbox_deliveries_total", { channel: "email", outcome: "delivered" })).toBe(delivered + 6);
    // Delivered rows keep no body.
    expect(db.select().from(outbox).where(eq(outbox.userId, owners[1]!.id)).all()).toEqual([
      expect.objectContaining({ state: "delivered", payload: null, settledAt: clock }),
    ]);
    // The finder's page now says when the owner was told, in their language's time.
    const notified = await notifiedOnThreadPage(secrets[0]!);
    expect(notified).toEqual({ state: "notified", time: expect.stringMatching(/^\d{1,2}:\d{2}/) });
  }, 60_000);

  test("the mail's Message-ID is the row's: a copy sent again after a kill folds into the first", async () => {
    const owner = await ownerWithToken("Esha");
    queueMails(db, [{ key: `test:again:${owner.id}`, kind: "account", userId: owner.id, to: owner.email, subject: "Twice", text: "Same mail" }]);
    const [row] = rowsOf(`test:again:${owner.id}`);
    await deliverDue(db);
    // As after a kill between the send and its mark: the row is still pending, with its body.
    db.update(outbox).set({ state: "pending", settledAt: null, payload: JSON.stringify({ to: owner.email, subject: "Twice", text: "Same mail" }) }).where(eq(outbox.id, row!.id)).run();
    await deliverDue(db);
    const mails = mailsIn(mailDir, owner.email);
    expect(mails).toHaveLength(2);
    const ids = mails.map((mail) => /^Message-ID: (.+)$/im.exec(mail)?.[1]?.trim());
    expect(ids[0]).toBe(`<${row!.id}@localhost>`);
    expect(ids[1]).toBe(ids[0]);
  });

  test("a sign-in code queued behind a burst of alerts is sent at once, in its own lane", async () => {
    const owners = [await ownerWithToken("Kavya"), await ownerWithToken("Lalit")];
    const queuedAt = Date.now();
    const burst = Array.from({ length: 12 }, (_, i) => ({ key: `test:burst:${owners[0]!.id}:${i}`, kind: "scan" as const, userId: owners[0]!.id, to: owners[0]!.email, subject: `Alert ${i}`, text: "Scanned" }));
    queueMails(db, burst, queuedAt - 1_000);
    queueMails(db, [{ key: `sign-in-code:test-${owners[1]!.id}`, kind: "account", urgent: true, to: owners[1]!.email, subject: "Your code", text: "123456" }], queuedAt);
    const code = rowsOf(`sign-in-code:test-${owners[1]!.id}`)[0]!;
    expect(code.lane).toBe("urgent");
    const started: string[] = [];
    await deliverDue(db, { beforeSend: (id) => started.push(id) });
    // Oldest first across one lane would have sent it thirteenth; its own lane starts it with the first.
    expect(started.indexOf(code.id)).toBeLessThanOrEqual(1);
    expect(mailsIn(mailDir, owners[1]!.email)).toHaveLength(1);
    expect(mailsIn(mailDir, owners[0]!.email)).toHaveLength(12);
  });

  test("an event queued twice is one mail; an account's pending mails are bounded", async () => {
    const owner = await ownerWithToken("Farah");
    const mail = { key: `test:once:${owner.id}`, kind: "scan" as const, userId: owner.id, to: owner.email, subject: "Once", text: "Once" };
    expect(queueMails(db, [mail])).toBe(1);
    expect(queueMails(db, [mail])).toBe(0);
    expect(rowsOf(mail.key)).toHaveLength(1);

    const other = await ownerWithToken("Gita");
    const many = Array.from({ length: PENDING_PER_ACCOUNT + 5 }, (_, i) => ({ ...mail, key: `test:bound:${other.id}:${i}`, userId: other.id, to: other.email }));
    const refusedBefore = await metric("tagback_outbox_refused_total");
    expect(db.transaction((tx) => queueMails(tx, many))).toBe(PENDING_PER_ACCOUNT);
    expect(await metric("tagback_outbox_refused_total")).toBe(refusedBefore + 5);
    // The bound is the account's own: Farah's next mail still queues.
    expect(queueMails(db, [{ ...mail, key: `test:once-more:${owner.id}` }])).toBe(1);
    db.delete(outbox).where(eq(outbox.userId, other.id)).run();
  });

  test("given up a day after the event, with the last error kept; swept days after it settles, pending never", async () => {
    const owner = await ownerWithToken("Hari");
    const queuedAt = Date.now();
    queueMails(db, [{ key: `test:give-up:${owner.id}`, kind: "scan", userId: owner.id, to: owner.email, subject: "Late", text: "Late" }], queuedAt);
    await stopSmtp();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      let clock = queuedAt;
      while (rowsOf(`test:give-up:${owner.id}`)[0]!.state === "pending") {
        clock = rowsOf(`test:give-up:${owner.id}`)[0]!.dueAt;
        await deliverDue(db, { now: () => clock });
        expect(clock - queuedAt).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
      }
      const [row] = rowsOf(`test:give-up:${owner.id}`);
      expect(row).toMatchObject({ state: "failed", payload: null, settledAt: clock });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
      expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Outbox: gave up on mail .+ after \d+ tries/));
    } finally {
      errors.mockRestore();
      await startSmtpAgain();
    }
    // A pending row of another owner stays through any sweep; the settled one goes after OUTBOX_KEEP_DAYS.
    const other = await ownerWithToken("Isha");
    queueMails(db, [{ key: `test:pending:${other.id}`, kind: "scan", userId: other.id, to: other.email, subject: "Wait", text: "Wait" }]);
    const settledAt = rowsOf(`test:give-up:${owner.id}`)[0]!.settledAt!;
    await sweep(db, RETENTIONS, { now: settledAt + OUTBOX_KEEP_DAYS * 86_400_000 - 1 });
    expect(rowsOf(`test:give-up:${owner.id}`)).toHaveLength(1);
    await sweep(db, RETENTIONS, { now: settledAt + OUTBOX_KEEP_DAYS * 86_400_000 + 1 });
    expect(rowsOf(`test:give-up:${owner.id}`)).toHaveLength(0);
    expect(rowsOf(`test:pending:${other.id}`)).toHaveLength(1);
  }, 30_000);
});

describe("no mail body in the log outside demo mode", () => {
  test("delivery over SMTP writes nothing of the mail to stdout", async () => {
    const owner = await ownerWithToken("Jaya");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      queueMails(db, [{ key: `test:quiet:${owner.id}`, kind: "scan", userId: owner.id, to: owner.email, subject: "Private subject", text: "Private body" }]);
      await deliverDue(db);
      expect(mailsIn(mailDir, owner.email)).toHaveLength(1);
      expect(log.mock.calls.flat().join("\n")).not.toMatch(/Private (subject|body)|\[mail\]/);
    } finally {
      log.mockRestore();
    }
    expect(fs.existsSync(mailDir)).toBe(true);
  });
});
