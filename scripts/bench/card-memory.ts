// What a lock-screen card costs in memory, and whether it comes back (issue 35, decision 020).
// resvg's WebAssembly memory grows to hold a 2160 × 3840 card's pixels and never shrinks; the card
// now renders in a child process of its own that ends CARD_IDLE_MS after its last card. This renders
// N cards of the largest size through the same pool the server uses, in a process started with
// fly.toml's NODE_OPTIONS, and reads the RSS of that process and its children together: before,
// after the first card, after all N, the peak, and 10 s after the last. For the comparison, the
// same in a worker thread kept 30 s (as before).
//
//   node scripts/bench/card-memory.ts [--cards 20]        # both ways, each in a fresh process
//   npm run bench -- --card-memory
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const FLY_NODE_OPTIONS = "--max-old-space-size=128 --max-semi-space-size=16";
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

export type CardMemory = { mode: "kept" | "returned"; cards: number; before: number; first: number; all: number; peak: number; afterIdle: number; msPerCard: number };

/** RSS of this process and of its children (a heavy-job child process counts), in bytes. */
function treeRss(): number {
  let total = process.memoryUsage.rss();
  for (const task of fs.readdirSync("/proc/self/task")) {
    let children: string[] = [];
    try {
      children = fs.readFileSync(`/proc/self/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      // the thread ended meanwhile
    }
    for (const pid of children) {
      try {
        const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
        total += Number(kb ?? 0) * 1024;
      } catch {
        // the child ended meanwhile
      }
    }
  }
  return total;
}

async function measureHere(cards: number, kept: boolean): Promise<CardMemory> {
  const { workerPool } = await import("../../app/core/worker-pool.server.ts");
  const { cardPool, CARD_IDLE_MS } = await import("../../app/features/stickers/sheet-jobs.server.ts");
  const pool = kept
    ? workerPool<unknown, Uint8Array>({
        caller: new URL("../../app/features/stickers/sheet-jobs.server.ts", import.meta.url).href,
        source: "./sheet.worker.ts",
        bundled: "sheet-worker.js",
        kind: "card",
        idleTimeoutMs: 30_000,
        isolation: "thread",
      })
    : cardPool;
  const settle = async (ms: number) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    globalThis.gc?.();
  };
  const card = (i: number) => ({
    token: String(310000000000 + i),
    url: `https://tagback.example/?t=${310000000000 + i}`,
    line: "If found, please scan",
    width: 2160,
    height: 3840,
    style: i % 2 ? ("dark" as const) : ("light" as const),
  });
  await settle(200);
  const before = treeRss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss())), 20);
  const started = performance.now();
  await pool.run({ format: "png", card: card(0) } as never);
  const first = treeRss();
  for (let i = 1; i < cards; i++) await pool.run({ format: "png", card: card(i) } as never);
  const took = performance.now() - started;
  const all = treeRss();
  clearInterval(sampler);
  // Long enough for the card thread to end (CARD_IDLE_MS) and the allocator to hand pages back.
  await settle(CARD_IDLE_MS + 8_000);
  const afterIdle = treeRss();
  await pool.close();
  return { mode: kept ? "kept" : "returned", cards, before: MB(before), first: MB(first), all: MB(all), peak: MB(peak), afterIdle: MB(afterIdle), msPerCard: Math.round(took / cards) };
}

/** Both ways, each in a fresh process with fly.toml's heap flags. */
export function measureCardMemory(cards: number): CardMemory[] {
  const self = fileURLToPath(import.meta.url);
  return (["returned", "kept"] as const).map((mode) => {
    const out = execFileSync(process.execPath, ["--expose-gc", self, "--child", mode, "--cards", String(cards)], {
      env: { ...process.env, NODE_OPTIONS: FLY_NODE_OPTIONS },
      encoding: "utf8",
    });
    return JSON.parse(out.trim().split("\n").at(-1)!) as CardMemory;
  });
}

export function renderCardMemory(rows: CardMemory[]): string {
  const lines = [
    `## Lock-screen cards' memory (2160 × 3840 PNG, one process with fly.toml's NODE_OPTIONS)`,
    ``,
    `RSS of the process and its children together.`,
    ``,
    `| cards drawn in | cards | RSS before | after the first | after all | peak | 10 s after the last | ms a card |`,
    `| --- | --- | --- | --- | --- | --- | --- | --- |`,
    ...rows.map(
      (r) =>
        `| ${r.mode === "returned" ? "a child process that ends 2 s after its last card (now)" : "a worker thread kept 30 s (before)"} | ${r.cards} | ${r.before} MB | ${r.first} MB | ${r.all} MB | ${r.peak} MB | ${r.afterIdle} MB | ${r.msPerCard} |`,
    ),
  ];
  return lines.join("\n");
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { cards: { type: "string", default: "20" }, child: { type: "string" } } });
  const cards = Number(values.cards);
  if (values.child) {
    console.log(JSON.stringify(await measureHere(cards, values.child === "kept")));
  } else {
    console.log(renderCardMemory(measureCardMemory(cards)));
  }
}
