// The CPU-quota rehearsal (issue 35): one server process as fly.toml runs it, inside a cgroup whose
// CPU quota is a `shared-cpu-1x`'s sustained share — 5 ms of CPU per 80 ms period, 1/16 of a core —
// from its very start, and on one CPU (a shared-cpu-1x has one vCPU; `--cpu N` picks it, `--cpu
// all` lets it use every CPU, as before). Measures what a finder meets there: the first scans after a
// fresh start, then a scan of a new owner and the health check every 100 ms (a real scan is an
// owner's first in minutes), alone and while an admin mints stickers from the page. Linux cgroups
// (v1's cpu controller or v2's cpu.max) and root are needed; elsewhere it says so and measures nothing.
//
//   node scripts/bench/cpu-quota.ts [--seconds 20] [--mint 10000] [--mint-share 0.02] [--cpu-prof DIR] [--trace-gc]
//                                   [--scan-every 100] [--health-every 100] [--warm 0] [--cpu N|all]
//   npm run bench -- --cpu-quota                                      # after the other runs
//
// It prints what a re-measurement on a quiet machine needs beside the latencies: the machine's load
// average at each phase, the cgroup's own throttling count (cpu.stat), the mint's CPU share
// (MINT_CPU_SHARE), the scan p99 of each minute of the mint ("throughout"; the last read as its final
// 60 s), how many answers were slower than the goal (steadier than a p99 of ~100 scans) and when
// they came, and the server's CPU by thread. `--cpu-prof DIR` starts the server with V8's CPU
// profiler (a .cpuprofile in DIR at its stop) and `--trace-gc`, whose pauses it sums: to see what a
// lone scan's tail waits for. `--trace-gc` alone (no profiler's cost) also says when each major GC
// ended during the mint, and how many of the answers over the goal were in flight then. `--node-flags "..."` adds flags to
// the server's command line (V8's, which NODE_OPTIONS refuses: --single-threaded-gc). `--quota-us -1`
// lifts the quota (the same run on a whole core: a profile of where the CPU goes, unskewed by throttling).
// `--scan-every` / `--health-every` set the probe's gaps: the default (100 ms each, ~8 requests a
// second) nearly fills the quota by itself; Fly's own health check comes every 10 s (fly.toml).
// `--warm N` sends N scans of new owners one after another, under the quota, after the first scans
// and before the rest: a fresh process's scans cost ~12 ms of CPU at first and ~3.5 ms after ~400
// (V8 compiling and optimising the code the scan runs), so without it the "alone" rows measure the
// warm-up after a deploy, and with it a process that has been serving for a while.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/connection.ts";
import { hashPassword } from "../../db/password.ts";
import { mintFromPage, signInAdmin, type Latencies } from "./admin-work.ts";
import { startChild, stopAll, stopAllOnSignal, stopChild, waitForOutput } from "./children.ts";
import { randomPublicIp } from "./client-ips.ts";
import { PHONE_ACCEPT_ENCODING, USER_AGENT } from "./load.ts";
import { insertOwners } from "./owners.ts";
import { appServerEnv, freePort, startAppServer, type Server } from "./servers.ts";

/** A shared-cpu-1x's sustained share: 5 ms of every 80 ms (Fly's documented 1/16 of a core). */
export const QUOTA = { quotaUs: 5_000, periodUs: 80_000 } as const;
/** The default probe: a scan and a health check, each asked again this long after its answer. */
const PROBE_EVERY_MS = 100;
const FIRST_SCANS = 7;
const IDLE_SECONDS = 10;
const OWNERS = 6_000;
/** The token series of this bench's owners (scripts/bench/owners.ts), apart from the others'. */
const SERIES = 6;
/** The issue's budgets under the quota. */
export const QUOTA_GOALS = { scanP99Ms: 250, healthMaxMs: 1_000 } as const;

/** The machine's 1-minute load average, the cgroup's throttling so far and the server's CPU time (all its threads, and by thread). */
export type Conditions = { load: number; periods: number; throttled: number; throttledMs: number; cpuMs: number; requests: number; threads: Map<string, number> };
/** Latencies, with how many answers of how many took longer than the goal. */
export type Probed = Latencies & { answered: number; overAt: Array<{ seconds: number; ms: number }> };
export type QuotaRun = { scans: Probed; health: Probed; seconds: number; startedAt: number; scanP99ByMinute: number[]; before: Conditions; after: Conditions };
/** A GC's line (--trace-gc) as it reached the bench: when (performance.now()), its pause, and whether it was a major GC. */
type GcLine = { at: number; ms: number; major: boolean };
/** The major GCs of the mint (seconds into it, their pause), and the slow scans that were answered across one. */
export type MintGc = { majorAt: Array<{ seconds: number; ms: number }>; scansOverAcrossMajor: number };
export type QuotaResult =
  | { supported: false; reason: string }
  | {
      supported: true;
      cgroup: string;
      /** Where the server ran: "CPU 1 of 2", or why on every CPU. */
      cpus: string;
      startSeconds: number;
      firstScansMs: number[];
      /** The scans sent one after another to warm the process (`--warm`), and how long they took. */
      warm: { scans: number; seconds: number };
      /** The server's CPU over IDLE_SECONDS with no request at all (timers, metrics, the outbox's poll). */
      quietCpuMsPerSecond: number;
      idle: QuotaRun;
      mint: (QuotaRun & { count: number; mintSeconds: number; share: string }) | null;
      gc: { pauses: number; totalMs: number; longestMs: number; mint: MintGc | null } | null;
      every: Every;
    };
/** The probe's gaps: each kind asked again this long after its answer. */
export type Every = { scanMs: number; healthMs: number };

type Cgroup = { dir: string; add: string; remove: () => void };

/**
 * The server pinned to one CPU, as a shared-cpu-1x has one vCPU: there a heavy job's thread and
 * V8's helper threads take turns with the event loop on that one CPU, and their lower priority
 * (server/thread-priority.js) lets the loop go first. On a machine with more CPUs and no
 * pinning they would run beside it, each drawing on the same quota, and priority would decide
 * nothing (decision 004).
 */
function pinTo(cpu: number | "all" = os.availableParallelism() - 1): { prefix: string; cpus: string } {
  const of = `of ${os.availableParallelism()}`;
  if (cpu === "all") return { prefix: "", cpus: `every CPU (${os.availableParallelism()}): --cpu all` };
  if (!fs.existsSync("/usr/bin/taskset")) return { prefix: "", cpus: `every CPU (${os.availableParallelism()}): no taskset to pin it` };
  return { prefix: `/usr/bin/taskset -c ${cpu} `, cpus: `CPU ${cpu} ${of}` };
}

/** utime + stime of a process, all threads, from /proc (clock ticks of 10 ms). */
function processCpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * The server's CPU so far by thread, in ms, from each thread's schedstat (nanoseconds, not the
 * 10-ms ticks of /proc/PID/stat): its main thread as "main", the others by name, summed — V8's
 * helpers ("V8Worker": compilers, GC markers), worker threads ("WorkerThread" and the heavy-job
 * pool's), libuv's pool ("libuv-worker"). What a lone scan's tail waits for shows here.
 */
function threadCpuMs(pid: number | undefined): Map<string, number> {
  const byName = new Map<string, number>();
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      try {
        const name = tid === String(pid) ? "main" : fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
        const ns = Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
        byName.set(name, (byName.get(name) ?? 0) + ns / 1e6);
      } catch {
        // a thread that ended meanwhile
      }
    }
  } catch {
    // the process ended
  }
  return byName;
}

let serverPid: number | undefined;
let requestsSent = 0;

function conditions(cgroup: Cgroup): Conditions {
  const stat = Object.fromEntries(
    fs
      .readFileSync(path.join(cgroup.dir, "cpu.stat"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" ") as [string, string]),
  );
  return {
    load: os.loadavg()[0]!,
    periods: Number(stat.nr_periods ?? 0),
    throttled: Number(stat.nr_throttled ?? 0),
    // v1: throttled_time in ns; v2: throttled_usec.
    throttledMs: stat.throttled_time !== undefined ? Number(stat.throttled_time) / 1e6 : Number(stat.throttled_usec ?? 0) / 1000,
    cpuMs: processCpuMs(serverPid),
    requests: requestsSent,
    threads: threadCpuMs(serverPid),
  };
}

/** A cgroup with the quota, v2 (cpu.max) or v1 (cpu.cfs_*); null with the reason when none can be made. */
function makeCgroup(quotaUs: number = QUOTA.quotaUs): Cgroup | string {
  const name = `tagback-bench-${process.pid}`;
  const v2 = "/sys/fs/cgroup/cgroup.controllers";
  try {
    if (fs.existsSync(v2)) {
      if (!fs.readFileSync(v2, "utf8").split(/\s+/).includes("cpu")) return "cgroup v2 without the cpu controller";
      const dir = path.join("/sys/fs/cgroup", name);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "cpu.max"), `${quotaUs < 0 ? "max" : quotaUs} ${QUOTA.periodUs}`);
      return { dir, add: path.join(dir, "cgroup.procs"), remove: () => fs.rmdirSync(dir) };
    }
    const root = "/sys/fs/cgroup/cpu";
    if (!fs.existsSync(path.join(root, "cpu.cfs_quota_us"))) return "no cgroup cpu controller (v1 or v2) at /sys/fs/cgroup";
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "cpu.cfs_period_us"), String(QUOTA.periodUs));
    fs.writeFileSync(path.join(dir, "cpu.cfs_quota_us"), String(quotaUs));
    return { dir, add: path.join(dir, "cgroup.procs"), remove: () => fs.rmdirSync(dir) };
  } catch (error) {
    return `cannot make a cgroup (${(error as Error).message}): run as root on Linux`;
  }
}

function latencies(values: number[], failed: number): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, failed };
}

async function timed(url: string): Promise<number | null> {
  requestsSent++;
  const started = performance.now();
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(60_000), headers: { "Fly-Client-IP": randomPublicIp(), "User-Agent": USER_AGENT, "Accept-Encoding": PHONE_ACCEPT_ENCODING } });
    await response.arrayBuffer();
    return response.status === 200 ? performance.now() - started : null;
  } catch {
    return null;
  }
}

/**
 * A scan of a new owner and the health check, each asked again PROBE_EVERY_MS after its answer (a
 * closed loop: a slow answer slows the probe rather than piling up requests a real phone would not
 * send), until `until` resolves or `seconds` pass.
 */
async function probe(cgroup: Cgroup, app: Server, tokens: () => string, until: Promise<unknown> | null, seconds: number, every: Every): Promise<QuotaRun> {
  const before = conditions(cgroup);
  const scanTimes: Array<[number, number]> = [];
  let done = false;
  void until?.finally(() => (done = true));
  const started = performance.now();
  const going = () => !done && (until !== null || performance.now() - started < seconds * 1000);
  const loop = async (url: () => string, gapMs: number, goalMs: number, times?: Array<[number, number]>): Promise<Probed> => {
    const values: number[] = [];
    const overAt: Probed["overAt"] = [];
    let failed = 0;
    while (going()) {
      const at = performance.now() - started;
      const ms = await timed(url());
      if (ms === null) failed++;
      else values.push(ms);
      if (ms !== null && ms > goalMs) overAt.push({ seconds: at / 1000, ms });
      times?.push([at, ms ?? Infinity]);
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
    return { ...latencies(values, failed), answered: values.length, overAt };
  };
  const [scans, health] = await Promise.all([
    loop(() => `${app.base}/?t=${tokens()}`, every.scanMs, QUOTA_GOALS.scanP99Ms, scanTimes),
    loop(() => `${app.base}/healthcheck`, every.healthMs, QUOTA_GOALS.healthMaxMs),
  ]);
  // Each whole minute, then the last 60 s (overlapping the minute before): a run's short last
  // minute of ~30 scans would have the slowest of them as its p99.
  const runMs = performance.now() - started;
  const minutes = Array.from({ length: Math.floor(runMs / 60_000) }, (_, minute) => minute * 60_000);
  if (runMs % 60_000 > 0) minutes.push(Math.max(0, runMs - 60_000));
  const scanP99ByMinute = minutes
    .map((from) => scanTimes.filter(([at]) => at >= from && at < from + 60_000).map(([, ms]) => ms))
    .filter((inMinute) => inMinute.length > 0)
    .map((inMinute) => latencies(inMinute, 0).p99);
  return { scans, health, seconds: runMs / 1000, startedAt: started, scanP99ByMinute, before, after: conditions(cgroup) };
}

/**
 * The mint's major GCs, and how many scans over the goal were answered across one: the GC's line
 * reached the bench while the scan was in flight (a line comes when its GC ends; under the quota
 * it may come a period or two late, so up to GC_LINE_LATE_MS after the answer counts too).
 */
const GC_LINE_LATE_MS = 200;
function mintGc(lines: GcLine[], mint: QuotaRun): MintGc {
  const majors = lines.filter((line) => line.major && line.at >= mint.startedAt && line.at <= mint.startedAt + mint.seconds * 1000);
  const scansOverAcrossMajor = mint.scans.overAt.filter(({ seconds, ms }) => {
    const from = mint.startedAt + seconds * 1000;
    return majors.some((line) => line.at >= from && line.at <= from + ms + GC_LINE_LATE_MS);
  }).length;
  return { majorAt: majors.map((line) => ({ seconds: (line.at - mint.startedAt) / 1000, ms: line.ms })), scansOverAcrossMajor };
}

export async function measureCpuQuota(options: {
  seconds: number;
  mint: number;
  mintShare?: string;
  cpuProf?: string;
  /** --trace-gc without the profiler. */
  traceGc?: boolean;
  nodeFlags?: string;
  quotaUs?: number;
  every?: Partial<Every>;
  warm?: number;
  /** The one CPU the server runs on (default the last); "all" lets it use every CPU. */
  cpu?: number | "all";
}): Promise<QuotaResult> {
  const every: Every = { scanMs: options.every?.scanMs ?? PROBE_EVERY_MS, healthMs: options.every?.healthMs ?? PROBE_EVERY_MS };
  const cgroup = makeCgroup(options.quotaUs);
  if (typeof cgroup === "string") return { supported: false, reason: cgroup };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-quota-"));
  const database = path.join(dir, "bench.db");
  try {
    // A seeded demo database (made by a first start, outside the quota), and owners to scan once each.
    await stopChild(await startAppServer(database, 1));
    const { db } = openDatabase(database);
    const owners = insertOwners(db, { first: 0, count: OWNERS, series: SERIES, passwordHash: await hashPassword("bench-owner") });
    db.$client.close();
    let next = 0;
    const tokens = () => owners[next++ % owners.length]!.token;

    // The server, in the cgroup from its first instruction: its start is measured too.
    const port = await freePort();
    const devModePassword = "quota-pw";
    const started = performance.now();
    const env: NodeJS.ProcessEnv = { ...appServerEnv(port, database, 1), DEV_MODE_PASSWORD: devModePassword };
    if (options.mintShare) env.MINT_CPU_SHARE = options.mintShare;
    let flags = options.nodeFlags ?? "";
    if (options.cpuProf) {
      fs.mkdirSync(options.cpuProf, { recursive: true });
      flags += ` --cpu-prof --cpu-prof-dir=${path.resolve(options.cpuProf)}`;
    }
    const traceGc = Boolean(options.cpuProf || options.traceGc);
    if (traceGc) flags += " --trace-gc";
    // GC lines (--trace-gc) are counted as they come: the child's kept output is only its last 16 KB.
    const gcLines: GcLine[] = [];
    const pinned = pinTo(options.cpu);
    const server = startChild("the app server under the CPU quota", "sh", ["-c", `echo $$ > ${cgroup.add} && exec ${pinned.prefix}"${process.execPath}" ${flags} server.js`], { env });
    server.child.stdout!.on("data", (chunk: Buffer) => {
      const at = performance.now();
      for (const match of chunk.toString("utf8").matchAll(/(Scavenge|Mark-Compact|Mark-sweep)\b.*?MB, (?:pooled: [0-9.]+ MB, )?([0-9.]+) \/ [0-9.]+ ms/g)) {
        gcLines.push({ at, ms: Number(match[2]), major: match[1] !== "Scavenge" });
      }
    });
    serverPid = server.child.pid;
    const app: Server = Object.assign(server, { base: `http://127.0.0.1:${port}` });
    await waitForOutput(app, /Tagback listening on/, 180_000);
    const startSeconds = (performance.now() - started) / 1000;

    const firstScansMs: number[] = [];
    for (let i = 0; i < FIRST_SCANS; i++) firstScansMs.push((await timed(`${app.base}/?t=${tokens()}`)) ?? NaN);
    const warmStarted = performance.now();
    for (let i = 0; i < (options.warm ?? 0); i++) await timed(`${app.base}/?t=${tokens()}`);
    const warm = { scans: options.warm ?? 0, seconds: (performance.now() - warmStarted) / 1000 };
    const quietFrom = processCpuMs(serverPid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const quietCpuMsPerSecond = (processCpuMs(serverPid) - quietFrom) / IDLE_SECONDS;
    const idle = await probe(cgroup, app, tokens, null, options.seconds, every);

    let mint: (QuotaRun & { count: number; mintSeconds: number; share: string }) | null = null;
    if (options.mint > 0) {
      const cookie = await signInAdmin(app, { devModePassword, databasePath: database });
      const mintStarted = performance.now();
      const minting = mintFromPage(app, cookie, options.mint).then(() => (performance.now() - mintStarted) / 1000);
      const during = await probe(cgroup, app, tokens, minting, 0, every);
      mint = { ...during, count: options.mint, mintSeconds: await minting, share: options.mintShare ?? "default (1/50)" };
    }
    await stopChild(app);
    const pauses = gcLines.map((line) => line.ms);
    const gc = traceGc
      ? { pauses: pauses.length, totalMs: pauses.reduce((a, b) => a + b, 0), longestMs: Math.max(0, ...pauses), mint: mint ? mintGc(gcLines, mint) : null }
      : null;
    return { supported: true, cgroup: cgroup.dir, cpus: pinned.cpus, startSeconds, firstScansMs, warm, quietCpuMsPerSecond, idle, mint, gc, every };
  } finally {
    await stopAll();
    try {
      cgroup.remove();
    } catch {
      // a process still in it (killed just now): the kernel frees it once empty
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function renderCpuQuota(result: QuotaResult): string {
  const title = `## Under a shared-cpu-1x's CPU quota (${QUOTA.quotaUs / 1000} ms per ${QUOTA.periodUs / 1000} ms)`;
  if (!result.supported) return `${title}\n\nNot measured: ${result.reason}.`;
  const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "failed");
  // The count over the goal beside the p99: with ~100 scans a minute a p99 is the second-slowest
  // answer, and moves by hundreds of ms between runs when one more collection meets a scan.
  const row = (name: string, l: Probed, goal: string) =>
    `| ${name} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} | ${l.overAt.length} of ${l.answered} | ${l.failed} | ${goal} |`;
  // Which moment of the mint each slow answer met (its start, its end, a collection): the slowest 12, in time order.
  const overAt = (l: Probed) =>
    l.overAt.length === 0
      ? "none"
      : [...l.overAt]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 12)
          .sort((a, b) => a.seconds - b.seconds)
          .map((o) => `${o.seconds.toFixed(0)} s (${ms(o.ms)})`)
          .join(", ") + (l.overAt.length > 12 ? ` and ${l.overAt.length - 12} more` : "");
  const when = (c: Conditions) => `load average ${c.load.toFixed(2)}`;
  const throttling = (run: QuotaRun) => {
    const cpu = run.after.cpuMs - run.before.cpuMs;
    const requests = run.after.requests - run.before.requests;
    return (
      `the server used ${(cpu / 1000).toFixed(1)} s of CPU in ${run.seconds.toFixed(0)} s (${(cpu / run.seconds / 10).toFixed(1)} % of a core; the quota is ${((100 * QUOTA.quotaUs) / QUOTA.periodUs).toFixed(2)} %), ` +
      `${(cpu / Math.max(1, requests)).toFixed(1)} ms a request over ${requests} scans and health checks; ` +
      `${run.after.throttled - run.before.throttled} of ${run.after.periods - run.before.periods} periods throttled (${((run.after.throttledMs - run.before.throttledMs) / 1000).toFixed(1)} s waited); ${when(run.before)} → ${run.after.load.toFixed(2)}; ` +
      `by thread, ms of CPU a second: ${byThread(run)}`
    );
  };
  // A thread that ended before the run's end (an idle pool's) is missing from `after`: not counted.
  const byThread = (run: QuotaRun) =>
    [...run.after.threads]
      .map(([name, ms]) => [name, (ms - (run.before.threads.get(name) ?? 0)) / run.seconds] as const)
      .filter(([, perSecond]) => perSecond >= 0.05)
      .sort((a, b) => b[1] - a[1])
      .map(([name, perSecond]) => `${name} ${perSecond.toFixed(1)}`)
      .join(", ");
  const lines = [
    title,
    ``,
    `One server process (fly.toml's NODE_OPTIONS) in cgroup ${result.cgroup} from its start, on ${result.cpus}: listening after ${result.startSeconds.toFixed(1)} s. The first ${result.firstScansMs.length} scans after the start (owners never scanned): ${result.firstScansMs.map(ms).join(", ")}.${result.warm.scans > 0 ? ` Then ${result.warm.scans} scans one after another, to warm the process: ${result.warm.seconds.toFixed(0)} s.` : ""}`,
    ``,
    `With no request at all, the server used ${result.quietCpuMsPerSecond.toFixed(1)} ms of CPU a second (${IDLE_SECONDS} s; the quota is ${(QUOTA.quotaUs / QUOTA.periodUs) * 1000} ms a second).`,
    ``,
    `A scan of a new owner ${result.every.scanMs} ms after the last one's answer, the health check ${result.every.healthMs} ms after its last:`,
    ``,
    `| | p50 | p99 | slowest | over the goal | failed | goal |`,
    `| --- | --- | --- | --- | --- | --- | --- |`,
    row(`scan, ${result.idle.seconds.toFixed(0)} s alone`, result.idle.scans, `p99 ≤ ${QUOTA_GOALS.scanP99Ms} ms`),
    row("health check, alone", result.idle.health, `≤ ${QUOTA_GOALS.healthMaxMs} ms`),
  ];
  if (result.mint) {
    lines.push(
      row(`scan, while ${result.mint.count.toLocaleString("en")} stickers are minted`, result.mint.scans, `p99 ≤ ${QUOTA_GOALS.scanP99Ms} ms`),
      row("health check, meanwhile", result.mint.health, `≤ ${QUOTA_GOALS.healthMaxMs} ms`),
      ``,
      `The mint of ${result.mint.count.toLocaleString("en")} from the page took ${result.mint.mintSeconds.toFixed(0)} s (MINT_CPU_SHARE ${result.mint.share}).`,
      `Scan p99 in each minute of the mint (the last: its final 60 s): ${result.mint.scanP99ByMinute.map(ms).join(", ")}.`,
      `When the answers over the goal came (seconds into the mint, of ${result.mint.seconds.toFixed(0)}): scans ${overAt(result.mint.scans)}; health checks ${overAt(result.mint.health)}.`,
    );
  }
  lines.push(``, `Alone: ${throttling(result.idle)}.`);
  if (result.mint) lines.push(`During the mint: ${throttling(result.mint)}.`);
  if (result.gc) lines.push(`GC (--trace-gc), the whole run: ${result.gc.pauses} pauses, ${result.gc.totalMs.toFixed(0)} ms in all, the longest ${result.gc.longestMs.toFixed(1)} ms.`);
  if (result.gc?.mint && result.mint) {
    const { majorAt, scansOverAcrossMajor } = result.gc.mint;
    lines.push(
      `Major GCs during the mint (seconds into it, the pause): ${majorAt.map((m) => `${m.seconds.toFixed(0)} s (${m.ms.toFixed(1)} ms)`).join(", ") || "none"}; ` +
        `of the ${result.mint.scans.overAt.length} scans over the goal, ${scansOverAcrossMajor} were answered across one.`,
    );
  }
  return lines.join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string", default: "20" },
      mint: { type: "string", default: "10000" },
      "mint-share": { type: "string" },
      "cpu-prof": { type: "string" },
      "trace-gc": { type: "boolean", default: false },
      "node-flags": { type: "string" },
      "quota-us": { type: "string" },
      "scan-every": { type: "string" },
      "health-every": { type: "string" },
      warm: { type: "string", default: "0" },
      cpu: { type: "string" },
    },
  });
  stopAllOnSignal(() => {});
  const result = await measureCpuQuota({ seconds: Number(values.seconds), mint: Number(values.mint), mintShare: values["mint-share"], cpuProf: values["cpu-prof"], traceGc: values["trace-gc"], nodeFlags: values["node-flags"], quotaUs: values["quota-us"] === undefined ? undefined : Number(values["quota-us"]),
    warm: Number(values.warm),
    cpu: values.cpu === undefined ? undefined : values.cpu === "all" ? "all" : Number(values.cpu),
    every: { scanMs: values["scan-every"] === undefined ? undefined : Number(values["scan-every"]), healthMs: values["health-every"] === undefined ? undefined : Number(values["health-every"]) },
  });
  console.log(renderCpuQuota(result));
}
