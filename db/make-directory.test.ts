import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { makeDirectory } from "./make-directory.ts";

test("makes missing parents one level at a time", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-mkdir-"));
  try {
    const dir = makeDirectory(path.join(root, "a", "b", "c"));
    expect(fs.statSync(dir).isDirectory()).toBe(true);
    expect(makeDirectory(dir)).toBe(dir); // already there
    fs.writeFileSync(path.join(root, "file"), "");
    expect(() => makeDirectory(path.join(root, "file", "x"))).toThrow(/is not a folder/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

// mkdirSync's `recursive` spins forever here (ENOENT under a parent that exists).
test.runIf(fs.existsSync("/proc/self"))("fails at once under /proc instead of spinning", () => {
  expect(() => makeDirectory("/proc/nope/deeper")).toThrow(/ENOENT/);
});
