// Kills between the store and the send (decision 032): the real built server (node server.js) with
// a real SMTP server on loopback. With the failpoint TAGBACK_FAILPOINT=outbox-before-send the
// server SIGKILLs itself just before it hands a stored alert to SMTP; started again, it delivers
// the alert. Then ten SIGKILLs in the middle of bursts of "I found this": every form the server
// answered with its 303 has its owner's mail once the server runs again — none lost, at most one
// duplicate per send a kill cut short. Owners get a form each, so a mail to the wrong owner shows.
import type { ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { outbox, profiles, tagbackTokens, users } from "../../db/schema";
import { MAIL_CONCURRENCY } from "~/core/outbox-rules";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { mailsIn } from "../support/mail-files";
import { startSmtp, type SmtpProcess } from "../support/smtp-process";
import { startServer, stopServer, waitForExit, type ServerProcess } from "./helpers";

const SECRET = "outbox-kill-test-secret-0123456789abcdef";
let dir: string;
let mailDir: string;
let file: string;
let smtp: SmtpProcess | undefined;
let smtpUrl: string;
let server: ServerProcess | undefined;
let db: Db;

type Owner = { id: string; email: string; token: string };
let tokenCounter = 0;

async function seedOwner(): Promise<Owner> {
  const id = crypto.randomUUID();
  tokenCounter += 1;
  const email = `owner-${tokenCounter}-${id.slice(0, 6)}@example.test`;
  const token = `7200000${String(tokenCounter).padStart(5, "0")}`;
  await db.insert(users).values({ id, email, emailConfirmedAt: new Date() }).run();
  await db.insert(profiles).values({ id, firstName: `Owner ${tokenCounter}` }).run();
  await db.insert(tagbackTokens).values({ token, passwordHash: "x", userId: id, isClaimed: true, isVerified: true }).run();
  return { id, email, token };
}

function start(env: Record<string, string> = {}) {
  return startServer({ DATABASE_PATH: file, SESSION_SECRET: SECRET, SMTP_URL: smtpUrl, TRUST_PROXY: "fly", ...env });
}

/** Posts "I found this" as a browser without JavaScript does, from its own client address. */
function finderWrites(to: ServerProcess, owner: Owner, clientIp: string) {
  const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: owner.token, visitId: null }, Date.now() - 10_000);
  return fetch(`${to.url}/contact-owner?type=tagbacktoken&number=${owner.token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: to.url, "Content-Type": "application/x-www-form-urlencoded", "Fly-Client-IP": clientIp },
    body: new URLSearchParams({ ticket, message: `Found the keys of ${owner.token}`, handover: "keep", website: "" }),
  });
}

async function killed(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode === null && child.signalCode === null) await waitForExit(child);
  return child.signalCode;
}

/** Waits until every owner has at least one mail, or fails naming those without. */
async function untilEachHasMail(owners: Owner[], timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const missing = owners.filter((owner) => mailsIn(mailDir, owner.email).length === 0);
    if (missing.length === 0) return;
    if (Date.now() > deadline) {
      const rows = missing.map((owner) => db.select({ state: outbox.state, attempts: outbox.attempts, lastError: outbox.lastError, dueAt: outbox.dueAt }).from(outbox).where(eq(outbox.userId, owner.id)).all());
      throw new Error(`no mail for ${missing.map((owner) => owner.email).join(", ")}: ${JSON.stringify(rows)} now ${Date.now()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-outbox-kill-"));
  mailDir = path.join(dir, "mail");
  file = path.join(dir, "outbox.db");
  smtp = await startSmtp({ mailDir });
  smtpUrl = smtp.url;
  // The server makes and migrates the file; this process seeds it and seals form tickets with the same secret.
  server = await start();
  await stopServer(server);
  server = undefined;
  process.env.SESSION_SECRET = SECRET;
  db = openDatabase(file).db;
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  await smtp?.stop();
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("SIGKILL after the message is stored and before its alert is sent: the alert goes out after the restart", { timeout: 90_000 }, async () => {
  const owner = await seedOwner();
  const bystander = await seedOwner();
  const failing = await start({ TAGBACK_FAILPOINT: "outbox-before-send" });
  server = failing;
  const response = await finderWrites(failing, owner, "198.51.100.7");
  // The finder was told it was sent: the message and its alert were stored together.
  expect(response.status).toBe(303);
  expect(await killed(failing.child)).toBe("SIGKILL");
  expect(mailsIn(mailDir, owner.email)).toEqual([]);
  expect(db.select({ state: outbox.state, kind: outbox.kind }).from(outbox).where(eq(outbox.userId, owner.id)).all()).toEqual([{ state: "pending", kind: "contact" }]);

  server = await start();
  await untilEachHasMail([owner]);
  const mails = mailsIn(mailDir, owner.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toContain(`Found the keys of ${owner.token}`);
  expect(mailsIn(mailDir, bystander.email)).toEqual([]);
  await stopServer(server);
  server = undefined;
});

test("ten SIGKILLs in the middle of bursts of finders' messages lose no alert", { timeout: 240_000 }, async () => {
  const KILLS = 10;
  const BURST = 4;
  const answered: { owner: Owner; round: number }[] = [];
  const bystander = await seedOwner();
  let client = 0;
  for (let round = 0; round < KILLS; round++) {
    const owners = [];
    for (let i = 0; i < BURST; i++) owners.push(await seedOwner());
    const running = await start();
    server = running;
    const posts = owners.map((owner) =>
      finderWrites(running, owner, `198.51.100.${(client += 1) % 250}`).then(
        (response) => ({ owner, status: response.status }),
        () => ({ owner, status: 0 }),
      ),
    );
    // Killed once the first finder has their answer: the others are in flight, stored or not, and
    // the delivery loop is sending.
    await Promise.race(posts);
    running.child.kill("SIGKILL");
    expect(await killed(running.child)).toBe("SIGKILL");
    server = undefined;
    for (const { owner, status } of await Promise.all(posts)) if (status === 303) answered.push({ owner, round });
  }
  expect(answered.length).toBeGreaterThanOrEqual(KILLS);

  server = await start();
  await untilEachHasMail(answered.map(({ owner }) => owner));
  // Sent, then killed before it was marked: one copy more, with the same Message-ID. An alert still
  // unmarked when the next server starts is sent again at once, and that send can be cut short by
  // the next kill too (a quiet .ci/run gave one owner 3 copies): so at most one copy more
  // for each kill it lived through, and in all at most one for each send a kill could cut short.
  let extra = 0;
  for (const { owner, round } of answered) {
    const mails = mailsIn(mailDir, owner.email);
    expect(mails.length, owner.email).toBeLessThanOrEqual(1 + (KILLS - round));
    const ids = new Set(mails.map((mail) => /^Message-ID: (.+)$/im.exec(mail)?.[1]?.trim()));
    expect(ids.size).toBe(1);
    extra += mails.length - 1;
  }
  expect(extra).toBeLessThanOrEqual(KILLS * MAIL_CONCURRENCY);
  expect(mailsIn(mailDir, bystander.email)).toEqual([]);
  await stopServer(server);
  server = undefined;
});
