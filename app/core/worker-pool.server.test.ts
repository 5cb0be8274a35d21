// The pool's runner (core/worker-pool.server.ts) with real child processes: a child ended for being
// idle that exits only after the next task went to a new child must not take that task down with
// it. The interleaving is forced, not timed: the test worker (tests/support/held-task.worker.ts)
// outlives the pool's SIGTERM until the test kills it, and holds the next task until told.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { workerPool } from "./worker-pool.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-pool-"));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone already.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

const gone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

test("a task handed to a new child is answered, though the idle child before it exits meanwhile", { timeout: 60_000 }, async () => {
  const pool = workerPool<{ dir: string; waitFor?: string }, number>({
    caller: import.meta.url,
    source: "../../tests/support/held-task.worker.ts",
    bundled: "held-task-worker.js",
    kind: "card",
    isolation: "process",
    idleTimeoutMs: 1,
  });
  const first = await pool.run({ dir });
  pids.push(first);
  // The pool ends the idle child: it got SIGTERM, and (this worker) lives on.
  await expect.poll(() => fs.existsSync(path.join(dir, `sigterm-${first}`)), { timeout: 30_000 }).toBe(true);
  // The next task goes to a new child, and is held there.
  const second = pool.run({ dir, waitFor: "release" });
  // The first child exits now, while the second child holds the task: the pool has seen the exit
  // once the process is reaped.
  process.kill(first, "SIGKILL");
  await expect.poll(() => gone(first), { timeout: 30_000 }).toBe(true);
  fs.writeFileSync(path.join(dir, "release"), "");
  const answeredBy = await second;
  pids.push(answeredBy);
  expect(answeredBy).not.toBe(first);
});
