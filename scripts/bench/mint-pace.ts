// What one token hash of a mint costs in CPU, back to back and paced as the mint's thread paces it
// (docs/performance.md, "The mint's pace"). A mint's length is its thread's CPU divided by
// MINT_CPU_SHARE, so a hash that costs more when paced makes the whole mint longer. Runs the
// worker's own functions (db/password.ts, mint.worker.ts) on this thread; pin it to one CPU for a
// figure of one core:
//
//   taskset -c 1 node scripts/bench/mint-pace.ts [--hashes 700] [--paced 120] [--share 0.02]
import { parseArgs } from "node:util";
import { hashPasswordSync, TOKEN_PASSWORD_COST } from "../../db/password.ts";
import { hashPaced } from "../../app/features/stickers/mint.worker.ts";

const { values } = parseArgs({
  options: {
    hashes: { type: "string", default: "700" },
    paced: { type: "string", default: "120" },
    share: { type: "string", default: "0.02" },
  },
});
const hashes = Number(values.hashes);
const paced = Number(values.paced);
const share = Number(values.share);

const passwords = (n: number) => Array.from({ length: n }, (_, i) => `bench-password-${i}`);
/** This thread's CPU in ms while `work` runs, and the wall time. */
async function measured(work: () => unknown): Promise<{ cpuMs: number; wallMs: number }> {
  const cpu = process.threadCpuUsage();
  const start = performance.now();
  await work();
  const used = process.threadCpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - start };
}

const back = await measured(() => {
  for (const password of passwords(hashes)) hashPasswordSync(password, TOKEN_PASSWORD_COST);
});
console.log(`back to back: ${(back.cpuMs / hashes).toFixed(2)} ms of CPU a hash (${hashes} hashes)`);

const slow = await measured(() => hashPaced({ passwords: passwords(paced), cost: TOKEN_PASSWORD_COST, cpuShare: share }));
console.log(
  `paced at ${share}: ${(slow.cpuMs / paced).toFixed(2)} ms of CPU a hash (${paced} hashes in ${(slow.wallMs / 1000).toFixed(1)} s, ` +
    `${((slow.cpuMs / slow.wallMs) * 100).toFixed(2)} % of a core); a 10,000-sticker mint at this pace: ~${Math.round((10_000 * slow.cpuMs) / paced / share / 1000)} s`,
);
