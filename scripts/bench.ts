// npm run bench: how fast is a sticker scan, and how much does the server need? Measures every row
// of issue 10's table on the production build (`node server.js`, WEB_CONCURRENCY processes, a fresh
// seeded demo database, TRUST_PROXY=fly with a public Fly-Client-IP per request so the IP-location
// lookup runs), then prints a markdown report:
// - server CPU per request (utime + stime of the server's whole process tree over each run),
//   requests per second and p50/p95/p99 at 1, 10 and 50 connections for the scan (/?t=TOKEN), a
//   refused search (429, one client over its limit) and the anonymous pages (/, /about, /findowner,
//   /blog, a post);
// - the scan next to the same compressed bytes from nginx (when installed) and a bare node:http
//   server, as ratios;
// - server RSS idle, after IP-location lookups and under load;
// - the compressed HTML, where the owner's profile ends in it (the 14 KB point), the JS and CSS;
// - the signed-in pages (/profile, /messaging, /lost, /token, /settings) of a demo owner's session,
//   one process as Fly runs it, at 1 and 10 connections (scripts/bench/signed-in.ts);
// - traffic as it comes (scripts/bench/traffic.ts): 12,000 owners each scanned once (cold), junk
//   query strings on kept pages, 64 junk URLs at once (peak RSS, a scan's wait). Every request has a
//   phone's `Accept-Encoding: gzip, deflate, br, zstd` (the hot runs too, so brotli is measured).
//
//   npm run bench                            # 5 s per run, 1 process (as fly.toml runs it)
//   npm run bench -- --duration 10 --workers 2
//   npm run bench -- --quick                 # 1 s runs: checks the script works
//   npm run bench -- --cpu-quota             # also: one process under a shared-cpu-1x's CPU quota
//                                            # (5 ms per 80 ms, a cgroup; root on Linux), with a
//                                            # 10,000-sticker mint (scripts/bench/cpu-quota.ts; ~10 min)
//   npm run bench -- --card-memory           # also: RSS before/after 2160 × 3840 lock-screen cards
//                                            # (scripts/bench/card-memory.ts; ~30 s)
//   npm run bench -- --admin-work            # also: minting 10,000 and a 2,000-sticker PDF beside
//                                            # the finders (scripts/bench/admin-work.ts; minutes)
//   npm run bench -- --capacity              # also: how far one process goes — scans, messages,
//                                            # open streams, database growth, restore time
//                                            # (scripts/bench/capacity.ts, decision 004; minutes),
//                                            # and the single-file write ceiling (write-ceiling.ts)
//
// Everything it starts (server, nginx, bare node server) is stopped at the end, on error and on
// Ctrl-C (scripts/bench/children.ts). Numbers are only worth comparing on a quiet machine: the
// report starts with the load average.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_IDENTIFIERS } from "../db/seed.ts";
import { SEARCHES_PER_MINUTE } from "../app/features/finder/rules.ts";
import { requireProductionBuild } from "../server/production-build.js";
import { stopAll, stopAllOnSignal, stopChild } from "./bench/children.ts";
import { randomPublicIp, randomPublicIpv4 } from "./bench/client-ips.ts";
import { countStatus, runLoad, type Run } from "./bench/load.ts";
import { readOptions, type BenchOptions } from "./bench/options.ts";
import { decode, findProfileEnd, getRaw, gzipLength, gzipSizeOf, gzipped, inlineStyles, linkedAssets, compressedOffsetOf, withStaticImports } from "./bench/page-bytes.ts";
import { clockTicksPerSecond, processTree, sampleRssPeak, treeRssBytes } from "./bench/proc.ts";
import { renderReport, type PageRuns } from "./bench/report.ts";
import { measureAdminWork, renderAdminWork } from "./bench/admin-work.ts";
import { measureOutbox, renderOutbox } from "./bench/outbox.ts";
import { measureCpuQuota, renderCpuQuota } from "./bench/cpu-quota.ts";
import { measureCardMemory, renderCardMemory } from "./bench/card-memory.ts";
import { measureCapacity, renderCapacity } from "./bench/capacity.ts";
import { measureSignedIn, renderSignedIn, SIGNED_IN_DEV_MODE_PASSWORD } from "./bench/signed-in.ts";
import { addColdOwners, COLD_OWNERS, measureTraffic, renderTraffic } from "./bench/traffic.ts";
import { measureWriteCeiling, renderWriteCeiling } from "./bench/write-ceiling.ts";
import { freePort, nginxInstalled, productionNodeOptions, startAppServer, startBareServer, startNginx, type Server } from "./bench/servers.ts";

const CONNECTIONS = [1, 10, 50] as const;
const SCAN_PATH = `/?t=${DEMO_IDENTIFIERS.aarav.token}`;
/** Memory settles (timers, the first GC) for this long after start before "idle" is read. */
const SETTLE_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function environment(options: BenchOptions): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((n) => n.toFixed(2)).join(" ");
  return `${new Date().toISOString()} · ${cpus.length} CPU (${cpus[0]?.model.trim()}) · load average ${load} · Node ${process.version} · ${options.workers} server process(es), NODE_OPTIONS "${productionNodeOptions()}" (fly.toml) · ${options.durationS} s per run${options.quick ? " (--quick: numbers are rough)" : ""}`;
}

/** The scan page's bytes; the compressed body is what nginx and the bare server will send. */
async function measureBytes(app: Server) {
  const page = await getRaw(app.base + SCAN_PATH, randomPublicIp());
  if (page.status !== 200) throw new Error(`${SCAN_PATH} answered ${page.status}`);
  const html = decode(page).toString("utf8");
  const gzip = gzipped(page);
  const end = findProfileEnd(html);
  const assets = linkedAssets(html);
  const js = await withStaticImports(app.base, assets.js, randomPublicIp());
  return {
    gzip,
    bytes: {
      htmlGzip: gzip.length,
      htmlPlain: Buffer.byteLength(html),
      profileEnd: end.found
        ? { bytes: compressedOffsetOf(gzip, end.plainEnd), via: end.via }
        : { missing: "marker not found (no data-profile-kind element in the scan page)" },
      cssFiles: assets.css.length,
      cssGzip: await gzipSizeOf(app.base, assets.css, randomPublicIp()),
      cssInlineGzip: gzipLength(inlineStyles(html)),
      jsModules: js.length,
      jsGzip: await gzipSizeOf(app.base, js, randomPublicIp()),
    },
  };
}

/** The anonymous pages of the table: the landing page, /about, /findowner, the blog and its first post. */
async function anonymousPagePaths(app: Server): Promise<string[]> {
  const paths = ["/", "/about", "/findowner", "/blog"];
  for (const pagePath of paths) {
    const { status } = await getRaw(app.base + pagePath, randomPublicIp());
    if (status !== 200) throw new Error(`${pagePath} answered ${status}`);
  }
  const blog = decode(await getRaw(`${app.base}/blog`, randomPublicIp())).toString("utf8");
  const post = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
  if (!post) throw new Error("/blog links no post");
  return [...paths, post];
}

/** Uses up the search limit of `clientIp`, so its next searches are refused; checks they are. */
async function exhaustSearchLimit(app: Server, clientIp: string) {
  for (let i = 0; i <= SEARCHES_PER_MINUTE + 5; i++) {
    const { status } = await getRaw(app.base + SCAN_PATH, clientIp);
    if (status === 429) return;
    if (status !== 200) throw new Error(`a search from ${clientIp} answered ${status}`);
  }
  throw new Error(`${SEARCHES_PER_MINUTE + 5} searches from ${clientIp} were never refused with 429`);
}

/** A run that was supposed to see only `status`: say so loudly when it did not. */
function expectStatus(run: Run, status: number): Run {
  const { other } = countStatus(run, status);
  if (run.requests === 0) console.error(`warning: ${run.label} at ${run.connections}: no response completed within the run (longer --duration?)`);
  if (other > 0) console.error(`warning: ${run.label} at ${run.connections}: ${other} responses/errors other than ${status}`);
  return run;
}

/** One run per concurrency, in order (runs in parallel would measure each other). */
async function atEachConcurrency<T>(run: (connections: number) => Promise<T>): Promise<T[]> {
  const runs: T[] = [];
  for (const connections of CONNECTIONS) runs.push(await run(connections));
  return runs;
}

async function measureApp(app: Server, options: BenchOptions, ticksPerSecond: number) {
  const pid = app.child.pid!;
  const server = { pid, ticksPerSecond };
  const { durationS } = options;
  const scanUrl = app.base + SCAN_PATH;
  await sleep(SETTLE_MS);
  const idle = treeRssBytes(pid);
  const processes = processTree(pid).length;

  const { gzip, bytes } = await measureBytes(app);
  const pagePaths = await anonymousPagePaths(app);

  // A few hundred scans from distinct public addresses: the IP-location data is read by now.
  const lookups = options.quick ? 200 : 400;
  expectStatus(await runLoad({ label: "lookups", url: scanUrl, connections: 10, amount: lookups, clientIp: randomPublicIp }), 200);
  const afterLookups = treeRssBytes(pid);
  // Warm-up: the JIT settles before the measured runs.
  await runLoad({ label: "warm-up", url: scanUrl, connections: 10, durationS: Math.min(3, durationS), clientIp: randomPublicIp });

  let underLoad = 0;
  const scan = await atEachConcurrency(async (connections) => {
    const sampler = connections === 50 ? sampleRssPeak(pid) : null;
    const run = await runLoad({ label: "scan", url: scanUrl, connections, durationS, clientIp: randomPublicIp, server });
    if (sampler) underLoad = sampler.stop();
    return expectStatus(run, 200);
  });

  // One fixed client per run, over its limit: every request is refused (429) in front of the router.
  // A new client each run, so the minute's window cannot run out during the runs.
  const refused = await atEachConcurrency(async (connections) => {
    const clientIp = randomPublicIpv4();
    await exhaustSearchLimit(app, clientIp);
    const run = await runLoad({ label: "refused search (429)", url: scanUrl, connections, durationS, clientIp: () => clientIp, server });
    return { ...expectStatus(run, 429), clientIp };
  });

  // The pages every anonymous visitor sees alike: kept after their first render (decision 029).
  const pages: PageRuns[] = [];
  for (const pagePath of pagePaths) {
    await runLoad({ label: "warm-up", url: app.base + pagePath, connections: 10, amount: 200, clientIp: randomPublicIp });
    const runs = await atEachConcurrency(async (connections) =>
      expectStatus(await runLoad({ label: pagePath, url: app.base + pagePath, connections, durationS, clientIp: randomPublicIp, server }), 200),
    );
    pages.push({ path: pagePath, runs });
  }

  return { gzip, bytes, rss: { idle, afterLookups, lookups, underLoad, processes }, scan, refused, pages };
}

/** The same load on a server that only sends the scan page's bytes; stops it afterwards. */
async function measureStatic(label: string, server: Server, url: string, gzip: Buffer, options: BenchOptions, ticksPerSecond: number): Promise<Run[]> {
  const check = await getRaw(url, randomPublicIp());
  if (check.status !== 200 || !check.body.equals(gzip)) throw new Error(`${label} does not send the scan page's bytes`);
  await runLoad({ label: "warm-up", url, connections: 10, amount: 2_000, clientIp: randomPublicIp });
  const measured = { pid: server.child.pid!, ticksPerSecond };
  const runs = await atEachConcurrency(async (connections) =>
    expectStatus(await runLoad({ label, url, connections, durationS: options.durationS, clientIp: randomPublicIp, server: measured }), 200),
  );
  await stopChild(server);
  return runs;
}

async function main() {
  const options = readOptions();
  // The server it starts would refuse a build that is not a production build; say so before starting.
  requireProductionBuild();
  const ticksPerSecond = clockTicksPerSecond();
  const env = environment(options);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-bench-"));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  stopAllOnSignal(removeDir);
  try {
    // A first start creates and seeds the demo database, then stops: the measured server starts on
    // it as a deployed server starts on its database, so "idle" is not the seeding's leftovers
    // (demo data is generated in the process that serves, ~55 MB it never gives back).
    const database = path.join(dir, "bench.db");
    await stopChild(await startAppServer(database, 1));
    // Owners for traffic as it comes: each scanned once (scripts/bench/traffic.ts).
    const coldTokens = await addColdOwners(database, options.quick ? 3_000 : COLD_OWNERS);
    const app = await startAppServer(database, options.workers);
    const measured = await measureApp(app, options, ticksPerSecond);
    const traffic = await measureTraffic(app, { tokens: coldTokens, durationS: options.durationS, ticksPerSecond });
    // The app is stopped first, so the static servers have the machine to themselves as it had.
    await stopChild(app);

    const gzFile = path.join(dir, "scan.html.gz");
    fs.writeFileSync(gzFile, measured.gzip);
    const bare = await startBareServer(gzFile, options.workers);
    const bareNode = await measureStatic("bare node:http", bare, bare.base, measured.gzip, options, ticksPerSecond);

    let nginx: Run[] | string = "nginx not installed (apt-get install nginx)";
    if (nginxInstalled()) {
      try {
        const server = await startNginx(path.join(dir, "nginx"), gzFile, options.workers);
        nginx = await measureStatic("nginx", server, `${server.base}/scan`, measured.gzip, options, ticksPerSecond);
      } catch (error) {
        nginx = `nginx failed: ${String((error as Error).message).split("\n").slice(0, 3).join(" ")}`;
      }
    }

    console.log(renderReport({ environment: env, scanPath: SCAN_PATH, ...measured, bareNode, nginx }));
    console.log(`\n${renderTraffic(traffic)}`);

    // One process, as Fly runs it, with developer mode on for the owner's sign-in.
    const owner = await startAppServer(database, 1, { DEV_MODE_PASSWORD: SIGNED_IN_DEV_MODE_PASSWORD });
    const signedIn = await measureSignedIn(owner, { durationS: options.durationS, ticksPerSecond });
    await stopChild(owner);
    console.log(`\n${renderSignedIn(signedIn)}`);

    console.log(`\n${renderOutbox(await measureOutbox(options.quick ? 200 : 2_000))}`);

    if (options.adminWork) {
      // One process, as Fly runs it, with developer mode on for the admin's sign-in and metrics on a port of its own.
      const metricsPort = await freePort();
      const devModePassword = "bench-pw";
      const admin = await startAppServer(database, 1, { DEV_MODE_PASSWORD: devModePassword, METRICS_PORT: String(metricsPort) });
      const counts = options.quick ? { mintCount: 200, sheetCount: 100 } : { mintCount: 10_000, sheetCount: 2_000 };
      const work = await measureAdminWork(admin, { ...counts, metricsPort, devModePassword, databasePath: database });
      await stopChild(admin);
      console.log(`\n${renderAdminWork(work)}`);
    }

    if (options.cpuQuota) {
      console.log(`\n${renderCpuQuota(await measureCpuQuota({ seconds: options.quick ? 5 : 20, mint: options.quick ? 200 : 10_000 }))}`);
    }

    if (options.cardMemory) {
      console.log(`\n${renderCardMemory(measureCardMemory(options.quick ? 3 : 20))}`);
    }

    if (options.capacity) {
      const capacity = await measureCapacity({ quick: options.quick, durationS: options.durationS, databasePath: database, dir, ticksPerSecond, scanPath: SCAN_PATH });
      console.log(`\n${renderCapacity(capacity)}`);
      console.log(`\n${renderWriteCeiling(await measureWriteCeiling({ seconds: options.quick ? 1 : 3, group: 50 }))}`);
    }
  } finally {
    await stopAll();
    removeDir();
  }
}

await main();
