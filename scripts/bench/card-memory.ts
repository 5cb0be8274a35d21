// What a lock-screen card costs in memory, and whether it comes back (issue 35, decision 020).
// resvg's WebAssembly memory grows to hold a 2160 × 3840 card's pixels and never shrinks; the card
// now renders in a thread of its own that ends CARD_IDLE_MS after its last card. This renders N
// cards of the largest size through the same pool the server uses, in a process started with
// fly.toml's NODE_OPTIONS, and reads RSS: before, after the first card, after all N, and once the
// thread has been idle long enough to end. `--kept` renders in a thread that stays (30 s idle, as
// before) for the comparison.
//
//   node scripts/bench/card-memory.ts [--cards 20]        # both ways, each in a fresh process
//   npm run bench -- --card-memory
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";

const FLY_NODE_OPTIONS = "--max-old-space-size=128 --max-semi-space-size=16";
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

export type CardMemory = { mode: "kept" | "returned"; cards: number; before: number; first: number; all: number; afterIdle: number; msPerCard: number };

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
  const before = process.memoryUsage.rss();
  const started = performance.now();
  await pool.run({ format: "png", card: card(0) } as never);
  const first = process.memoryUsage.rss();
  for (let i = 1; i < cards; i++) await pool.run({ format: "png", card: card(i) } as never);
  const took = performance.now() - started;
  await settle(100);
  const all = process.memoryUsage.rss();
  // Long enough for the card thread to end (CARD_IDLE_MS) and the allocator to hand pages back.
  await settle(CARD_IDLE_MS + 8_000);
  const afterIdle = process.memoryUsage.rss();
  await pool.close();
  return { mode: kept ? "kept" : "returned", cards, before: MB(before), first: MB(first), all: MB(all), afterIdle: MB(afterIdle), msPerCard: Math.round(took / cards) };
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
    `| card thread | cards | RSS before | after the first | after all | 10 s idle | ms a card |`,
    `| --- | --- | --- | --- | --- | --- | --- |`,
    ...rows.map(
      (r) =>
        `| ${r.mode === "returned" ? "ends 2 s after its last card (now)" : "kept 30 s (before)"} | ${r.cards} | ${r.before} MB | ${r.first} MB | ${r.all} MB | ${r.afterIdle} MB | ${r.msPerCard} |`,
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
