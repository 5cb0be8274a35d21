// Issue 47's crash loop (decision 042): a push whose send takes the server down (there, an answer
// of 400 MB read whole; here, a SIGKILL the moment the push service sees the request) used to be
// sent again at once on every start, and take it down again. The real built server (node
// server.js, demo mode) is started up to five times on one database; each time the push reaches
// the endpoint, the test kills it. Since a try is counted before its send and a row whose sends
// were cut off INTERRUPTIONS_TO_PARK times is parked as failed, the kills stop there and the next
// start serves, the row failed with the reason, another owner's push still delivered.
import type { ChildProcess } from "node:child_process";
import { and, eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { outbox, profiles, pushSubscriptions, tagbackTokens, users, vapidKeys } from "../../db/schema";
import { INTERRUPTIONS_TO_PARK } from "~/core/outbox-rules";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { startHostilePushService, type HostilePushService } from "../support/hostile-push-service";
import { startPushService, type PushService } from "../support/push-service";
import { spawnServer, startServer, stopServer, waitForExit, type ServerProcess } from "./helpers";

const SECRET = "push-kill-test-secret-0123456789abcdef";
const STARTS = 5;
let dir: string;
let file: string;
let server: ServerProcess | undefined;
let db: Db;
let push: PushService;
let deadly: HostilePushService;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-push-kill-"));
  file = path.join(dir, "push.db");
  process.env.SESSION_SECRET = SECRET;
  // The server makes and migrates the file; this process seeds it and seals form tickets with the same secret.
  server = await start();
  db = openDatabase(file).db;
  push = await startPushService({ vapidPublicKey: () => db.select().from(vapidKeys).get()!.publicKey });
  deadly = await startHostilePushService("silent");
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await push?.close();
  await deadly?.close();
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const serverEnv = () => ({ DATABASE_PATH: file, SESSION_SECRET: SECRET, TRUST_PROXY: "fly" });

function start() {
  return startServer(serverEnv());
}

type Owner = { id: string; token: string };

function seedOwner(n: number, endpoint: (keys: { endpoint: string }) => string): Owner {
  const id = crypto.randomUUID();
  const token = `7500000${String(n).padStart(5, "0")}`;
  const device = push.subscribe();
  db.insert(users).values({ id, email: `kill-owner-${n}@example.test`, emailConfirmedAt: new Date() }).run();
  db.insert(profiles).values({ id, firstName: `Owner ${n}`, contactChannels: "push" }).run();
  db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: id, isClaimed: true, isVerified: true }).run();
  db.insert(pushSubscriptions).values({ userId: id, endpoint: endpoint(device), p256dh: device.p256dh, auth: device.auth, deviceLabel: "Chrome on Android" }).run();
  return { id, token };
}

async function finderWrites(to: ServerProcess, owner: Owner, clientIp: string) {
  const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: owner.token, visitId: null }, Date.now() - 10_000);
  const response = await fetch(`${to.url}/contact-owner?type=tagbacktoken&number=${owner.token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: to.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": clientIp },
    body: new URLSearchParams({ ticket, message: "Found your bag", handover: "keep", website: "" }),
  });
  expect(response.status).toBe(303);
}

async function killed(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode === null && child.signalCode === null) await waitForExit(child);
  return child.signalCode;
}

test(`a push that takes the server down each time it is sent is parked after ${INTERRUPTIONS_TO_PARK} deaths, and the server serves`, { timeout: 180_000 }, async () => {
  const victim = seedOwner(1, () => `${deadly.origin}/push/deadly`);
  const bystander = seedOwner(2, (device) => device.endpoint);
  // The owner's push (the owners chose "push only": a push that fails for good brings its mail after it).
  const rowOf = (owner: Owner) => db.select().from(outbox).where(and(eq(outbox.userId, owner.id), eq(outbox.channel, "push"))).get();
  const mailsOf = (owner: Owner) => db.select().from(outbox).where(and(eq(outbox.userId, owner.id), eq(outbox.channel, "email"))).all();

  // The moment the push reaches the endpoint, the server dies, as it did reading 400 MB (set up
  // once: a restarted server sends it before it answers its first health check).
  deadly.onRequest(() => server?.child.kill("SIGKILL"));
  let kills = 0;
  let starts = 0;
  for (; starts < STARTS; starts++) {
    // Not waited for: it may send the push, and die, before it would answer.
    const running = starts === 0 ? server! : await spawnServer(serverEnv());
    server = running;
    if (starts === 0) await finderWrites(running, victim, "198.51.100.20");
    // Either it is sent (and the server killed), or the start parked it.
    while (rowOf(victim)?.state !== "failed" && running.child.exitCode === null && running.child.signalCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (rowOf(victim)?.state === "failed") break;
    expect(await killed(running.child)).toBe("SIGKILL");
    server = undefined;
    kills += 1;
    // The try was counted before the send: the row says a try began and never ended.
    expect(rowOf(victim)).toMatchObject({ state: "pending", attempts: kills, tryingSince: expect.any(Number) });
  }
  expect(kills).toBe(INTERRUPTIONS_TO_PARK);
  expect(starts).toBe(INTERRUPTIONS_TO_PARK);
  expect(deadly.arrivals).toHaveLength(INTERRUPTIONS_TO_PARK);
  expect(rowOf(victim)).toMatchObject({
    state: "failed",
    payload: null,
    tryingSince: null,
    interruptions: INTERRUPTIONS_TO_PARK,
    lastError: `parked: sending it stopped the server ${INTERRUPTIONS_TO_PARK} times`,
  });
  // Its log line says why; read from the pipe, it may come after the row was seen parked.
  await expect.poll(() => server!.stderr()).toContain(`parked: sending it stopped the server ${INTERRUPTIONS_TO_PARK} times; it is not sent again.`);
  // The victim's only device cannot take it: the alert goes by e-mail instead (written to the log in demo mode).
  await expect.poll(() => mailsOf(victim).map((row) => [row.kind, row.state])).toEqual([["contact", "delivered"]]);

  // The start that parked it serves: the health check, and another owner's push.
  await expect.poll(() => fetch(`${server!.url}/healthcheck`).then((response) => response.status, () => 0), { timeout: 30_000, interval: 100 }).toBe(200);
  await finderWrites(server!, bystander, "198.51.100.21");
  await push.waitFor(1);
  expect(push.received.map((r) => r.problem)).toEqual([null]);
  await expect.poll(() => rowOf(bystander)?.state).toBe("delivered");

  // Killed once more, as a deploy or a crash elsewhere would, and started a fifth time: it stays parked.
  await stopServer(server);
  server = await start();
  expect(starts + 2).toBe(STARTS);
  expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
  expect(rowOf(victim)).toMatchObject({ state: "failed", interruptions: INTERRUPTIONS_TO_PARK });
  expect(deadly.arrivals).toHaveLength(INTERRUPTIONS_TO_PARK);
});
