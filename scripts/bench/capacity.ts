// `npm run bench -- --capacity`: how far one machine goes, in numbers (decision 004). One server
// process (WEB_CONCURRENCY=1, fly.toml's flags), as Fly's shared-cpu-1x runs it:
// - scans per second and CPU per scan at 50 connections;
// - messages per second: signed-in users (developer mode, as people sign in) posting the send form
//   of their conversation's page, CPU and p99 per message;
// - open live streams (each a conversation page's /messaging/{id}/events): the process's RSS at
//   growing counts and whether a message still reaches its listener within a second;
// - database growth per 10,000 owners, per million scans and messages, and the rate_limits row a
//   new client leaves until it expires (scripts/bench/db-growth.ts);
// - the restore drill, timed: a database of 10,000 owners and a million scans from its Litestream
//   replica onto an empty volume until /healthcheck answers (scripts/bench/restore-time.ts).
// Each part stops by itself within a few minutes; all traffic goes to 127.0.0.1. This machine runs a
// process up to a whole core; a shared-cpu-1x gets 1/16 of one sustained (it bursts to a whole core
// on a banked balance), so the report also divides that share by the CPU each request costs.
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../db/connection.ts";
import { hashPassword } from "../../db/password.ts";
import { cookiesOf } from "./admin-work.ts";
import { stopChild } from "./children.ts";
import { randomPublicIp } from "./client-ips.ts";
import { bytesByTable, measureDatabaseGrowth, type Growth } from "./db-growth.ts";
import { openStream, StreamRefused, type LiveStream } from "./live-streams.ts";
import { runLoad, type Run } from "./load.ts";
import { insertOwners, pairInConversations, type Owner, type Pair } from "./owners.ts";
import { treeRssBytes, waitUntilQuiet } from "./proc.ts";
import { timeRestore, type RestoreTime } from "./restore-time.ts";
import { flyConcurrencyHardLimit, startAppServer, type Server } from "./servers.ts";

export type CapacityOptions = { quick: boolean; durationS: number; databasePath: string; dir: string; ticksPerSecond: number; scanPath: string };

export type StreamStep = {
  streams: number;
  rssBytes: number;
  /** Milliseconds from posting a message to its arrival on the recipient's open stream. */
  delivery: { p50: number; max: number; withinBudget: number; probes: number };
  load: string;
};

export type Capacity = {
  scan: Run & { load: string };
  messages: Array<Run & { stored: number; load: string }>;
  users: number;
  /** The server's RSS after the scan run, after the users signed in (scrypt), after the message runs. */
  rss: { afterScans: number; afterSignIns: number; afterMessages: number };
  /** perUser: the server's limit of open streams per user, as found by opening them. */
  streams: { perUser: number; baselineRssBytes: number; steps: StreamStep[]; stoppedBecause: string | null };
  rateLimitRowsPerClient: number;
  bytesPerRateLimitRow: number;
  bytesPerMessage: number;
  growth: Growth & { load: string };
  restore: RestoreTime & { load: string };
};

/** Fly's shared vCPU: 5 ms of every 80 ms period sustained (fly.io/docs/machines/cpu-performance). */
export const SHARED_CPU_SHARE = 5 / 80;
/**
 * Users who sign in and chat in pairs, per second of a message run: a process here stores up to
 * ~1,000 messages a second, and two runs spread over 100 users a second keep each under the
 * server's 30 a minute (messaging's rules).
 */
const CHAT_USERS_PER_RUN_SECOND = 100;
/** The first users send only the delivery probes, so the message runs leave them under the limit. */
const PROBE_USERS = 20;
const STREAM_STEPS = { full: [250, 500, 1_000, 2_000], quick: [20, 50] };
const GROWTH = { full: { owners: 10_000, scans: 1_000_000 }, quick: { owners: 1_000, scans: 100_000 } };
/** A message should reach an open page within this (the live page's promise). */
export const DELIVERY_BUDGET_MS = 1_000;
const DELIVERY_PROBES = 20;
/** Streams of one user opened while looking for the server's limit (messaging's rules say 5). */
const MAX_STREAMS_TRIED_PER_USER = 50;
const SIGN_IN_CONCURRENCY = 4;
/** Series of the chat users' stickers (scripts/bench/owners.ts): apart from the seed's. */
const CHAT_SERIES = 6;
const DEV_MODE_PASSWORD = "bench-pw";

const loadAverage = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Chatter = Owner & { cookie: string; conversationId: string };

/** Developer mode once, then each user's own sign-in (scrypt on the server: a few at a time). */
async function signIn(app: Server, owners: Owner[], password: string, pairs: Pair[]): Promise<Chatter[]> {
  const conversationOf = new Map(pairs.flatMap((p) => [[p.a.id, p.conversationId] as const, [p.b.id, p.conversationId] as const]));
  const post = (fields: Record<string, string>, cookie: string) =>
    fetch(`${app.base}/auth`, {
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: { Origin: app.base, Cookie: cookie, "Fly-Client-IP": randomPublicIp() },
    });
  const devCookie = cookiesOf(await post({ intent: "dev-unlock", password: DEV_MODE_PASSWORD, redirectTo: "/" }, ""));
  if (!devCookie) throw new Error("developer mode did not unlock");
  const chatters: Chatter[] = [];
  let next = 0;
  const signInNext = async () => {
    while (next < owners.length) {
      const owner = owners[next++]!;
      const response = await post({ intent: "sign-in", email: owner.email, password, redirectTo: "/messaging" }, devCookie);
      const session = cookiesOf(response);
      if (response.status !== 303 && response.status !== 302) throw new Error(`signing in ${owner.email} answered ${response.status}`);
      chatters.push({ ...owner, cookie: `${devCookie}; ${session}`, conversationId: conversationOf.get(owner.id)! });
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, signInNext));
  return chatters;
}

/** The send form of the conversation page, as a browser without JavaScript posts it. */
function sendForm(chatter: Chatter, content: string) {
  return { path: `/messaging/${chatter.conversationId}`, fields: { intent: "send", content, clientKey: crypto.randomUUID() } };
}

function countRows(databasePath: string, sql: string): number {
  const db = new Database(databasePath, { readonly: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

async function measureMessages(app: Server, everyone: Chatter[], options: CapacityOptions) {
  const chatters = everyone.slice(PROBE_USERS);
  const server = { pid: app.child.pid!, ticksPerSecond: options.ticksPerSecond };
  let turn = 0;
  const runs: Capacity["messages"] = [];
  for (const connections of [10, 50]) {
    const before = countRows(options.databasePath, "SELECT count(*) AS n FROM messages");
    const load = loadAverage();
    const run = await runLoad({
      label: "message",
      url: app.base,
      connections,
      durationS: options.durationS,
      clientIp: randomPublicIp,
      server,
      form: () => {
        const chatter = chatters[turn++ % chatters.length]!;
        return { ...sendForm(chatter, "Found your keys at the metro gate, where can I leave them?"), headers: { cookie: chatter.cookie, origin: app.base } };
      },
    });
    const stored = countRows(options.databasePath, "SELECT count(*) AS n FROM messages") - before;
    const other = run.requests - (run.statuses.get(302) ?? 0);
    if (other > 0) console.error(`warning: messages at ${connections}: ${other} answers other than 302 (${[...run.statuses].join(" ")})`);
    runs.push({ ...run, stored, load });
  }
  return runs;
}

function percentile(sorted: number[], q: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * A word no other message holds, of consonants only: a UUID's or a number's digits read as letters
 * ("455", "b00b") and the profanity check refused the probe.
 */
function probeMarker(): string {
  const letters = "qvwxz";
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => letters[byte % letters.length]).join("");
}

/** Posts from one side of a probe pair and times the arrival on the other side's open stream. */
async function probeDelivery(app: Server, chatters: Chatter[], streamsOf: Map<string, LiveStream[]>): Promise<StreamStep["delivery"]> {
  const latencies: number[] = [];
  const byConversation = Map.groupBy(chatters.slice(0, PROBE_USERS), (c) => c.conversationId);
  const listened = [...byConversation.values()].filter((pair) => pair.length === 2 && streamsOf.has(pair[1]!.id));
  if (listened.length === 0) throw new Error("no probe user has a stream open");
  for (let i = 0; i < DELIVERY_PROBES; i++) {
    const [sender, recipient] = listened[i % listened.length]!;
    const marker = probeMarker();
    const arrival = streamsOf.get(recipient!.id)![0]!.messageArrival(marker);
    const form = sendForm(sender!, `Delivery probe ${marker}`);
    const posted = performance.now();
    const response = await fetch(app.base + form.path, {
      method: "POST",
      body: new URLSearchParams(form.fields),
      redirect: "manual",
      headers: { Origin: app.base, Cookie: sender!.cookie, "Fly-Client-IP": randomPublicIp() },
    });
    if (response.status !== 302) throw new Error(`a delivery probe's post answered ${response.status}`);
    const arrived = await Promise.race([arrival, sleep(10 * DELIVERY_BUDGET_MS).then(() => null)]);
    latencies.push(arrived === null ? Infinity : arrived - posted);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), max: latencies.at(-1)!, withinBudget: latencies.filter((ms) => ms <= DELIVERY_BUDGET_MS).length, probes: latencies.length };
}

/**
 * The server's limit of open streams per user, found as a user meets it: streams for `chatter`
 * until one is refused with 429. The accepted ones stay open (the caller counts them).
 */
async function streamsUntilRefused(chatter: Chatter, open: (chatter: Chatter) => LiveStream, keep: (chatter: Chatter, stream: LiveStream) => void): Promise<number> {
  for (let accepted = 0; accepted < MAX_STREAMS_TRIED_PER_USER; accepted++) {
    const stream = open(chatter);
    try {
      await stream.ready;
      keep(chatter, stream);
    } catch (error) {
      if (error instanceof StreamRefused && error.status === 429) return accepted;
      throw error;
    }
  }
  throw new Error(`${MAX_STREAMS_TRIED_PER_USER} streams of one user were never refused`);
}

/** Opens streams up to each step (every one on its user's conversation page), measuring at each. */
async function measureStreams(app: Server, chatters: Chatter[], steps: number[]): Promise<Capacity["streams"]> {
  const pid = app.child.pid!;
  const streamsOf = new Map<string, LiveStream[]>();
  const all: LiveStream[] = [];
  const open = (chatter: Chatter) =>
    openStream(`${app.base}/messaging/${chatter.conversationId}/events`, { Cookie: chatter.cookie, "Fly-Client-IP": randomPublicIp() });
  const keep = (chatter: Chatter, stream: LiveStream) => {
    all.push(stream);
    streamsOf.set(chatter.id, [...(streamsOf.get(chatter.id) ?? []), stream]);
  };
  await waitUntilQuiet(pid);
  const baselineRssBytes = treeRssBytes(pid);
  const measured: StreamStep[] = [];
  let stoppedBecause: string | null = null;
  try {
    const perUser = await streamsUntilRefused(chatters[0]!, open, keep);
    // The first user is full; the others take streams in turn, none past the limit.
    const others = chatters.slice(1);
    let turn = 0;
    for (const target of steps) {
      if (target > perUser * chatters.length) {
        stoppedBecause = `${target} streams need more than ${chatters.length} users × ${perUser}`;
        break;
      }
      const opening: Array<Promise<void>> = [];
      while (all.length < target) {
        const chatter = others[turn++ % others.length]!;
        const stream = open(chatter);
        keep(chatter, stream);
        opening.push(stream.ready);
      }
      try {
        await Promise.all(opening);
      } catch (error) {
        stoppedBecause = `opening ${target} streams: ${(error as Error).message}`;
        break;
      }
      await waitUntilQuiet(pid);
      const load = loadAverage();
      const rssBytes = treeRssBytes(pid);
      measured.push({ streams: target, rssBytes, delivery: await probeDelivery(app, chatters, streamsOf), load });
    }
    return { perUser, baselineRssBytes, steps: measured, stoppedBecause };
  } finally {
    for (const stream of all) stream.close();
  }
}

export async function measureCapacity(options: CapacityOptions): Promise<Capacity> {
  const size = options.quick ? "quick" : "full";

  // The database a grown service holds, and the restore of it onto a new machine.
  const growthDir = path.join(options.dir, "growth");
  fs.mkdirSync(growthDir, { recursive: true });
  const growthLoad = loadAverage();
  const growth = { ...(await measureDatabaseGrowth(growthDir, GROWTH[size])), load: growthLoad };
  const restoreLoad = loadAverage();
  const restore = { ...(await timeRestore(growth.databasePath, growthDir, { scanPath: `/?t=${growth.firstOwner.token}`, ownerName: growth.firstOwner.name })), load: restoreLoad };
  fs.rmSync(growthDir, { recursive: true, force: true });

  // Users who chat, written into the bench's database while no server has it open.
  const password = "bench-chat";
  const { db } = openDatabase(options.databasePath);
  let owners: Owner[];
  let pairs: Pair[];
  try {
    const count = CHAT_USERS_PER_RUN_SECOND * options.durationS;
    owners = insertOwners(db, { first: 0, count, series: CHAT_SERIES, passwordHash: await hashPassword(password) });
    pairs = pairInConversations(db, owners);
  } finally {
    db.$client.close();
  }

  const app = await startAppServer(options.databasePath, 1, { DEV_MODE_PASSWORD });
  try {
    const server = { pid: app.child.pid!, ticksPerSecond: options.ticksPerSecond };
    const scanUrl = app.base + options.scanPath;
    await runLoad({ label: "warm-up", url: scanUrl, connections: 10, durationS: Math.min(3, options.durationS), clientIp: randomPublicIp });
    const rowsNow = () => ({
      limits: countRows(options.databasePath, "SELECT count(*) AS n FROM rate_limits"),
      scans: countRows(options.databasePath, "SELECT count(*) AS n FROM search_history"),
    });
    const before = rowsNow();
    const scanLoad = loadAverage();
    const scan = { ...(await runLoad({ label: "scan", url: scanUrl, connections: 50, durationS: options.durationS, clientIp: randomPublicIp, server })), load: scanLoad };
    // Every scan came from a new client (one history row each): each left rate_limits rows behind
    // until they expire.
    const after = rowsNow();
    const rateLimitRowsPerClient = (after.limits - before.limits) / (after.scans - before.scans);
    const rss = { afterScans: treeRssBytes(server.pid), afterSignIns: 0, afterMessages: 0 };

    const chatters = await signIn(app, owners, password, pairs);
    rss.afterSignIns = treeRssBytes(server.pid);
    const messages = await measureMessages(app, chatters, options);
    rss.afterMessages = treeRssBytes(server.pid);
    const streams = await measureStreams(app, chatters, STREAM_STEPS[size]);

    // Rows weighed in a VACUUMed copy, so pages are as full as in the growth measurement.
    const copy = path.join(options.dir, "weighed.db");
    const live = new Database(options.databasePath, { readonly: true });
    live.exec(`VACUUM INTO '${copy}'`);
    live.close();
    const weighed = new Database(copy, { readonly: true });
    const bytes = bytesByTable(weighed);
    const rows = (table: string) => (weighed.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const bytesPerRateLimitRow = (bytes.get("rate_limits") ?? 0) / rows("rate_limits");
    const bytesPerMessage = (bytes.get("messages") ?? 0) / rows("messages");
    weighed.close();
    fs.rmSync(copy);

    return { scan, messages, users: chatters.length, rss, streams, rateLimitRowsPerClient, bytesPerRateLimitRow, bytesPerMessage, growth, restore };
  } finally {
    await stopChild(app);
  }
}

const MB = 1e6;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const perSecondOnSharedCpu = (cpuMs: number | null) => (cpuMs ? `${((SHARED_CPU_SHARE * 1000) / cpuMs).toFixed(0)}/s` : "–");

export function renderCapacity(c: Capacity): string {
  const { scan, growth, restore } = c;
  const cpu = (run: Run) => `${run.cpuMsPerRequest?.toFixed(2) ?? "–"} ms`;
  const flyLimit = flyConcurrencyHardLimit();
  const lines = [
    `## Capacity of one process (decision 004)`,
    ``,
    `One server process (WEB_CONCURRENCY=1, fly.toml's NODE_OPTIONS). "Here" is this machine, where the process may take a whole core; a Fly shared-cpu-1x sustains ${(SHARED_CPU_SHARE * 100).toFixed(2)} % of one (5 ms per 80 ms) and bursts to a whole core while its banked balance lasts, so its sustained rate is that share divided by the CPU per request.`,
    ``,
    `| traffic | here: rate, p99 | server CPU per request | shared-cpu-1x sustained | load average |`,
    `| --- | --- | --- | --- | --- |`,
    `| scans (\`${"/?t=TOKEN"}\`), 50 connections | ${scan.requestsPerSecond.toFixed(0)}/s, p99 ${scan.p99.toFixed(0)} ms | ${cpu(scan)} | ${perSecondOnSharedCpu(scan.cpuMsPerRequest)} | ${scan.load} |`,
    ...c.messages.map(
      (run) =>
        `| messages (send form, ${c.users} signed-in users), ${run.connections} connections | ${run.requestsPerSecond.toFixed(0)}/s, p99 ${run.p99.toFixed(0)} ms (${run.stored} stored) | ${cpu(run)} | ${perSecondOnSharedCpu(run.cpuMsPerRequest)} | ${run.load} |`,
    ),
    ``,
    `Server RSS after the scans ${mb(c.rss.afterScans)}, after ${c.users} sign-ins ${mb(c.rss.afterSignIns)}, after the messages ${mb(c.rss.afterMessages)}.`,
    ``,
    `**Open live streams** (conversation pages; the server refuses a user's stream past ${c.streams.perUser} open, and has no limit per process; Fly's proxy admits ${flyLimit ?? "?"} concurrent requests per machine, fly.toml's hard_limit). RSS with no stream open: ${mb(c.streams.baselineRssBytes)}. ${DELIVERY_PROBES} messages posted, each timed to its arrival on the recipient's open conversation page:`,
    ``,
    `| open streams | server RSS | per stream | delivery p50 / slowest | within ${DELIVERY_BUDGET_MS} ms | load average |`,
    `| --- | --- | --- | --- | --- | --- |`,
    ...c.streams.steps.map(
      (s) =>
        `| ${s.streams.toLocaleString("en")} | ${mb(s.rssBytes)} | ${(((s.rssBytes - c.streams.baselineRssBytes) / s.streams) / 1024).toFixed(1)} KB | ${s.delivery.p50.toFixed(0)} / ${s.delivery.max.toFixed(0)} ms | ${s.delivery.withinBudget}/${s.delivery.probes} | ${s.load} |`,
    ),
    ...(c.streams.stoppedBecause ? [``, `Stopped stepping up: ${c.streams.stoppedBecause}.`] : []),
    ``,
    `**Database growth** (a new file, ${growth.owners.toLocaleString("en")} owners — user, profile, session, 2 stickers, 2 products — then ${growth.scans.toLocaleString("en")} scans of them, in ${growth.seconds.toFixed(0)} s; as written with the WAL checkpointed / after VACUUM; load average ${growth.load}):`,
    ``,
    `| | as written | after VACUUM |`,
    `| --- | --- | --- |`,
    `| per 10,000 owners | ${mb((growth.ownersAdded.written / growth.owners) * 10_000)} | ${mb((growth.ownersAdded.vacuumed / growth.owners) * 10_000)} |`,
    `| per million scans (search_history: ${growth.bytesPerHistoryRow.toFixed(0)} bytes a row with its indexes) | ${mb((growth.scansAdded.written / growth.scans) * 1e6)} | ${mb((growth.scansAdded.vacuumed / growth.scans) * 1e6)} |`,
    `| per million messages (${c.bytesPerMessage.toFixed(0)} bytes a row, from the message runs) | | ${mb(c.bytesPerMessage * 1e6)} |`,
    `| rate_limits: ${c.rateLimitRowsPerClient.toFixed(2)} rows per new client (its search limit), ${c.bytesPerRateLimitRow.toFixed(0)} bytes each, until it expires and is swept | | ${mb(c.rateLimitRowsPerClient * c.bytesPerRateLimitRow * 1e6)} per million clients |`,
    ``,
    `**Restore onto a new machine** (the ${mb(restore.databaseBytes)} database above; Litestream to a file replica, ${mb(restore.replicaBytes)} compressed; load average ${restore.load}): Litestream's first snapshot ${restore.replicateSeconds.toFixed(1)} s; then from an empty volume \`scripts/litestream-restore.sh\` ${restore.restoreSeconds.toFixed(1)} s + \`litestream replicate -exec "node server.js"\` to /healthcheck 200 ${restore.startSeconds.toFixed(1)} s = **${(restore.restoreSeconds + restore.startSeconds).toFixed(1)} s**, plus the download of ${mb(restore.replicaBytes)} from object storage.`,
  ];
  return lines.join("\n");
}
