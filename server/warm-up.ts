// The warm-up: before the public port opens (so before Fly's health check can pass and send the
// first finder), the process asks itself for the pages a finder and an owner get, so that V8 has
// loaded, compiled and optimised what they run. A cold process answered its first scans at 12 ms
// of CPU each, ~6 ms up to the 250th: under a shared-cpu-1x's quota the first scan after a deploy
// took 1.5 s (issue 50, docs/performance.md "Wave 5 · 4", decision 049).
//
// Nothing it does stays. The pages are asked for over HTTP on a loopback port of its own, through
// the whole Express app, against the real database: each request in a transaction of its own
// (BEGIN IMMEDIATE … ROLLBACK) that first makes up an owner to show (a found sticker, one in lost
// mode, a product, a lost report, a session), so the visits, search-limit counts and alerts a request
// writes are undone with it, and the write lock is held one request at a time (another process — a
// second worker warming too, the CLI — waits for one request, not for the whole warm-up). It runs
// before the retention sweep, the outbox and the mint resumption start, so nothing else in the
// process uses the connection meanwhile. Its requests are not logged, reach no service outside the
// process (the blog's previews come from the embedded dataset meanwhile), and the kept pages, the
// content cache and the traffic counters are as at a start after it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDatabase } from "../db/connection";
import { products, profiles, tagbackTokens, users } from "../db/schema";
import { LOCALES } from "~/core/locale";
import { keptPages } from "~/core/kept-pages.server";
import { offlineContent } from "~/features/content/source.server";
import { resetTrafficMetrics } from "~/core/metrics.server";
import { vapidKeysOf } from "~/core/push.server";
import { createSession } from "~/features/account/session.server";
import { reportLost } from "~/features/lost-found/lost-items.server";
import { DEMO_TOKEN } from "~/features/stickers/rules";
import { UNLOGGED } from "./request-log";

/** Each page this many times in each language: the compilers optimise what runs often. */
export const WARM_UP_ROUNDS = 3;

/** The owner pages, asked for signed in as the made-up owner (English: the owner side's language). */
const OWNER_PAGES = ["/profile", "/token", "/settings", "/lost", "/found", "/lost-found", "/messaging"];

// A phone's headers: compressed answers, as a finder's browser asks (the page's bytes are compressed
// then). Behind Fly (TRUST_PROXY=fly) the visit comes from an Indian mobile network's address, so the
// scan's IP-location lookup runs and its file's pages are read; elsewhere the socket's loopback counts.
const PHONE = {
  "Fly-Client-IP": "49.36.10.20",
  "Accept-Encoding": "gzip, br",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "User-Agent": "Mozilla/5.0 (Linux; Android 13; SM-A045F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

/** How long it took, how many pages it asked for and how many did not answer 200, and how much the process's RSS grew. */
export type WarmUpResult = { seconds: number; pages: number; failed: number; rssGrowthMb: number };

/** The made-up owner's stickers, and a number no sticker has: chosen once, free at the start. */
type Tokens = { found: string; lost: string; miss: string };

/** 12 digits no sticker has (nor the demo's), within this transaction. */
function freeToken(taken: (token: string) => boolean): string {
  for (;;) {
    const token = String(randomInt(100_000_000_000, 1_000_000_000_000));
    if (token !== DEMO_TOKEN && !taken(token)) return token;
  }
}

function chooseTokens(): Tokens {
  const { db } = getDatabase();
  const taken = (token: string) => db.select({ id: tagbackTokens.id }).from(tagbackTokens).where(eq(tagbackTokens.token, token)).get() !== undefined;
  const found = freeToken(taken);
  const lost = freeToken((token) => token === found || taken(token));
  const miss = freeToken((token) => token === found || token === lost || taken(token));
  return { found, lost, miss };
}

/** Makes up the owner inside the request's transaction; returns the session's cookie. */
async function makeOwner({ found, lost }: Tokens): Promise<string> {
  const { db } = getDatabase();
  const id = `warm-up-${randomBytes(8).toString("hex")}`;
  db.insert(users).values({ id, email: `${id}@warm-up.invalid`, emailConfirmedAt: new Date() }).run();
  db.insert(profiles)
    .values({
      id,
      firstName: "Warm",
      lastName: "Up",
      bio: "A profile the process renders to itself before it serves anyone; rolled back.",
      metroCardNumber: "9999999999999999",
      socialWhatsapp: "9000000000",
      socialCall: "9000000000",
    })
    .run();
  // Never verified against: the hash is a placeholder (no one can claim or unlock with it).
  const owned = (token: string) => ({ token, passwordHash: "warm-up", userId: id, isClaimed: true, isVerified: true });
  db.insert(tagbackTokens).values([owned(found), owned(lost)]).run();
  db.insert(products).values([{ userId: id, name: "Laptop", token: found }, { userId: id, name: "Keys", token: lost }]).run();
  await reportLost(db, id, { type: "product", name: "Keys", identifier: lost, dateLost: new Date().toISOString().slice(0, 10), message: "Please call me.", reward: "₹500" });
  return (await createSession(db, id)).split(";")[0]!;
}

/** How long to wait before asking again for the write lock another process holds. */
const LOCK_RETRY_MS = 10;
/**
 * How long the write lock is left free after each request. Taken again at once, another process's
 * writer (SQLite's busy handler sleeps 1, 2, 5, 10 … ms between tries) almost never found it free
 * and gave up after its 5 s: a cluster's first worker, already serving finders, beside a second one
 * warming (messaging-stream.test.ts saw it as "database is locked").
 */
const LOCK_GAP_MS = 25;

/**
 * Takes the write lock for one request (BEGIN IMMEDIATE), or gives up at the deadline (false). Not
 * SQLite's busy_timeout, which waits inside the call: the event loop would be stuck meanwhile, and a
 * stop signal sent to a worker warming beside another (which holds the lock) went unseen.
 */
async function writeLock(client: ReturnType<typeof getDatabase>["db"]["$client"], pastDeadline: () => boolean): Promise<boolean> {
  const busyTimeout = client.pragma("busy_timeout", { simple: true });
  client.pragma("busy_timeout = 0");
  try {
    for (;;) {
      if (pastDeadline()) return false;
      try {
        client.exec("BEGIN IMMEDIATE");
        return true;
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
    }
  } finally {
    client.pragma(`busy_timeout = ${Number(busyTimeout)}`);
  }
}

/** Reads an answer to its end (the page's whole render, compression included). */
function ask(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers, agent: false }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * Warms the process on `handler` (the whole Express app) within `deadlineMs` (WARM_UP_SECONDS), undoing every write
 * as it goes. Throws only when the database refuses a transaction (the caller then serves cold).
 */
export async function warmUp(handler: http.RequestListener, { deadlineMs, rounds = WARM_UP_ROUNDS }: { deadlineMs: number; rounds?: number }): Promise<WarmUpResult> {
  const started = performance.now();
  const rssBefore = process.memoryUsage.rss();
  const client = getDatabase().db.$client;
  const server = http.createServer((req, res) => {
    (req as { [UNLOGGED]?: boolean })[UNLOGGED] = true;
    handler(req, res);
  });
  // Exclusive: a cluster's worker binds it itself rather than through the primary's shared handle.
  await new Promise<void>((resolve) => server.listen({ port: 0, host: "127.0.0.1", exclusive: true }, resolve));
  const { port } = server.address() as AddressInfo;
  // What the app makes once and keeps in the database and in memory is made for real first: made
  // inside a rolled-back request, the memory would keep what the database lost (demo mode's VAPID keys).
  vapidKeysOf(getDatabase().db);
  const restoreContent = offlineContent();
  let pages = 0;
  let failed = 0;
  try {
    const tokens = chooseTokens();
    const finderPages = [`/?t=${tokens.found}`, `/?t=${tokens.lost}`, `/?t=${tokens.miss}`, "/", "/findowner"];
    const visits: { path: string; headers: Record<string, string>; signedIn: boolean }[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const locale of LOCALES) {
        const headers = { ...PHONE, "Accept-Language": `${locale}-IN,${locale};q=0.9` };
        for (const path of finderPages) visits.push({ path, headers, signedIn: false });
      }
      for (const path of OWNER_PAGES) visits.push({ path, headers: { ...PHONE, "Accept-Language": "en-IN,en;q=0.9" }, signedIn: true });
    }
    const pastDeadline = () => performance.now() - started > deadlineMs;
    for (const visit of visits) {
      if (!(await writeLock(client, pastDeadline))) break;
      try {
        const cookie = await makeOwner(tokens);
        const status = await ask(port, visit.path, visit.signedIn ? { ...visit.headers, Cookie: cookie } : visit.headers);
        // Every page asked for is one a person gets with a 200: anything else warmed the wrong code.
        if (status !== 200) failed += 1;
      } catch {
        failed += 1;
      } finally {
        if (client.inTransaction) client.exec("ROLLBACK");
        // Every ask a first ask, as a new owner's first scan is: nothing kept between them.
        keptPages.clear();
      }
      pages += 1;
      await new Promise((resolve) => setTimeout(resolve, LOCK_GAP_MS));
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    restoreContent();
    keptPages.clear();
    resetTrafficMetrics();
  }
  return { seconds: (performance.now() - started) / 1000, pages, failed, rssGrowthMb: (process.memoryUsage.rss() - rssBefore) / 2 ** 20 };
}
