// The connect-time check as a deployed server runs it (decision 042): the real built server outside
// demo mode (an https APP_URL, the operator's VAPID keys, SMTP), with an owner whose devices were
// stored pointing inside (rows inserted directly, as the subscribe-time allowlist would refuse them
// now; devices stored before it are what this catches, and names whose DNS answer changes later).
// A finder writes; the pushes to 127.0.0.1, [::1] and "localhost" (resolved by the system, to
// loopback) are refused before any connection: the loopback push service sees nothing, the rows are
// given up at once with the reason, and the owner's e-mail still goes out.
import { and, eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import webpush from "web-push";
import { openDatabase, type Db } from "../../db/connection";
import { outbox, profiles, pushSubscriptions, tagbackTokens, users } from "../../db/schema";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { startPushService, type PushService } from "../support/push-service";
import { startSmtp, type SmtpProcess } from "../support/smtp-process";
import { startServer, stopServer, type ServerProcess } from "./helpers";

const SECRET = "push-connect-check-secret-0123456789abcdef";
const vapid = webpush.generateVAPIDKeys();
let dir: string;
let file: string;
let server: ServerProcess | undefined;
let db: Db;
let push: PushService;
let smtp: SmtpProcess;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-push-connect-"));
  file = path.join(dir, "push.db");
  process.env.SESSION_SECRET = SECRET;
  smtp = await startSmtp();
  push = await startPushService({ vapidPublicKey: () => vapid.publicKey });
  server = await startServer({
    APP_URL: "https://tagback.example",
    HOST: "127.0.0.1",
    DATABASE_PATH: file,
    SESSION_SECRET: SECRET,
    SMTP_URL: smtp.url,
    TRUST_PROXY: "fly",
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: "mailto:operator@tagback.example",
  });
  // Its "listening" line comes over a pipe, which may trail the health check's answer.
  for (const deadline = Date.now() + 10_000; !server.output().includes("(production)") && Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(server.output()).toContain("(production)");
  db = openDatabase(file).db;
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await push?.close();
  await smtp?.stop();
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("outside demo mode, pushes to loopback endpoints (an IP, [::1], a name resolving to loopback) are refused at connect time", { timeout: 60_000 }, async () => {
  const id = crypto.randomUUID();
  const email = "inside-owner@example.test";
  const token = "760000000001";
  db.insert(users).values({ id, email, emailConfirmedAt: new Date() }).run();
  db.insert(profiles).values({ id, firstName: "Owner", contactChannels: "both" }).run();
  db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: id, isClaimed: true, isVerified: true }).run();
  const port = new URL(push.origin).port;
  const endpoints = [`http://127.0.0.1:${port}`, `http://[::1]:${port}`, `http://localhost:${port}`].map((origin) => {
    const device = push.subscribe();
    db.insert(pushSubscriptions).values({ userId: id, endpoint: `${origin}/push/${device.id}`, p256dh: device.p256dh, auth: device.auth, deviceLabel: "Chrome on Android" }).run();
    return device;
  });

  const ticket = formTicket({ ownerId: id, type: "tagbacktoken", number: token, visitId: null }, Date.now() - 10_000);
  const response = await fetch(`${server!.url}/contact-owner?type=tagbacktoken&number=${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server!.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": "198.51.100.30" },
    body: new URLSearchParams({ ticket, message: "Found your keys", handover: "keep", website: "" }),
  });
  expect(response.status, await response.text()).toBe(303);

  const pushRows = () => db.select({ state: outbox.state, lastError: outbox.lastError, destination: outbox.destination }).from(outbox).where(and(eq(outbox.userId, id), eq(outbox.channel, "push"))).all();
  await expect.poll(() => pushRows().filter((row) => row.state === "failed").length, { timeout: 20_000 }).toBe(3);
  expect(pushRows().map((row) => row.lastError).sort()).toEqual([
    "refused to connect to 127.0.0.1: a loopback address",
    "refused to connect to ::1: a loopback address",
    expect.stringMatching(/^refused to connect to localhost \((127\.0\.0\.1|::1)\): a loopback address$/),
  ]);
  expect(push.received).toEqual([]);
  for (const device of endpoints) expect(push.to(device)).toEqual([]);
  // Given up at once, and the devices kept (a refusal is not the push service saying "gone").
  expect(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, id)).all()).toHaveLength(3);
  // The mail (both channels chosen) still reaches the owner.
  await smtp.nextMailTo(email, 0, 10_000);
});
