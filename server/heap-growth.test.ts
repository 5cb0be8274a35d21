// The launcher's heap growth (server/heap-growth.js, decision 040): under production's heap flags
// (fly.toml), a process that calls it lets its old generation grow much further past what a major
// GC left alive before it collects again. Read from V8's own trace of a forced major GC: the limit
// it sets next (`old_gen_allocation_limit`) over the same live heap. (Counting major GCs of a
// synthetic load was tried: V8's choice depends on timing and flipped between runs.)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { productionNodeOptions } from "../scripts/bench/servers.ts";

// ~19 MB that stays alive, then two full GCs; V8's trace line of the last one says the next limit.
const PROGRAM = `
if (process.env.GROW) (await import(process.env.GROW)).growHeapBeforeCollecting();
const live = []; for (let i = 0; i < 200000; i++) live.push({ i, s: "b" + i });
globalThis.gc(); globalThis.gc();
console.log("live objects", live.length);
`;

function afterMajorGc(grow: boolean): { live: number; limit: number } {
  const run = spawnSync(process.execPath, ["--expose-gc", "--trace-gc-nvp", "--input-type=module", "-e", PROGRAM], {
    env: { ...process.env, NODE_OPTIONS: productionNodeOptions(), GROW: grow ? path.resolve(import.meta.dirname, "heap-growth.js") : "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  const last = run.stdout.split("\n").findLast((line) => line.includes("gc=mc"));
  const field = (name: string) => Number(new RegExp(`\\b${name}=(\\d+)`).exec(last ?? "")?.[1]);
  const found = { live: field("end_object_size"), limit: field("old_gen_allocation_limit") };
  expect(found.limit, `no major GC in V8's trace:\n${run.stdout.slice(-2000)}`).toBeGreaterThan(0);
  return found;
}

test("the old generation may grow much further before the next major GC, within the same heap cap", () => {
  const plain = afterMajorGc(false);
  const grown = afterMajorGc(true);
  // The same live heap either way (~19 MB); V8 alone sets the next limit ~2.3 times it, grown ~4
  // times, capped halfway to --max-old-space-size.
  expect(Math.abs(grown.live - plain.live)).toBeLessThan(plain.live * 0.1);
  expect(grown.limit).toBeGreaterThan(plain.limit * 1.5);
  const cap = Number(/--max-old-space-size=(\d+)/.exec(productionNodeOptions())?.[1]);
  expect(grown.limit).toBeLessThan(cap * 1024 * 1024);
});
