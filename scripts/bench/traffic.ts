// Traffic as it really comes (issue 31), beside the hot runs of scripts/bench.ts:
// - cold scans: many owners, each scanned once (a real scan is nearly always its owner's first in
//   minutes), so no page of theirs is kept yet;
// - junk query strings on pages that are kept (`/privacy-policy?j=N`, `/?utm=N`, `/blog?q=N`), each
//   URL new, from a client no search limit applies to;
// - a burst of 64 distinct junk URLs at once: the server's peak RSS, and how long a scan made in the
//   middle of it waits.
// Every request has a phone's headers (load.ts: `Accept-Encoding: gzip, deflate, br, zstd`) and a
// new public client address. CPU per request is the server's, p99 the client's.
//
//   node scripts/bench/traffic.ts [--duration 5] [--owners 6000] [--cpu-prof DIR]   # standalone
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/connection.ts";
import { hashPassword } from "../../db/password.ts";
import { stopAll, stopAllOnSignal, stopChild } from "./children.ts";
import { randomPublicIp } from "./client-ips.ts";
import { PHONE_ACCEPT_ENCODING, runLoad, USER_AGENT, type Run } from "./load.ts";
import { insertOwners } from "./owners.ts";
import { runWrk, wrkInstalled, type WrkRun } from "./wrk.ts";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { clockTicksPerSecond, sampleRssPeak, treeRssBytes } from "./proc.ts";
import { productionNodeOptions, startAppServer, type Server } from "./servers.ts";

/** Owners for the cold runs: more than the fastest run can scan, so none is scanned twice. */
export const COLD_OWNERS = 12_000;
/** The series of their tokens (owners.ts): apart from the seed's and the capacity bench's. */
const COLD_SERIES = 7;
const BURST = 64;
const WARM_UP_SCANS = 1_000;
/** Owners the wrk cold run takes in turn (it may scan some twice: its rate is read off, not its cache). */
const COLD_WRK_OWNERS = 2_000;
/** The issue's goals. */
export const GOALS = { coldScanMs: 2, junkMs: 2, burstRssMb: 300, burstScanMs: 250 } as const;

const JUNK_KINDS = [
  { label: "/privacy-policy?j=N", path: (n: number) => `/privacy-policy?j=${n}` },
  { label: "/?utm=N", path: (n: number) => `/?utm=${n}` },
  { label: "/blog?q=N", path: (n: number) => `/blog?q=${n}` },
] as const;

/** Writes `count` owners with verified stickers into the (stopped) server's database; their tokens. */
export async function addColdOwners(databasePath: string, count = COLD_OWNERS): Promise<string[]> {
  const { db } = openDatabase(databasePath);
  try {
    const owners = insertOwners(db, { first: 0, count, series: COLD_SERIES, passwordHash: await hashPassword("bench-owner") });
    return owners.map((owner) => owner.token);
  } finally {
    db.$client.close();
  }
}

export type Traffic = {
  owners: number;
  cold: Run[];
  /** Owners scanned more than once in the cold runs (the run outpaced the owners). */
  coldRepeats: number;
  junk: Run[];
  /** The same scans through wrk (a load generator that is not JavaScript), or why not. */
  wrk: WrkRun[] | string;
  burst: { rssBeforeMb: number; rssPeakMb: number; scanMs: number; statuses: Map<number, number>; ms: number };
};

export async function measureTraffic(app: Server, options: { tokens: string[]; durationS: number; ticksPerSecond: number }): Promise<Traffic> {
  const server = { pid: app.child.pid!, ticksPerSecond: options.ticksPerSecond };
  const { tokens, durationS } = options;
  let next = 0;
  const coldPath = () => `/?t=${tokens[next++ % tokens.length]}`;
  // Warm-up on owners of their own: the JIT settles, and the measured owners are still unscanned.
  await runLoad({ label: "warm-up", url: app.base + "/", path: coldPath, connections: 10, amount: WARM_UP_SCANS, clientIp: randomPublicIp });
  const cold: Run[] = [];
  for (const connections of [10, 50]) {
    cold.push(await runLoad({ label: "cold scan", url: app.base + "/", path: coldPath, connections, durationS, clientIp: randomPublicIp, server }));
  }
  const coldRepeats = Math.max(0, next - tokens.length);

  let serial = 0;
  const junk: Run[] = [];
  for (const kind of JUNK_KINDS) {
    junk.push(await runLoad({ label: kind.label, url: app.base + "/", path: () => kind.path(++serial), connections: 10, durationS, clientIp: randomPublicIp, server }));
  }

  let wrk: WrkRun[] | string = "wrk not installed (apt-get install wrk)";
  if (wrkInstalled()) {
    const hot = [`/?t=${DEMO_IDENTIFIERS.aarav.token}`];
    runWrk({ label: "warm-up", base: app.base, paths: hot, connections: 50, durationS: Math.min(3, durationS) });
    wrk = [runWrk({ label: "hot scan (wrk)", base: app.base, paths: hot, connections: 50, durationS })];
    const coldPaths = tokens.slice(next, next + COLD_WRK_OWNERS).map((token) => `/?t=${token}`);
    next += coldPaths.length;
    wrk.push(runWrk({ label: "cold scan (wrk)", base: app.base, paths: coldPaths, connections: 50, durationS }));
  }

  const burst = await junkBurst(app, tokens[next++ % tokens.length]!);
  return { owners: tokens.length, cold, coldRepeats: Math.max(coldRepeats, next - tokens.length), junk, wrk, burst };
}

/** 64 distinct junk URLs sent at once, and one scan sent right after them: RSS and the scan's wait. */
async function junkBurst(app: Server, token: string): Promise<Traffic["burst"]> {
  const pid = app.child.pid!;
  const rssBefore = treeRssBytes(pid);
  const sampler = sampleRssPeak(pid, 20);
  const started = performance.now();
  const statuses = new Map<number, number>();
  const junk = Array.from({ length: BURST }, (_, i) => {
    const kind = JUNK_KINDS[i % JUNK_KINDS.length]!;
    return get(app.base + kind.path(1e9 + i)).then((status) => statuses.set(status, (statuses.get(status) ?? 0) + 1));
  });
  const scanStarted = performance.now();
  const scan = get(`${app.base}/?t=${token}`).then(() => performance.now() - scanStarted);
  const [scanMs] = await Promise.all([scan, ...junk]);
  const ms = performance.now() - started;
  const peak = sampler.stop();
  return { rssBeforeMb: rssBefore / 2 ** 20, rssPeakMb: peak / 2 ** 20, scanMs: scanMs as number, statuses, ms };
}

function get(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { "Accept-Encoding": PHONE_ACCEPT_ENCODING, "User-Agent": USER_AGENT, "Fly-Client-IP": randomPublicIp() } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

const ms = (n: number | null) => (n === null ? "–" : n.toFixed(2));
const met = (ok: boolean) => (ok ? "yes" : "**no**");

export function renderTraffic(t: Traffic): string {
  const lines = [
    `## Traffic as it comes (${t.owners.toLocaleString("en")} owners, every request a new client, a phone's Accept-Encoding)`,
    "",
    "| run | connections | CPU per request | goal | met | req/s | p50 / p99 (client) | statuses |",
    "| --- | ---: | ---: | ---: | --- | ---: | ---: | --- |",
  ];
  const row = (run: Run, goal: number) =>
    `| ${run.label} | ${run.connections} | ${ms(run.cpuMsPerRequest)} ms | ≤ ${goal} ms | ${met((run.cpuMsPerRequest ?? Infinity) <= goal)} | ${run.requestsPerSecond.toFixed(0)} | ${run.p50.toFixed(1)} / ${run.p99.toFixed(1)} ms | ${[...run.statuses].map(([s, n]) => `${s}×${n}`).join(" ")}${run.errors ? ` errors×${run.errors}` : ""} |`;
  for (const run of t.cold) lines.push(row(run, GOALS.coldScanMs));
  for (const run of t.junk) lines.push(row(run, GOALS.junkMs));
  if (typeof t.wrk === "string") lines.push("", t.wrk);
  else {
    lines.push("", "| wrk (C, one thread) | connections | req/s | p50 / p99 (client) | non-2xx |", "| --- | ---: | ---: | ---: | ---: |");
    for (const run of t.wrk) lines.push(`| ${run.label} | ${run.connections} | ${run.requestsPerSecond.toFixed(0)} | ${run.p50.toFixed(1)} / ${run.p99.toFixed(1)} ms | ${run.non2xx} |`);
  }
  if (t.coldRepeats > 0) lines.push("", `warning: the cold runs outpaced the owners: ${t.coldRepeats} scans were of an owner scanned before (more --owners).`);
  const b = t.burst;
  lines.push(
    "",
    `${BURST} distinct junk URLs at once (${[...b.statuses].map(([s, n]) => `${s}×${n}`).join(" ")}, ${b.ms.toFixed(0)} ms in all): RSS ${b.rssBeforeMb.toFixed(0)} → peak ${b.rssPeakMb.toFixed(0)} MB (goal ≤ ${GOALS.burstRssMb} MB: ${met(b.rssPeakMb <= GOALS.burstRssMb)}); a scan sent with them answered in ${b.scanMs.toFixed(0)} ms (goal ≤ ${GOALS.burstScanMs} ms: ${met(b.scanMs <= GOALS.burstScanMs)}).`,
  );
  return lines.join("\n");
}

/** Standalone: a fresh seeded database with the cold owners, one server process as Fly runs it. */
async function main() {
  const { values } = parseArgs({
    options: { duration: { type: "string", default: "5" }, owners: { type: "string", default: String(COLD_OWNERS) }, "cpu-prof": { type: "string" } },
    strict: true,
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-traffic-"));
  stopAllOnSignal(() => fs.rmSync(dir, { recursive: true, force: true }));
  try {
    const database = path.join(dir, "bench.db");
    await stopChild(await startAppServer(database, 1));
    const tokens = await addColdOwners(database, Number(values.owners));
    const profileDir = values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : null;
    const nodeOptions = [productionNodeOptions(), profileDir ? `--cpu-prof --cpu-prof-dir=${profileDir}` : ""].filter(Boolean).join(" ");
    const app = await startAppServer(database, 1, { NODE_OPTIONS: nodeOptions });
    const traffic = await measureTraffic(app, { tokens, durationS: Number(values.duration), ticksPerSecond: clockTicksPerSecond() });
    await stopChild(app);
    console.log(`${new Date().toISOString()} · load average ${os.loadavg().map((n) => n.toFixed(2)).join(" ")} · NODE_OPTIONS "${nodeOptions}"\n`);
    console.log(renderTraffic(traffic));
  } finally {
    await stopAll();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
