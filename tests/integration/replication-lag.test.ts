// The replication-lag gauge (app/core/replication-lag.server.ts) against the real Litestream binary,
// its real metrics address and a real SQLite file written to while it runs: a replica Litestream
// keeps up to date reads a lag of a few seconds at most under steady writes; a replica that breaks
// (its folder replaced by a file: no sync reaches it) makes the lag grow by a second a second; a replica never reached (an object store that
// refuses connections) and a Litestream whose metrics cannot be read both grow from the start.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "prom-client";
import { afterEach, describe, expect, test } from "vitest";
import { openDatabase } from "../../db/connection";
import { users } from "../../db/schema";
import { litestreamMetricsUrl, readLitestream, startReplicationLag } from "~/core/replication-lag.server";
import { freePort } from "./helpers";

const root = path.resolve(import.meta.dirname, "../..");
const config = path.join(root, "litestream.yml");
const litestream = path.join(root, "node_modules/@flydotio/litestream-linux-x64/litestream");
const supported = process.platform === "linux" && process.arch === "x64";
const POLL_MS = 250;

const running: ChildProcess[] = [];
const dirs: string[] = [];
const stops: AbortController[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop.abort();
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function lagMetric(): Promise<number> {
  const metric = (await register.getMetricsAsJSON()).find((m) => m.name === "tagback_backup_replication_lag_seconds");
  return Number(metric?.values[0]?.value);
}

/** A live database, Litestream replicating it to `replicaUrl` with its metrics on a free port, and the gauge polling them. */
async function replicate(replicaUrl: (dir: string) => string, extraEnv: NodeJS.ProcessEnv = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-lag-test-"));
  dirs.push(dir);
  const file = path.join(dir, "live", "tagback.db");
  fs.mkdirSync(path.dirname(file));
  const { db } = openDatabase(file);
  const metricsPort = await freePort();
  const addr = `127.0.0.1:${metricsPort}`;
  const env = { ...process.env, DATABASE_PATH: file, LITESTREAM_REPLICA_URL: replicaUrl(dir), LITESTREAM_ENDPOINT: "", LITESTREAM_REGION: "", LITESTREAM_METRICS_ADDR: addr, ...extraEnv };
  const child = spawn(litestream, ["replicate", "-config", config], { env, stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let log = "";
  for (const stream of [child.stdout!, child.stderr!]) stream.setEncoding("utf8").on("data", (chunk: string) => (log += chunk));
  const url = litestreamMetricsUrl(`:${metricsPort}`)!;
  await expect.poll(() => readLitestream(url, file), { timeout: 15_000 }).not.toBeNull();
  const stop = new AbortController();
  stops.push(stop);
  const tracker = startReplicationLag({ url, databasePath: file, pollMs: POLL_MS }, stop.signal);
  let written = 0;
  const write = () => db.insert(users).values({ id: `lag-${written}`, email: `lag-${written++}@example.test` }).run();
  return { dir, file, db, tracker, write, log: () => log };
}

describe.skipIf(!supported)("the replication-lag gauge", () => {
  test(
    "stays within a few seconds while the replica keeps up, and grows by a second a second once it breaks",
    { timeout: 90_000 },
    async () => {
      const { dir, db, write } = await replicate((d) => pathToFileURL(path.join(d, "replica")).href);
      const replica = path.join(dir, "replica");
      // Steady writes (5 a second) for 8 s: the lag never passes the poll interval plus Litestream's 1 s sync, plus slack for a busy machine.
      let worst = 0;
      for (let i = 0; i < 40; i++) {
        write();
        await sleep(200);
        worst = Math.max(worst, await lagMetric());
      }
      expect(worst).toBeLessThan(4);
      await expect.poll(lagMetric, { timeout: 10_000 }).toBe(0);

      // The replica breaks: its folder becomes a file, so every sync fails (as expired keys or a deleted bucket would).
      fs.rmSync(replica, { recursive: true, force: true });
      fs.writeFileSync(replica, "not a folder");
      const brokeAt = Date.now();
      for (let i = 0; i < 20; i++) {
        write();
        await sleep(250);
      }
      const lag = await lagMetric();
      // Writes have waited since soon after the break (one poll late at most): it reads the time they have waited.
      expect(lag).toBeGreaterThan(3);
      expect(lag).toBeLessThanOrEqual((Date.now() - brokeAt) / 1000 + 0.5);
      await sleep(1_000);
      expect(await lagMetric()).toBeGreaterThan(lag + 0.5);

      db.$client.close();
    },
  );

  test("a replica never reached (its object store refuses connections) grows from the start", { timeout: 30_000 }, async () => {
    const closedPort = await freePort();
    const started = Date.now();
    const { db, write } = await replicate(() => "s3://tagback-test/tagback.db", {
      LITESTREAM_ENDPOINT: `http://127.0.0.1:${closedPort}`,
      LITESTREAM_REGION: "auto",
      AWS_ACCESS_KEY_ID: "test",
      AWS_SECRET_ACCESS_KEY: "test",
    });
    write();
    await sleep(3_000);
    const lag = await lagMetric();
    expect(lag).toBeGreaterThan(2.5);
    expect(lag).toBeLessThanOrEqual((Date.now() - started) / 1000);
    db.$client.close();
  });

  test("a Litestream whose metrics cannot be read vouches for nothing: the lag grows and the reads count as failures", { timeout: 20_000 }, async () => {
    const port = await freePort();
    const stop = new AbortController();
    stops.push(stop);
    const errors = await import("vitest").then(({ vi }) => vi.spyOn(console, "error").mockImplementation(() => {}));
    startReplicationLag({ url: `http://127.0.0.1:${port}/metrics`, databasePath: "/nowhere/tagback.db", pollMs: POLL_MS }, stop.signal);
    await sleep(2_000);
    expect(await lagMetric()).toBeGreaterThan(1.5);
    // One line, not one per poll.
    expect(errors.mock.calls.filter(([line]) => String(line).startsWith("Replication lag: cannot read"))).toHaveLength(1);
    errors.mockRestore();
    const failures = (await register.getMetricsAsJSON()).find((m) => m.name === "tagback_backup_litestream_metrics_read_errors_total");
    expect(Number(failures?.values[0]?.value)).toBeGreaterThanOrEqual(4);
  });
});
