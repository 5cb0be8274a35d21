// Metrics and the request log through the real server (production build, demo data): Prometheus's
// /metrics on METRICS_PORT counts a sticker scan by its route pattern and status, and the finder's
// searches and refusals; the public port answers /metrics with its ordinary 404; each request
// leaves one JSON line in the log without the token from its URL; a busy metrics port stops the
// start; in a cluster the primary serves the workers' summed figures.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { freePort, spawnServer, startServer, stopServer, waitForExit, type ServerProcess } from "./helpers";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const TOKEN = DEMO_IDENTIFIERS.aarav.token;

const dirs: string[] = [];
function tempDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-metrics-"));
  dirs.push(dir);
  return path.join(dir, "metrics.db");
}
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of Prometheus's text format (comments skipped). */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The value of the sample named `name` whose labels include `labels` (0 when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}

async function scrape(port: number): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  return parseMetrics(await response.text());
}

const scanCount = { route: "/", method: "GET", status: "200" };

describe("one process", () => {
  let server: ServerProcess;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    server = await startServer({ DATABASE_PATH: tempDatabase(), TRUST_PROXY: "fly", METRICS_PORT: String(metricsPort) });
  }, 90_000);
  afterAll(() => stopServer(server));

  const scan = (ip: string) => fetch(`${server.url}/?t=${TOKEN}`, { headers: { "User-Agent": PHONE, "Fly-Client-IP": ip } });

  test("/metrics on its own port counts a scan by route and status, and the finder's search", async () => {
    const response = await scan("203.0.113.1");
    expect(response.status).toBe(200);
    await response.text();

    // The count is taken when the response has ended on the server's side: wait for it.
    await expect.poll(async () => valueOf(await scrape(metricsPort), "tagback_http_request_duration_seconds_count", scanCount)).toBe(1);
    const samples = await scrape(metricsPort);
    expect(valueOf(samples, "tagback_finder_searches_total", { kind: "sticker", result: "owner", visitor: "person" })).toBe(1);
    // The latency histogram's buckets, and the process figures an operator watches.
    expect(valueOf(samples, "tagback_http_request_duration_seconds_bucket", { ...scanCount, le: "+Inf" })).toBe(1);
    for (const name of ["nodejs_eventloop_lag_p99_seconds", "nodejs_heap_size_used_bytes", "process_resident_memory_bytes"]) {
      expect(valueOf(samples, name), name).toBeGreaterThan(0);
    }
    expect(samples.some((s) => s.name === "tagback_event_streams_open")).toBe(true);
    // No label anywhere holds the token.
    expect(samples.some((s) => Object.values(s.labels).some((value) => value.includes(TOKEN)))).toBe(false);
  });

  test("the public port answers /metrics with the ordinary 404, and the metrics port serves nothing else", async () => {
    const response = await fetch(`${server.url}/metrics`, { headers: { "User-Agent": PHONE } });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("tagback_http_request_duration_seconds");
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    await expect.poll(async () => valueOf(await scrape(metricsPort), "tagback_http_request_duration_seconds_count", { route: "/*", status: "404" })).toBe(1);
  });

  test("a search over the limit is counted as refused, under its own route label", async () => {
    const before = await scrape(metricsPort);
    let status = 200;
    for (let i = 0; i < 20 && status === 200; i++) {
      const response = await scan("203.0.113.2");
      status = response.status;
      await response.text();
    }
    expect(status).toBe(429);
    await expect.poll(async () => valueOf(await scrape(metricsPort), "tagback_http_request_duration_seconds_count", { route: "search-refused", status: "429" })).toBe(1);
    const after = await scrape(metricsPort);
    expect(valueOf(after, "tagback_finder_searches_refused_total") - valueOf(before, "tagback_finder_searches_refused_total")).toBe(1);
  });

  test("tagback_build_info names the version and commit built; request buckets reach a minute", async () => {
    const samples = await scrape(metricsPort);
    // The commit the build recorded (vite/build-mode.ts): one of this repository's commits, as git
    // names it (HEAD may have moved on since the build, so it is not compared with HEAD).
    const { commit } = JSON.parse(fs.readFileSync("build/server/build-mode.json", "utf8")) as { commit: string };
    expect(commit).toMatch(/^[0-9a-f]{12}$/);
    expect(execFileSync("git", ["rev-parse", "--verify", "--quiet", `${commit}^{commit}`], { encoding: "utf8" }).trim()).toMatch(new RegExp(`^${commit}`));
    const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
    expect(valueOf(samples, "tagback_build_info", { version, commit, node: process.version })).toBe(1);
    const buckets = samples.filter((s) => s.name === "tagback_http_request_duration_seconds_bucket").map((s) => s.labels.le);
    expect(buckets).toContain("60");
  });

  test("the health check is answered first, under its own route label, without the pages' headers", async () => {
    const response = await fetch(`${server.url}/healthcheck`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("OK");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    // Answered before the security headers and the app: no page policy, no cookie.
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toBeNull();
    await expect.poll(async () => valueOf(await scrape(metricsPort), "tagback_http_request_duration_seconds_count", { route: "healthcheck", status: "200" })).toBeGreaterThanOrEqual(1);
    // Any other method: 405 naming the two it answers.
    const posted = await fetch(`${server.url}/healthcheck`, { method: "POST", headers: { Origin: server.url } });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("Allow")).toBe("GET, HEAD");
  });

  test("every request leaves one JSON log line with its route, never its URL", async () => {
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const scanLine = lines.find((line) => line.route === "/" && line.status === 200);
    expect(scanLine).toMatchObject({ method: "GET", route: "/", status: 200 });
    expect(Object.keys(scanLine!).sort()).toEqual(["bytes", "id", "method", "ms", "route", "status", "time"]);
    expect(scanLine!.bytes).toBeGreaterThan(1000);
    expect(Number.isNaN(Date.parse(String(scanLine!.time)))).toBe(false);
    expect(lines.some((line) => line.route === "search-refused" && line.status === 429)).toBe(true);
    // Neither the token nor the client's address reached the log.
    expect(server.output()).not.toContain(TOKEN);
    expect(server.output()).not.toContain("203.0.113.");
  });

  test("every response and its log line carry the request's id: Fly's when well formed, else a new one", async () => {
    const ask = (headers: Record<string, string> = {}) => fetch(`${server.url}/about`, { headers });
    const fly = await ask({ "Fly-Request-Id": "01JD0C3Y3Z9Q-iad.7" });
    expect(fly.headers.get("x-request-id")).toBe("01JD0C3Y3Z9Q-iad.7");
    const made = [await ask(), await ask(), await ask({ "Fly-Request-Id": "not an id\", \"route\": \"x" })].map((response) => response.headers.get("x-request-id"));
    for (const id of made) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(made).size).toBe(3);
    const ids = () => server.output().split("\n").filter((line) => line.startsWith("{")).map((line) => (JSON.parse(line) as { id: string }).id);
    await expect.poll(ids).toEqual(expect.arrayContaining(["01JD0C3Y3Z9Q-iad.7", ...made]));
    expect(server.output()).not.toContain("not an id");
  });

  test("SIGTERM stops the server although a scraper keeps a connection to the metrics port open", { timeout: 30_000 }, async () => {
    const scraper = net.connect(metricsPort, "127.0.0.1");
    await new Promise<void>((resolve) => scraper.once("connect", () => resolve()));
    scraper.on("error", () => {});
    server.child.kill("SIGTERM");
    await waitForExit(server.child);
    scraper.destroy();
    expect(server.child.exitCode).toBe(0);
  });
});

describe("starting", () => {
  const servers: ServerProcess[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await stopServer(server);
  });

  test("a busy metrics port stops the start with a message naming METRICS_PORT", { timeout: 60_000 }, async () => {
    const holder = net.createServer();
    const metricsPort = await new Promise<number>((resolve) => holder.listen(0, "127.0.0.1", () => resolve((holder.address() as net.AddressInfo).port)));
    try {
      const server = await spawnServer({ DATABASE_PATH: tempDatabase(), METRICS_PORT: String(metricsPort) });
      servers.push(server);
      await waitForExit(server.child);
      expect(server.child.exitCode).toBe(1);
      expect(server.stderr()).toContain(`127.0.0.1:${metricsPort} is already in use`);
      expect(server.stderr()).toContain("METRICS_PORT");
      expect(server.output()).not.toMatch(/Seeded|Developer-mode password/);
    } finally {
      holder.close();
    }
  });

  test("WEB_CONCURRENCY=2: the primary alone listens on the metrics port and sums its workers", { timeout: 90_000 }, async () => {
    const metricsPort = await freePort();
    const server = await startServer({ DATABASE_PATH: tempDatabase(), WEB_CONCURRENCY: "2", METRICS_PORT: String(metricsPort) });
    servers.push(server);
    // Printed once both workers listen (and answer the primary's requests for their metrics).
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("2 processes");
    // New connections land on either worker; the primary's figure is the sum of both.
    for (let i = 0; i < 4; i++) {
      const response = await fetch(`${server.url}/?t=${TOKEN}`, { headers: { "User-Agent": PHONE, Connection: "close" } });
      expect(response.status).toBe(200);
      await response.text();
    }
    await expect.poll(async () => valueOf(await scrape(metricsPort), "tagback_http_request_duration_seconds_count", scanCount)).toBe(4);
    expect(valueOf(await scrape(metricsPort), "tagback_finder_searches_total", { kind: "sticker", result: "owner" })).toBe(4);
  });
});
