// The owner's own pages under load (issue 24, "signed-in pages profiled and cut"): a demo owner
// signs in through developer mode as a person would, then each of /profile, /messaging, /lost,
// /token and /settings is asked for by that owner's session at 1 and 10 connections, with the
// server's CPU per request (its own utime + stime, scripts/bench/proc.ts), requests per second and
// p50/p99, beside what the page weighs (HTML bytes, module preloads, inline SVGs).
//
// Part of `npm run bench` (scripts/bench.ts starts the server with SIGNED_IN_DEV_MODE_PASSWORD).
// On its own, to profile the pages (a fresh seeded database, one process, fly.toml's flags):
//
//   node scripts/bench/signed-in.ts                          # 5 s per run
//   node scripts/bench/signed-in.ts --duration 8 --page /profile --connections 10 --cpu-prof /tmp/prof
//   node scripts/bench/signed-in.ts --page /profile --history 20000   # the owner scanned 20,000 times first
//
// The seeded owner has three visits; in `npm run bench` the scan runs before this one give them
// ~20,000, which is what /profile shows there. --history writes that many visits (as a scan from a
// located public address writes them) before the server starts.
//
// With --cpu-prof the server runs under `node --cpu-prof` and writes its .cpuprofile into the
// directory when the bench stops it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../../db/connection.ts";
import { profiles, searchHistory, users } from "../../db/schema.ts";
import { DEMO_IDENTIFIERS, DEMO_PASSWORDS } from "../../db/seed.ts";
import { cookiesOf } from "./admin-work.ts";
import { stopAll, stopAllOnSignal, stopChild } from "./children.ts";
import { countStatus, runLoad, type Run } from "./load.ts";
import { clockTicksPerSecond } from "./proc.ts";
import { productionNodeOptions, startAppServer, type Server } from "./servers.ts";

export const SIGNED_IN_PAGES = ["/profile", "/messaging", "/lost", "/token", "/settings"] as const;
export const SIGNED_IN_CONNECTIONS = [1, 10] as const;
/** The server's developer-mode password: the owner signs in with the demo password behind it. */
export const SIGNED_IN_DEV_MODE_PASSWORD = "bench-pw";
/** Issue 24's goal for every signed-in page, in ms of server CPU per request. */
export const SIGNED_IN_GOAL_MS = 3;

/** The owner's address: one phone, as an owner browsing their own pages is. */
const OWNER_IP = "203.0.113.24";
const WARM_UP_REQUESTS = 300;

export type PageWeight = { htmlBytes: number; modulePreloads: number; inlineSvgs: number; spriteUses: number };
export type SignedInPage = { path: string; weight: PageWeight; runs: Run[] };
export type SignedInPages = { owner: string; pages: SignedInPage[] };

/** Developer mode, then the demo owner's password: the cookies of a signed-in owner. */
export async function signInOwner(app: Server): Promise<string> {
  const post = (fields: Record<string, string>, cookie: string) =>
    fetch(`${app.base}/auth`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: { Origin: app.base, Cookie: cookie, "Fly-Client-IP": OWNER_IP },
    });
  const devCookie = cookiesOf(await post({ intent: "dev-unlock", password: SIGNED_IN_DEV_MODE_PASSWORD, redirectTo: "/" }, ""));
  if (!devCookie) throw new Error("developer mode did not unlock (was the server started with SIGNED_IN_DEV_MODE_PASSWORD?)");
  const signedIn = await post({ intent: "sign-in", email: DEMO_IDENTIFIERS.aarav.email, password: DEMO_PASSWORDS.signIn, redirectTo: "/profile" }, devCookie);
  if (signedIn.status !== 303 && signedIn.status !== 302) throw new Error(`signing in answered ${signedIn.status}`);
  const cookie = [devCookie, cookiesOf(signedIn)].filter(Boolean).join("; ");
  // The page after sign-in shows the "signed in" toast and clears its cookie, as a browser would
  // see it; sent on every request, that cookie made each page read and render a toast.
  const first = await fetch(`${app.base}/profile`, { headers: { Cookie: cookie, "Fly-Client-IP": OWNER_IP }, redirect: "manual" });
  await first.arrayBuffer();
  const cleared = first.headers
    .getSetCookie()
    .filter((line) => /;\s*Max-Age=0\b/i.test(line))
    .map((line) => line.slice(0, line.indexOf("=")));
  return cookie
    .split("; ")
    .filter((pair) => !cleared.includes(pair.slice(0, pair.indexOf("="))))
    .join("; ");
}

/** What the page weighs as the browser gets it (the decompressed HTML). */
async function weigh(app: Server, pagePath: string, cookie: string): Promise<PageWeight> {
  const page = await fetch(app.base + pagePath, { headers: { Cookie: cookie, "Fly-Client-IP": OWNER_IP }, redirect: "manual" });
  if (page.status !== 200) throw new Error(`${pagePath} answered ${page.status} to the signed-in owner`);
  const html = await page.text();
  return {
    htmlBytes: Buffer.byteLength(html),
    modulePreloads: html.match(/<link rel="modulepreload"/g)?.length ?? 0,
    inlineSvgs: html.match(/<svg[\s>]/g)?.length ?? 0,
    spriteUses: html.match(/<use href=/g)?.length ?? 0,
  };
}

export type SignedInOptions = {
  durationS: number;
  ticksPerSecond: number;
  /** Which pages and concurrencies (default all): the standalone profiler narrows them. */
  pages?: readonly string[];
  connections?: readonly number[];
};

/** Signs the demo owner in on `app` (started with SIGNED_IN_DEV_MODE_PASSWORD) and loads each page. */
export async function measureSignedIn(app: Server, options: SignedInOptions): Promise<SignedInPages> {
  const cookie = await signInOwner(app);
  const server = { pid: app.child.pid!, ticksPerSecond: options.ticksPerSecond };
  const headers = { cookie };
  const clientIp = () => OWNER_IP;
  const pages: SignedInPage[] = [];
  for (const pagePath of options.pages ?? SIGNED_IN_PAGES) {
    const weight = await weigh(app, pagePath, cookie);
    const url = app.base + pagePath;
    await runLoad({ label: "warm-up", url, connections: 10, amount: WARM_UP_REQUESTS, clientIp, headers });
    const runs: Run[] = [];
    for (const connections of options.connections ?? SIGNED_IN_CONNECTIONS) {
      const run = await runLoad({ label: pagePath, url, connections, durationS: options.durationS, clientIp, headers, server });
      const { other } = countStatus(run, 200);
      if (other > 0) console.error(`warning: ${pagePath} at ${connections}: ${other} responses/errors other than 200`);
      runs.push(run);
    }
    pages.push({ path: pagePath, weight, runs });
  }
  return { owner: DEMO_IDENTIFIERS.aarav.email, pages };
}

const cpu = (run: Run | undefined) => (run?.cpuMsPerRequest == null ? "–" : `${run.cpuMsPerRequest.toFixed(2)} ms`);

/** The section of the bench's report: one row per page, the goal met or not. */
export function renderSignedIn(m: SignedInPages): string {
  const connections = m.pages[0]?.runs.map((run) => run.connections) ?? [];
  const headline = Math.max(...connections);
  const lines = [
    `## Signed-in pages (${m.owner}, one session, one server process; goal ≤ ${SIGNED_IN_GOAL_MS} ms CPU per request)`,
    "",
    `| page | CPU per request (${connections.join(" / ")} connections) | req/s at ${headline} | p50 / p99 at ${headline} | HTML | module preloads | inline SVGs | met |`,
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const page of m.pages) {
    const top = page.runs.find((run) => run.connections === headline);
    const worst = Math.max(...page.runs.map((run) => run.cpuMsPerRequest ?? Infinity));
    lines.push(
      `| ${page.path} | ${page.runs.map(cpu).join(" / ")} | ${top ? top.requestsPerSecond.toFixed(0) : "–"} | ${
        top && top.requests > 0 ? `${top.p50.toFixed(1)} / ${top.p99.toFixed(1)} ms` : "–"
      } | ${(page.weight.htmlBytes / 1024).toFixed(1)} KB | ${page.weight.modulePreloads} | ${page.weight.inlineSvgs}${
        page.weight.spriteUses ? ` (+${page.weight.spriteUses} sprite uses)` : ""
      } | ${worst <= SIGNED_IN_GOAL_MS ? "yes" : "**no**"} |`,
    );
  }
  return lines.join("\n");
}

/** `count` visits of the demo owner by their sticker, one a minute back from now, with a located city. */
function addHistory(databasePath: string, count: number) {
  const { db } = openDatabase(databasePath);
  try {
    const owner = db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_IDENTIFIERS.aarav.email)).get();
    if (!owner) throw new Error("the demo owner is not in the database");
    const now = Date.now();
    db.transaction((tx) => {
      for (let i = 0; i < count; i += 500) {
        const rows = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
          userId: owner.id,
          searchType: "tagback_token" as const,
          searchValue: DEMO_IDENTIFIERS.aarav.token,
          searchedAt: new Date(now - (i + j + 1) * 60_000),
          city: "Mumbai",
          region: "Maharashtra",
          country: "IN",
        }));
        tx.insert(searchHistory).values(rows).run();
      }
      tx.update(profiles).set({ totalSearches: sql`${profiles.totalSearches} + ${count}` }).where(eq(profiles.id, owner.id)).run();
    });
  } finally {
    db.$client.close();
  }
}

/** Standalone: a fresh seeded database, one server process (optionally profiled), the pages. */
async function main() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "5" },
      page: { type: "string", multiple: true },
      connections: { type: "string", multiple: true },
      "cpu-prof": { type: "string" },
      history: { type: "string", default: "0" },
    },
    strict: true,
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-signed-in-"));
  stopAllOnSignal(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const database = path.join(dir, "bench.db");
    await stopChild(await startAppServer(database, 1));
    if (Number(values.history) > 0) addHistory(database, Number(values.history));
    const profileDir = values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : null;
    const nodeOptions = [productionNodeOptions(), profileDir ? `--cpu-prof --cpu-prof-dir=${profileDir}` : ""].filter(Boolean).join(" ");
    const app = await startAppServer(database, 1, { DEV_MODE_PASSWORD: SIGNED_IN_DEV_MODE_PASSWORD, NODE_OPTIONS: nodeOptions });
    const measured = await measureSignedIn(app, {
      durationS: Number(values.duration),
      ticksPerSecond: clockTicksPerSecond(),
      ...(values.page ? { pages: values.page } : {}),
      ...(values.connections ? { connections: values.connections.map(Number) } : {}),
    });
    await stopChild(app);
    console.log(`${new Date().toISOString()} · load average ${os.loadavg().map((n) => n.toFixed(2)).join(" ")} · NODE_OPTIONS "${nodeOptions}"\n`);
    console.log(renderSignedIn(measured));
    if (profileDir) console.log(`\nCPU profile(s) in ${profileDir}: ${fs.readdirSync(profileDir).join(", ")}`);
  } finally {
    await stopAll();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
