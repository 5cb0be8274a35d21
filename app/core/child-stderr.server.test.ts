// A heavy-job child's stderr reaches the server's log as JSON lines (core/child-stderr.server.ts):
// a real V8 fatal out-of-memory report, which V8 writes as plain text over many lines, becomes one
// JSON line with the whole report; the child's own JSON lines pass as they are.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { expect, test } from "vitest";
import { relayChildStderr } from "./child-stderr.server";

function relayed(script: string, nodeFlags: string[] = []) {
  const child = spawn(process.execPath, [...nodeFlags, "-e", script], { stdio: ["ignore", "ignore", "pipe"] });
  let written = "";
  relayChildStderr(child.stderr, (text) => (written += text));
  // Both awaited from the start: a child's "exit" may come before its stderr closes, and an "exit"
  // listened for only after the close would be waited for forever.
  return { exited: Promise.all([once(child.stderr, "close"), once(child, "exit")]), written: () => written };
}

test("V8's fatal out-of-memory report, plain text over many lines, is one JSON line with all of it", { timeout: 60_000 }, async () => {
  const { exited, written } = relayed("const kept = []; for (;;) kept.push(new Array(100_000).fill({}));", ["--max-old-space-size=16"]);
  await exited;
  // The relay's last report is written once the child's stderr ends.
  await expect.poll(written).toMatch(/\n$/);
  const lines = written().trimEnd().split("\n");
  expect(lines, written()).toHaveLength(1);
  const entry = JSON.parse(lines[0]!);
  expect(entry).toMatchObject({ level: "error", time: expect.any(String) });
  expect(entry.msg).toMatch(/^The heavy-job process wrote:\n/);
  expect(entry.msg).toContain("JavaScript heap out of memory");
});

test("the child's own JSON lines pass as they are, between plain reports", { timeout: 30_000 }, async () => {
  const own = JSON.stringify({ time: "2026-11-27T00:00:00.000Z", level: "warn", msg: "from the child" });
  const { exited, written } = relayed(`process.stderr.write("plain one\\nplain two\\n"); setTimeout(() => process.stderr.write(${JSON.stringify(own + "\n")}), 300);`);
  await exited;
  await expect.poll(() => written().trimEnd().split("\n").length).toBe(2);
  const [report, passed] = written().trimEnd().split("\n");
  expect(JSON.parse(report!)).toMatchObject({ level: "error", msg: "The heavy-job process wrote:\nplain one\nplain two" });
  expect(passed).toBe(own);
});
