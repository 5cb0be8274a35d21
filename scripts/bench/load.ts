// One load run: autocannon against a URL at a number of connections, with the server's CPU time
// over the run (its whole process tree, scripts/bench/proc.ts) and exact p50/p95/p99 from every
// response's latency (autocannon's own summary has p97.5 but no p95).
import autocannonUntyped from "autocannon";
import type { EventEmitter } from "node:events";
import { treeCpuTicks, waitUntilQuiet } from "./proc.ts";

/** A phone browser, so the page is rendered and logged as a person's scan would be. */
export const USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";

/** What Chrome on Android sends: brotli is taken when the server offers it. */
export const PHONE_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** At most this many latencies are kept per run (1,500 req/s for 60 s is 90,000). */
const MAX_SAMPLES = 1_000_000;

// The options and result fields used here; scripts/autocannon.d.ts declares fewer.
type Options = {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  timeout?: number;
  headers: Record<string, string>;
  requests: Array<{ setupRequest: (request: { headers?: Record<string, string>; path?: string }) => unknown }>;
};
type Result = { requests: { average: number; total: number; sent: number }; errors: number; timeouts: number; duration: number };
type Tracker = EventEmitter & PromiseLike<Result>;
const autocannon = autocannonUntyped as unknown as (options: Options) => Tracker;

export type Run = {
  label: string;
  connections: number;
  /** Responses completed. */
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses by status code. */
  statuses: Map<number, number>;
  errors: number;
  /** Server CPU (user + system) per request sent; null when no server process was given. */
  cpuMsPerRequest: number | null;
};

export type LoadSpec = {
  label: string;
  url: string;
  connections: number;
  /** Seconds; or `amount` requests, whichever the spec gives. */
  durationS?: number;
  amount?: number;
  /** The client address each request claims (Fly-Client-IP). */
  clientIp: () => string;
  /** The process whose tree's CPU time is measured, with its clock ticks per second. */
  server?: { pid: number; ticksPerSecond: number };
  /** Each request's path and query, when they differ (many owners each scanned once, junk query strings). */
  path?: () => string;
  /** Headers every request carries besides the defaults (a signed-in owner's Cookie). */
  headers?: Record<string, string>;
  /** Makes each request a form POST: its path (default the url's), url-encoded fields and the headers it adds (a cookie). */
  form?: () => { path?: string; fields: Record<string, string>; headers: Record<string, string> };
};

export async function runLoad(spec: LoadSpec): Promise<Run> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  if (spec.server) await waitUntilQuiet(spec.server.pid);
  const ticksBefore = spec.server ? treeCpuTicks(spec.server.pid) : 0;
  const tracker = autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.amount ? { amount: spec.amount } : { duration: spec.durationS ?? 5 }),
    timeout: 10,
    headers: { "accept-encoding": PHONE_ACCEPT_ENCODING, "user-agent": USER_AGENT, ...spec.headers },
    requests: [
      {
        setupRequest: (request) => {
          const headers = { ...request.headers, "fly-client-ip": spec.clientIp() };
          if (!spec.form) return spec.path ? { ...request, headers, path: spec.path() } : { ...request, headers };
          const { path, fields, headers: added } = spec.form();
          const body = new URLSearchParams(fields).toString();
          const post = { ...request, method: "POST", body, headers: { ...headers, ...added, "content-type": "application/x-www-form-urlencoded" } };
          return path ? { ...post, path } : post;
        },
      },
    ],
  });
  tracker.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    if (latencies.length < MAX_SAMPLES) latencies.push(responseTimeMs);
  });
  const result = await tracker;
  // autocannon stops at the deadline with up to `connections` requests unanswered; the server
  // still does their work. So the CPU is counted until the server is idle again and divided by
  // the requests sent, not only those answered.
  if (spec.server) await waitUntilQuiet(spec.server.pid);
  const ticks = spec.server ? treeCpuTicks(spec.server.pid) - ticksBefore : 0;
  const requests = result.requests.total;
  const sent = Math.max(requests, result.requests.sent);
  latencies.sort((a, b) => a - b);
  return {
    label: spec.label,
    connections: spec.connections,
    requests,
    requestsPerSecond: result.duration > 0 ? requests / result.duration : result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    statuses,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: spec.server && sent > 0 ? ((ticks / spec.server.ticksPerSecond) * 1000) / sent : null,
  };
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Responses with `status` and all others, e.g. to check a refused run really was all 429s. */
export function countStatus(run: Run, status: number): { matching: number; other: number } {
  let matching = 0;
  let other = 0;
  for (const [code, n] of run.statuses) {
    if (code === status) matching += n;
    else other += n;
  }
  return { matching, other: other + run.errors };
}
