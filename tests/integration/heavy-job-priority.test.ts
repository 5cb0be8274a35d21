// Every heavy job runs at the lowest CPU priority (core/heavy-job-priority.server.ts): a mint's
// thread and a sheet's child process, every thread of them, lowered at birth, while the event loop
// keeps its own; the mint's thread starts lowered when an admin opens the mint's form; a warmed
// thread ends when idle. The other heavy-job tests run at HEAVY_JOB_NICE=0 (tests/setup); these at
// the default a deployment has, set before any module reads it.
import fs from "node:fs";
import { afterAll, expect, test, vi } from "vitest";
import { TOKEN_PASSWORD_COST } from "../../db/password";
import { tokenUrl } from "~/features/stickers/mint.server";
import { mintPool } from "~/features/stickers/mint-job.server";
import { cardPool, renderSheetSvg, sheetPool } from "~/features/stickers/sheet-jobs.server";
import { HEAVY_JOB_NICE } from "~/core/heavy-job-priority.server";
import { LOWEST_NICE } from "../../server/thread-priority.js";
import { workerPool } from "~/core/worker-pool.server";
import { grantAdmin } from "~/features/account/admins.server";
import { loader as adminStickersLoader } from "~/routes/admin.stickers/route";
import { callRoute, createOwner, get, statusOf } from "../support/routes";
import { childrenOf, niceByThread } from "./helpers";
import { testDb } from "../support/test-db";

vi.hoisted(() => {
  delete process.env.HEAVY_JOB_NICE;
});

const APP_URL = "https://tagback.example";
afterAll(() => Promise.all([sheetPool.close(), cardPool.close(), mintPool.close()]));

test("unset, HEAVY_JOB_NICE is the lowest priority there is", () => {
  expect(HEAVY_JOB_NICE).toBe(LOWEST_NICE);
});

test("a heavy job runs at the lowest CPU priority, in its thread as in its child process; the event loop's thread keeps its own", { timeout: 60_000 }, async () => {
  expect(niceByThread(process.pid).get(process.pid)).toBe(0);
  // A mint's slice in the pool's thread, paced slowly enough to be running while it is looked at.
  const slice = mintPool.run({ passwords: Array.from({ length: 40 }, (_, i) => String(50_000_000 + i)), cost: TOKEN_PASSWORD_COST, cpuShare: 0.05 });
  await expect.poll(() => [...niceByThread(process.pid).values()].filter((nice) => nice === HEAVY_JOB_NICE).length, { timeout: 20_000 }).toBe(1);
  expect(niceByThread(process.pid).get(process.pid)).toBe(0);
  // Not waited for: at the lowest priority beside other work it may take minutes; closing ends it.
  const ended = slice.then(() => "finished", () => "ended");
  await mintPool.close();
  expect(["finished", "ended"]).toContain(await ended);

  // A sheet, in a child process of its own (which stays a while after its job; an earlier test's
  // may still be there): every heavy-job child of this process runs at that priority, every thread
  // of it — V8's helpers too, which Node starts as it boots: the child was lowered before that.
  await renderSheetSvg([{ token: "330000000001", url: tokenUrl(APP_URL, "330000000001") }]);
  const workers = childrenOf(process.pid).filter((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").match(/sheet[.-]worker/) !== null);
  expect(workers.length).toBeGreaterThan(0);
  for (const pid of workers) {
    const nices = niceByThread(pid);
    expect(nices.size).toBeGreaterThan(4);
    expect(new Set(nices.values())).toEqual(new Set([HEAVY_JOB_NICE]));
  }
});

/** This process's threads at a heavy job's priority. */
const heavyJobThreads = () => [...niceByThread(process.pid)].filter(([, nice]) => nice === HEAVY_JOB_NICE).map(([id]) => id);

test("an admin opening the mint's form starts the mint's thread, lowered, before any mint; the mint's slice then runs in it", { timeout: 60_000 }, async () => {
  await mintPool.close();
  expect(heavyJobThreads()).toEqual([]);
  const admin = await createOwner();
  expect((await grantAdmin(testDb(), admin.email)).status).toBe("granted");
  const owner = await createOwner();

  // Not for an owner: the page refuses before anything starts.
  expect(statusOf(await callRoute(adminStickersLoader, get("/admin/stickers"), { user: owner }))).toBe(403);
  expect(statusOf(await callRoute(adminStickersLoader, get("/admin/stickers"), {}))).toBe(302);
  expect(heavyJobThreads()).toEqual([]);

  expect(statusOf(await callRoute(adminStickersLoader, get("/admin/stickers"), { user: admin }))).toBe(200);
  await expect.poll(heavyJobThreads, { timeout: 10_000 }).toHaveLength(1);
  const [warmed] = heavyJobThreads();
  // Opening the page again keeps the one thread.
  await callRoute(adminStickersLoader, get("/admin/stickers?page=2"), { user: admin });
  expect(await mintPool.run({ passwords: ["61234567"], cost: TOKEN_PASSWORD_COST, cpuShare: 1 })).toHaveLength(1);
  expect(heavyJobThreads()).toEqual([warmed]);
});

test("a warmed thread that gets no task ends after the pool's idle time, as an idle one does", { timeout: 60_000 }, async () => {
  const pool = workerPool<{ passwords: string[]; cost: typeof TOKEN_PASSWORD_COST; cpuShare: number }, string[]>({
    caller: import.meta.url,
    source: "../../app/features/stickers/mint.worker.ts",
    bundled: "mint-worker.js",
    kind: "mint",
    idleTimeoutMs: 500,
  });
  const before = new Set(heavyJobThreads());
  try {
    pool.warm();
    await expect.poll(() => heavyJobThreads().filter((id) => !before.has(id)), { timeout: 10_000 }).toHaveLength(1);
    await expect.poll(() => heavyJobThreads().filter((id) => !before.has(id)), { timeout: 10_000 }).toHaveLength(0);
  } finally {
    await pool.close();
  }
});
