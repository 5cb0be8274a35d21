// The warm-up: before the public port opens (so before Fly's health check can pass and send the
// first finder), the process asks itself for the pages a finder and an owner get, so that V8 has
// loaded, compiled and optimised what they run. A cold process answered its first scans at 12 ms
// of CPU each, ~6 ms up to the 250th: under a shared-cpu-1x's quota the first scan after a deploy
// took 1.5 s (issue 50, docs/performance.md "Wave 5 · 4").
//
// Nothing it does stays. The pages are asked for over HTTP on a loopback port of its own, through
// the whole Express app (headers, compression, the request's own middleware), against the real
// database inside one transaction that is rolled back at the end: an owner made up for it (a found
// sticker, one in lost mode, a product, a session), and each request in a savepoint of its own, so
// the visits, search limits and alerts a request writes are undone before the next one (none of
// them adds up to a refusal). Its requests are not logged, the kept pages it made are dropped, and
// the traffic counters start from zero after it. It runs before the retention sweep and the
// outbox start, so nothing else uses the connection meanwhile; another process's writes wait for
// the rollback (busy_timeout, 5 s), which the time bound keeps well under.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes, randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDatabase } from "../db/connection";
import { products, profiles, tagbackTokens, users } from "../db/schema";
import { LOCALES } from "~/core/locale";
import { keptPages } from "~/core/kept-pages.server";
import { resetTrafficMetrics } from "~/core/metrics.server";
import { createSession } from "~/features/account/session.server";
import { reportLost } from "~/features/lost-found/lost-items.server";
import { DEMO_TOKEN } from "~/features/stickers/rules";
import { UNLOGGED } from "./request-log";

/** How long the warm-up may take at most (measured: docs/performance.md "Wave 5 · 4"). */
export const WARM_UP_DEADLINE_MS = 15_000;
/** Each page this many times in each language: the compilers optimise what runs often. */
export const WARM_UP_ROUNDS = 3;

/** The owner pages, asked for signed in as the made-up owner (English: the owner side's language). */
const OWNER_PAGES = ["/profile", "/token", "/settings", "/lost", "/found", "/lost-found", "/messaging"];

// A phone's headers: compressed answers, as a finder's browser asks (the page's bytes are compressed then).
const PHONE = {
  "Accept-Encoding": "gzip, br",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "User-Agent": "Mozilla/5.0 (Linux; Android 13; SM-A045F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

/** How long it took, how many pages it asked for and how many did not answer 200, and how much the process's RSS grew. */
export type WarmUpResult = { seconds: number; pages: number; failed: number; rssGrowthMb: number };

type Fixture = { found: string; lost: string; miss: string; sessionCookie: string };

/** 12 digits no sticker has (nor the demo's), within this transaction. */
function freeToken(taken: (token: string) => boolean): string {
  for (;;) {
    const token = String(randomInt(100_000_000_000, 1_000_000_000_000));
    if (token !== DEMO_TOKEN && !taken(token)) return token;
  }
}

async function makeFixture(): Promise<Fixture> {
  const { db } = getDatabase();
  const taken = (token: string) => db.select({ id: tagbackTokens.id }).from(tagbackTokens).where(eq(tagbackTokens.token, token)).get() !== undefined;
  const found = freeToken(taken);
  const lost = freeToken((token) => token === found || taken(token));
  const miss = freeToken((token) => token === found || token === lost || taken(token));
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
  const setCookie = await createSession(db, id);
  return { found, lost, miss, sessionCookie: setCookie.split(";")[0]! };
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
 * Warms the process on `handler` (the whole Express app) within `deadlineMs`, then undoes every
 * write. Throws only when the database refuses the transaction itself (the caller serves cold).
 */
export async function warmUp(handler: http.RequestListener, { deadlineMs = WARM_UP_DEADLINE_MS, rounds = WARM_UP_ROUNDS } = {}): Promise<WarmUpResult> {
  const started = performance.now();
  const rssBefore = process.memoryUsage.rss();
  const client = getDatabase().db.$client;
  const server = http.createServer((req, res) => {
    (req as { [UNLOGGED]?: boolean })[UNLOGGED] = true;
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let pages = 0;
  let failed = 0;
  client.exec("BEGIN");
  try {
    const fixture = await makeFixture();
    const finderPages = [`/?t=${fixture.found}`, `/?t=${fixture.lost}`, `/?t=${fixture.miss}`, "/", "/findowner"];
    const visits: { path: string; headers: Record<string, string> }[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const locale of LOCALES) {
        const headers = { ...PHONE, "Accept-Language": `${locale}-IN,${locale};q=0.9` };
        for (const path of finderPages) visits.push({ path, headers });
      }
      for (const path of OWNER_PAGES) visits.push({ path, headers: { ...PHONE, "Accept-Language": "en-IN,en;q=0.9", Cookie: fixture.sessionCookie } });
    }
    for (const visit of visits) {
      if (performance.now() - started > deadlineMs) break;
      client.exec("SAVEPOINT warm_up_request");
      try {
        const status = await ask(port, visit.path, visit.headers);
        // Every page asked for is one a person gets with a 200: anything else warmed the wrong code.
        if (status !== 200) failed += 1;
      } catch {
        failed += 1;
      } finally {
        client.exec("ROLLBACK TO warm_up_request; RELEASE warm_up_request");
        // Every ask a first ask, as a new owner's first scan is: nothing kept between them.
        keptPages.clear();
      }
      pages += 1;
    }
  } finally {
    if (client.inTransaction) client.exec("ROLLBACK");
    await new Promise<void>((resolve) => server.close(() => resolve()));
    keptPages.clear();
    resetTrafficMetrics();
  }
  return { seconds: (performance.now() - started) / 1000, pages, failed, rssGrowthMb: (process.memoryUsage.rss() - rssBefore) / 2 ** 20 };
}
