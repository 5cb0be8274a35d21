// How far V8 lets the old generation grow past what a major GC left alive (decision 040). V8 picks
// that factor from how fast its collector ran against how fast the program allocated: a server
// answering a few scans a second allocates slowly, so V8 judges a major GC cheap and keeps the heap
// within ~1.3 times its live ~21 MB — a Mark-Compact every third scavenge, every ~20 s at two scans
// a second. "Cheap" is ~25 ms of CPU, spent at once on V8's four helper threads; under a
// shared-cpu-1x's quota (5 ms per 80 ms) that is five periods' worth, and a scan waiting behind it
// took 300–700 ms. Grown fourfold (V8's own factor on a large machine), the same traffic collects
// every 50–80 s, and the heap stays under the same cap (fly.toml's --max-old-space-size: V8 never
// sets a limit past halfway to it). NODE_OPTIONS refuses this flag, so the launcher sets it.
// Plain JavaScript: server.js loads it (decision 020).
import v8 from "node:v8";

/** The old generation may grow to 1 + this/100 times what the last major GC left alive. */
export const HEAP_GROWING_PERCENT = 300;

/** Sets V8's heap growing factor for this process (every isolate in it, worker threads included). */
export function growHeapBeforeCollecting() {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
