// The markdown report of `npm run bench`: the issue's table (goal, measured, met) first, then the
// runs it was computed from.
import type { Run } from "./load.ts";

export type Measurements = {
  environment: string;
  scanPath: string;
  bytes: {
    htmlGzip: number;
    htmlPlain: number;
    /** Compressed bytes up to the end of the owner's profile, or why it was not found. */
    profileEnd: { bytes: number; via: string } | { missing: string };
    cssFiles: number;
    cssGzip: number;
    /** The page's inline CSS, on its own (already part of the HTML's bytes). */
    cssInlineGzip: number;
    jsModules: number;
    jsGzip: number;
  };
  rss: { idle: number; afterLookups: number; lookups: number; underLoad: number; processes: number };
  scan: Run[];
  refused: Array<Run & { clientIp: string }>;
  /** The anonymous pages (the landing page, /about, /findowner, the blog, a post). */
  pages: PageRuns[];
  bareNode: Run[];
  /** nginx's runs, or why there are none. */
  nginx: Run[] | string;
};

export type PageRuns = { path: string; runs: Run[] };

const FIRST_ROUND_TRIP = 14 * 1024;
/** The issue's goal for a page every anonymous visitor sees alike (issue 24). */
const ANONYMOUS_PAGE_GOAL_MS = 1;
const MB = 1024 * 1024;
const HEADLINE_CONNECTIONS = 50;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
/** Latency percentiles of a run without a single response are unknown, not 0. */
const latency = (run: Run, value: number) => (run.requests > 0 ? value.toFixed(1) : "–");
const ms = (value: number | null) => (value === null ? "–" : `${value.toFixed(2)} ms`);
const yes = (met: boolean) => (met ? "yes" : "**no**");
const at = (runs: Run[], connections: number) => runs.find((run) => run.connections === connections);
const percent = (part: number, whole: number) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : "–");

/** "0.52 ms at 50 (1: 0.61, 10: 0.55)": the headline and the other concurrencies. */
function cpuSummary(runs: Run[]): string {
  const headline = at(runs, HEADLINE_CONNECTIONS);
  const others = runs.filter((run) => run !== headline).map((run) => `${run.connections}: ${run.cpuMsPerRequest?.toFixed(2) ?? "–"}`);
  return `${ms(headline?.cpuMsPerRequest ?? null)} at ${HEADLINE_CONNECTIONS} connections (${others.join(", ")})`;
}

function goalsTable(m: Measurements): string[] {
  const scan = at(m.scan, HEADLINE_CONNECTIONS);
  const refused = at(m.refused, HEADLINE_CONNECTIONS);
  const nginx = typeof m.nginx === "string" ? undefined : at(m.nginx, HEADLINE_CONNECTIONS);
  const bare = at(m.bareNode, HEADLINE_CONNECTIONS);
  const scanCpu = scan?.cpuMsPerRequest ?? Infinity;
  const refusedCpu = refused?.cpuMsPerRequest ?? Infinity;
  const nginxRatio = scan && nginx ? scan.requestsPerSecond / nginx.requestsPerSecond : null;
  const { profileEnd } = m.bytes;
  return [
    "| | goal | measured | met |",
    "| --- | --- | --- | --- |",
    `| server CPU per scan request | ≤ 0.7 ms | ${cpuSummary(m.scan)} | ${yes(scanCpu <= 0.7)} |`,
    `| scan requests per second at 50 connections | ≥ 1,500, p99 ≤ 50 ms | ${scan ? `${scan.requestsPerSecond.toFixed(0)}/s, p99 ${latency(scan, scan.p99)} ms` : "–"} | ${yes(!!scan && scan.requests > 0 && scan.requestsPerSecond >= 1500 && scan.p99 <= 50)} |`,
    `| throughput next to nginx serving the same bytes | ≥ 10 % | ${
      typeof m.nginx === "string" ? m.nginx : percent(scan?.requestsPerSecond ?? 0, nginx?.requestsPerSecond ?? 0)
    } (bare node:http: ${percent(scan?.requestsPerSecond ?? 0, bare?.requestsPerSecond ?? 0)}) | ${nginxRatio === null ? "–" : yes(nginxRatio >= 0.1)} |`,
    `| CPU per refused (429) search | ≤ 0.3 ms | ${cpuSummary(m.refused)} | ${yes(refusedCpu <= 0.3)} |`,
    ...m.pages.map(({ path, runs }) => {
      const cpu = at(runs, HEADLINE_CONNECTIONS)?.cpuMsPerRequest ?? Infinity;
      const rps = at(runs, HEADLINE_CONNECTIONS)?.requestsPerSecond ?? 0;
      return `| CPU per request, \`${path}\` | ≤ ${ANONYMOUS_PAGE_GOAL_MS} ms | ${cpuSummary(runs)}, ${rps.toFixed(0)}/s | ${yes(cpu <= ANONYMOUS_PAGE_GOAL_MS)} |`;
    }),
    `| JavaScript a finder downloads on the scan page | ≤ 15 KB gz (0 needed) | ${kb(m.bytes.jsGzip)}, ${m.bytes.jsModules} modules | ${yes(m.bytes.jsGzip <= 15 * 1024)} |`,
    "| Lighthouse mobile performance | 100, LCP ≤ 1.0 s, CLS 0 | not measured by `npm run bench` (run Lighthouse) | – |",
    `| server memory (RSS) idle / after IP-location lookups / under load | ≤ 100 / ≤ 150 / ≤ 220 MB | ${mb(m.rss.idle)} / ${mb(m.rss.afterLookups)} / ${mb(m.rss.underLoad)} | ${yes(
      m.rss.idle <= 100 * MB && m.rss.afterLookups <= 150 * MB && m.rss.underLoad <= 220 * MB,
    )} |`,
    `| owner's profile complete in the compressed HTML (DESIGN §8) | within ${kb(FIRST_ROUND_TRIP)} | ${
      "bytes" in profileEnd ? `after ${kb(profileEnd.bytes)}` : profileEnd.missing
    } | ${"bytes" in profileEnd ? yes(profileEnd.bytes <= FIRST_ROUND_TRIP) : "–"} |`,
  ];
}

function statusText(run: Run): string {
  return [...run.statuses].map(([code, n]) => `${code}×${n}`).join(" ") || "none";
}

function runsTable(runs: Run[]): string[] {
  const lines = [
    "| target | connections | requests | req/s | p50 ms | p95 ms | p99 ms | server CPU/request | statuses | errors |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |",
  ];
  for (const run of runs) {
    lines.push(
      `| ${run.label} | ${run.connections} | ${run.requests} | ${run.requestsPerSecond.toFixed(0)} | ${latency(run, run.p50)} | ${latency(run, run.p95)} | ${latency(run, run.p99)} | ${ms(run.cpuMsPerRequest)} | ${statusText(run)} | ${run.errors} |`,
    );
  }
  return lines;
}

export function renderReport(m: Measurements): string {
  const { bytes, rss } = m;
  const profile = "bytes" in bytes.profileEnd ? `${kb(bytes.profileEnd.bytes)} (end of \`${bytes.profileEnd.via}\`)` : bytes.profileEnd.missing;
  const connections = m.scan.map((run) => run.connections);
  const ratioRow = (c: number) => {
    const scan = at(m.scan, c)?.requestsPerSecond ?? 0;
    const nginx = typeof m.nginx === "string" ? m.nginx : percent(scan, at(m.nginx, c)?.requestsPerSecond ?? 0);
    return `| ${c} | ${nginx} | ${percent(scan, at(m.bareNode, c)?.requestsPerSecond ?? 0)} |`;
  };
  const lines = [
    `## Tagback bench`,
    "",
    m.environment,
    "",
    `Scan: GET ${m.scanPath} (seeded verified token; every request from a new public client IP, one in four IPv6).`,
    "",
    ...goalsTable(m),
    "",
    "### Bytes (gzip)",
    "",
    `| what | bytes |`,
    `| --- | ---: |`,
    `| HTML of the scan page | ${kb(bytes.htmlGzip)} (${kb(bytes.htmlPlain)} plain) |`,
    `| … owner's profile complete after | ${profile} |`,
    `| CSS inline in the HTML (part of its bytes) | ${kb(bytes.cssInlineGzip)} |`,
    `| CSS files (${bytes.cssFiles}) | ${kb(bytes.cssGzip)} |`,
    `| JavaScript (${bytes.jsModules} modules) | ${kb(bytes.jsGzip)} |`,
    "",
    `### Memory (RSS, sum over ${rss.processes} server processes)`,
    "",
    "| when | RSS |",
    "| --- | ---: |",
    `| idle (started, no request yet) | ${mb(rss.idle)} |`,
    `| after IP-location lookups (${rss.lookups} scans from distinct public IPs) | ${mb(rss.afterLookups)} |`,
    `| under load (peak, sampled every 100 ms in the ${HEADLINE_CONNECTIONS}-connection scan run) | ${mb(rss.underLoad)} |`,
    "",
    "### Runs",
    "",
    ...runsTable([...m.scan, ...m.refused, ...m.pages.flatMap((page) => page.runs), ...m.bareNode, ...(typeof m.nginx === "string" ? [] : m.nginx)]),
    "",
    `Refused runs: one fixed client IP per run (${m.refused.map((run) => `${run.connections}: ${run.clientIp}`).join(", ")}), its search limit used up before the run.`,
    "",
    "### Scan throughput next to the same bytes served statically",
    "",
    "| connections | scan / nginx | scan / bare node:http |",
    "| ---: | ---: | ---: |",
    ...connections.map(ratioRow),
  ];
  return lines.join("\n");
}
