// The heavy-job child process (sheet.worker.ts started with HEAVY_JOB_CHILD=1, as sheets and cards
// run: decision 020) writes to the server's own stdout and stderr, so it writes as the server does:
// a crash is one JSON object on one line, its stack in a field (app/core/log-lines.js).
import { fork } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

test("a heavy-job child process that crashes prints one JSON line with the stack in a field, and exits 1", { timeout: 30_000 }, async () => {
  const child = fork(fileURLToPath(new URL("./sheet.worker.ts", import.meta.url)), [], {
    serialization: "advanced",
    env: { ...process.env, HEAVY_JOB_CHILD: "1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  const exited = once(child, "exit");
  // A message that is not one: reading its task throws in the message handler, outside any task's
  // promise — an uncaught exception, as a bug in the child would be.
  child.send(null as never);
  const [code] = await exited;

  expect(code).toBe(1);
  expect(stdout).toBe("");
  const lines = stderr.trimEnd().split("\n");
  expect(lines, stderr).toHaveLength(1);
  const entry = JSON.parse(lines[0]!);
  expect(entry).toMatchObject({ level: "error", msg: "Uncaught exception: the process stops", error: expect.stringContaining("task"), time: expect.any(String) });
  expect(entry.stack).toMatch(/^TypeError: .*\n\s+at /);
  expect(entry.stack).toContain("heavy-job-worker.ts");
});
