// Heavy jobs (core/heavy-jobs.server.ts), with the real worker threads: a sheet, a card and a
// mint's slice asked at once run one after the other, in the order they came, and the queue shows
// in the metrics while they wait; a mint's hashes never take libuv's four threads, which zlib and
// the file system share — with all four held, a mint still finishes, and while a mint runs, gzip
// goes on answering; a mint's hash waits while a request is in flight, not longer; a paced
// mint's thread keeps to its CPU share, all of its CPU counted; a finished batch's sealed slices are
// joined in the mint's thread. Their priority is heavy-job-priority.test.ts's: these run at
// HEAVY_JOB_NICE=0 (tests/setup/setup-test-env.ts), so that other work on the machine does not
// starve them for minutes.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { register } from "prom-client";
import { afterAll, afterEach, expect, test } from "vitest";
import { mintBatches, tagbackTokens } from "../../db/schema";
import { TOKEN_PASSWORD_COST, verifyPassword } from "../../db/password";
import { heavyJobsState } from "~/core/heavy-jobs.server";
import { openWithKey, sealWithKey } from "~/core/aes-gcm";
import { requestsToGiveWayTo, traffic, TRAFFIC } from "~/core/requests-in-flight.server";
import { countInFlight } from "../../server/in-flight";
import { tokenUrl } from "~/features/stickers/mint.server";
import { mintJobsSettled, mintPool, requestMint } from "~/features/stickers/mint-job.server";
import { cardPool, renderLockScreenPng, renderSheetPdf, sheetPool } from "~/features/stickers/sheet-jobs.server";
import { createOwner } from "../support/routes";
import { testDb } from "../support/test-db";

const APP_URL = "https://tagback.example";
const gzip = promisify(zlib.gzip);

afterEach(() => {
  delete process.env.MINT_CPU_SHARE;
  resetEnv();
});

/** getEnv() reads the environment again (it is parsed once per process). */
function resetEnv() {
  (globalThis as { __tagbackEnv?: unknown }).__tagbackEnv = undefined;
}
afterAll(() => Promise.all([sheetPool.close(), cardPool.close(), mintPool.close()]));

async function metricValue(name: string, labels = ""): Promise<number> {
  const text = await register.getSingleMetricAsString(name);
  const line = text.split("\n").find((l) => l.startsWith(`${name}${labels} `));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

test("a sheet, a card and a mint's slice asked at once run one after the other, in order, and the queue shows in the metrics", { timeout: 120_000 }, async () => {
  const stickers = Array.from({ length: 1200 }, (_, i) => {
    const token = String(320000000000 + i * 7919);
    return { token, url: tokenUrl(APP_URL, token) };
  });
  const sheetsDone = await metricValue("tagback_heavy_jobs_total", '{kind="sheet",outcome="done"}');
  const observed = { running: 0, waiting: 0, waitingMetric: 0 };
  const sampler = setInterval(() => {
    const state = heavyJobsState();
    observed.running = Math.max(observed.running, state.running);
    observed.waiting = Math.max(observed.waiting, state.waiting);
  }, 2);

  const finished: string[] = [];
  const done = (name: string) => <T,>(value: T): T => {
    finished.push(name);
    return value;
  };
  // Each in a pool (a thread) of its own: only the gate keeps them from running side by side. The
  // PDF takes the longest, the mint's slice of three hashes the least.
  const pdf = renderSheetPdf(stickers, "heavy").then(done("sheet"));
  const card = renderLockScreenPng({ token: "320000000001", url: tokenUrl(APP_URL, "320000000001"), line: "Found me?", width: 1080, height: 1920, style: "light" }).then(done("card"));
  const slice = mintPool.run({ passwords: ["12345678", "23456789", "34567890"], cost: TOKEN_PASSWORD_COST, cpuShare: 1 }).then(done("mint"));
  // While the sheet runs the other two wait, and the operator's gauge says so.
  observed.waitingMetric = await metricValue("tagback_heavy_jobs_waiting");
  expect(await metricValue("tagback_heavy_jobs_running")).toBe(1);
  const [pdfBytes, png, hashes] = await Promise.all([pdf, card, slice]);
  clearInterval(sampler);

  expect(finished).toEqual(["sheet", "card", "mint"]);
  expect(observed.running).toBe(1);
  expect(observed.waiting).toBe(2);
  expect(observed.waitingMetric).toBe(2);
  expect(await metricValue("tagback_heavy_jobs_waiting")).toBe(0);
  expect(await metricValue("tagback_heavy_jobs_running")).toBe(0);
  expect(await metricValue("tagback_heavy_jobs_total", '{kind="sheet",outcome="done"}')).toBe(sheetsDone + 1);
  // Each came out whole.
  expect(Buffer.from(pdfBytes.subarray(0, 5)).toString()).toBe("%PDF-");
  expect(Buffer.from(png.subarray(1, 4)).toString()).toBe("PNG");
  expect(await verifyPassword("23456789", hashes[1]!)).toBe(true);
});

test("a mint's hashes never take libuv's threads: with all of them held, a mint from the page still finishes", { timeout: 120_000 }, async () => {
  // Unpaced (no request is in flight here to give way to).
  process.env.MINT_CPU_SHARE = "1";
  resetEnv();
  const admin = await createOwner();
  // Every thread of libuv's pool (4 unless UV_THREADPOOL_SIZE says otherwise) held in an open() of
  // a named pipe that no one writes to yet: blocked in the kernel, using no CPU (the mint's thread
  // runs below every other: a pool held by busy threads would starve it, not test it). Anything
  // else that needs the pool — async scrypt, zlib, fs — waits until the pipes are opened for writing.
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-pool-"));
  const pipes = Array.from({ length: threads }, (_, i) => path.join(dir, `pipe-${i}`));
  for (const pipe of pipes) execFileSync("mkfifo", [pipe]);
  const held = pipes.map((pipe) => fs.promises.open(pipe, "r"));
  // The pool really is held: a stat queued behind the pipes cannot run until they open.
  let statted = false;
  const stat = fs.promises.stat(dir).then(() => (statted = true));
  try {
    const batchId = await requestMint(testDb(), { adminId: admin.id, count: 60, requestKey: crypto.randomUUID(), appUrl: APP_URL });
    // Hashed on libuv's pool, the mint would wait for the pipes for ever: here it must end first.
    const outcome = await Promise.race([mintJobsSettled().then(() => "minted"), new Promise((resolve) => setTimeout(resolve, 60_000, "still waiting"))]);
    expect(outcome).toBe("minted");
    expect(statted).toBe(false);
    const batch = testDb().select().from(mintBatches).where(eq(mintBatches.id, batchId)).get()!;
    expect(batch.status).toBe("done");
    const rows = testDb().select().from(tagbackTokens).where(eq(tagbackTokens.batchId, batchId)).all();
    expect(rows).toHaveLength(60);
    expect(rows[0]!.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
  } finally {
    // Opened for writing, each pipe lets its reader's open() return, and the pool is free.
    for (const pipe of pipes) fs.closeSync(fs.openSync(pipe, "w"));
    for (const handle of await Promise.all(held)) await handle.close();
    await stat;
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("while a paced mint runs, compression goes on: 40 gzips, four at a time, all finish while the mint is still going", { timeout: 120_000 }, async () => {
  // The default share (1/50 of a core): 50 stickers are seconds of wall time, a few ms of CPU each.
  const admin = await createOwner();
  const page = crypto.randomBytes(64 * 1024).toString("base64");
  let minted = false;
  await requestMint(testDb(), { adminId: admin.id, count: 50, requestKey: crypto.randomUUID(), appUrl: APP_URL });
  const settled = mintJobsSettled().then(() => (minted = true));
  // Four at a time, as many as libuv has threads: a mint that held any of them would make these queue.
  let compressed = 0;
  while (compressed < 40) {
    await Promise.all(Array.from({ length: 4 }, () => gzip(page)));
    compressed += 4;
  }
  expect(minted).toBe(false);
  await settled;
});

test("a mint's hash does not start while a request is in flight, starts as soon as it ends, and never waits longer than its floor", { timeout: 60_000 }, async () => {
  const counters = traffic();
  // Warm: the thread started and scrypt loaded.
  await mintPool.run({ passwords: ["40000000"], cost: TOKEN_PASSWORD_COST, cpuShare: 1 });
  // A real server counting its requests as server/main.ts does; /held answers when the test says.
  const app = express();
  app.use(countInFlight());
  const releases: Array<() => void> = [];
  let arrived = 0;
  app.get("/held", async (_req, res) => {
    arrived++;
    await new Promise<void>((resolve) => releases.push(resolve));
    res.send("done");
  });
  app.get("/stream", (_req, res) => {
    res.set("Content-Type", "text/event-stream").flushHeaders();
    res.write(": open\n\n");
  });
  const server = http.createServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // An open event stream is not a request in flight once its headers are out.
    const stream = await fetch(`${base}/stream`);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await expect.poll(() => requestsToGiveWayTo(counters)).toBe(0);

    const held = fetch(`${base}/held`);
    await expect.poll(() => arrived).toBe(1);
    expect(requestsToGiveWayTo(counters)).toBe(1);
    // The floor far away (60 s): only the request's end can let this hash start before the test's timeout.
    let hashed = false;
    const slice = mintPool
      .run({ passwords: ["12345678"], cost: TOKEN_PASSWORD_COST, cpuShare: 1, traffic: counters, giveWayAtMostMs: 60_000 })
      .then((hashes) => ((hashed = true), hashes));
    await expect.poll(() => Atomics.load(counters, TRAFFIC.givingWay)).toBe(1);
    expect(hashed).toBe(false);
    releases.shift()!();
    expect(await (await held).text()).toBe("done");
    const [hash] = await slice;
    expect(await verifyPassword("12345678", hash!)).toBe(true);
    expect(Atomics.load(counters, TRAFFIC.givingWay)).toBe(0);

    // With the default floor (1 s a hash) a slice ends even while a request stays in flight.
    const heldAgain = fetch(`${base}/held`);
    await expect.poll(() => arrived).toBe(2);
    let floorDone = false;
    const floor = mintPool.run({ passwords: ["23456789", "34567890"], cost: TOKEN_PASSWORD_COST, cpuShare: 1, traffic: counters }).then((hashes) => ((floorDone = true), hashes));
    await floor;
    expect(floorDone).toBe(true);
    expect(requestsToGiveWayTo(counters)).toBe(1);
    releases.shift()!();
    await heldAgain;
    await stream.body?.cancel();
  } finally {
    server.closeAllConnections();
    server.close();
  }
  await expect.poll(() => requestsToGiveWayTo(counters)).toBe(0);
});

test("a mint's thread stays within its CPU share, everything it runs counted", { timeout: 30_000 }, async () => {
  // Run here, on this thread, so that its CPU can be read whole: a tenth of a core, 30 hashes.
  const { hashPaced } = await import("~/features/stickers/mint.worker");
  const share = 0.1;
  await hashPaced({ passwords: ["10000000"], cost: TOKEN_PASSWORD_COST, cpuShare: 1 });
  const cpuBefore = process.threadCpuUsage();
  const started = performance.now();
  const hashes = await hashPaced({ passwords: Array.from({ length: 30 }, (_, i) => String(20_000_000 + i)), cost: TOKEN_PASSWORD_COST, cpuShare: share });
  const wallMs = performance.now() - started;
  const cpu = process.threadCpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  expect(hashes).toHaveLength(30);
  // Paced on a reading around each hash alone, this thread ran at ~3.7 times its share.
  expect(cpuMs / wallMs).toBeLessThan(share * 1.5);
});

test("the mint's thread joins a batch's sealed slices into one sealed CSV, in order; a slice sealed under another key gives null", async () => {
  const key = crypto.randomBytes(32);
  const slices = ["111111111111,11111111,u1\n", "222222222222,22222222,u2\n333333333333,33333333,u3\n", "444444444444,44444444,u4\n"];
  const joined = await mintPool.run({ key, header: "token,password,url\n", sealedSlices: slices.map((lines) => sealWithKey(key, lines)) });
  expect(joined).toBeInstanceOf(Uint8Array);
  expect(openWithKey(key, joined!)).toBe(`token,password,url\n${slices.join("")}`);
  expect(openWithKey(crypto.randomBytes(32), joined!)).toBeNull();

  const stranger = sealWithKey(crypto.randomBytes(32), slices[1]!);
  expect(await mintPool.run({ key, header: "token,password,url\n", sealedSlices: [sealWithKey(key, slices[0]!), stranger] })).toBeNull();
});
