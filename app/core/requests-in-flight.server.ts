// What a background job gives way to (issue 35): the HTTP requests this process is answering at this
// moment. A mint's hashes run in the heavy-job worker thread, which cannot see the event loop; it
// reads these counters, kept in a SharedArrayBuffer that every task of the mint carries, with
// Atomics, and waits before its next hash while a request is in flight (a finder's scan, the
// health check) — then goes on at once when the last one ends (Atomics.notify). An average of the
// process's CPU, which the mint read before, was above its threshold whenever a steady probe ran,
// so the mint waited its full second before every hash even between requests.
//
// Not counted as in flight: an event stream once its headers are out (it stays open for minutes,
// doing nothing), and a request that waits for the one heavy job (a sheet or card download queued
// behind a mint's slice: waiting for that slice, it must not also hold it back).
//
// Kept on globalThis: in development server/main.ts and the app's modules (through Vite) are two
// copies of this module, and both must count into the same buffer. Imported by the worker thread
// too (mint.worker.ts): no imports here, only what Node's type stripping runs.

/** Slots of the shared Int32Array. */
export const TRAFFIC = {
  /** Requests being answered (arrived, response not yet ended). */
  inFlight: 0,
  /** Of those, the ones waiting for the heavy-job gate (core/heavy-jobs.server.ts). */
  waitingForHeavyJob: 1,
  /** 1 while the mint's worker waits for requests to end (tests watch it). */
  givingWay: 2,
  /** 1 once a stop has begun: the mint's current slice runs to its end unpaced, giving way to nobody. */
  hurry: 3,
} as const;
const SLOTS = 4;

const holder = globalThis as typeof globalThis & { __tagbackTraffic?: Int32Array };

/** The process's shared counters (passed to the mint's worker with each task). */
export function traffic(): Int32Array {
  holder.__tagbackTraffic ??= new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
  return holder.__tagbackTraffic;
}

function add(slot: number, delta: number) {
  const counters = traffic();
  Atomics.add(counters, slot, delta);
  // The worker waits on the in-flight slot whichever count changed.
  Atomics.notify(counters, TRAFFIC.inFlight);
}

/** A request arrived; the function returned ends it (once, however often it is called). */
export function requestBegan(): () => void {
  add(TRAFFIC.inFlight, 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    add(TRAFFIC.inFlight, -1);
  };
}

/** A request waits for the heavy-job gate (from `waiting` to the returned function's call). */
export function waitingForHeavyJob(): () => void {
  add(TRAFFIC.waitingForHeavyJob, 1);
  return () => add(TRAFFIC.waitingForHeavyJob, -1);
}

/** A stop has begun: background work finishes what it holds as fast as it can. */
export function hurry(): void {
  Atomics.store(traffic(), TRAFFIC.hurry, 1);
  Atomics.notify(traffic(), TRAFFIC.inFlight);
}

/** Requests in flight that a background job should give way to. */
export function requestsToGiveWayTo(counters: Int32Array): number {
  return Atomics.load(counters, TRAFFIC.inFlight) - Atomics.load(counters, TRAFFIC.waitingForHeavyJob);
}

/**
 * Resolves once no request is in flight (or a stop hurries), or after `atMostMs` at the latest, so a
 * job always moves. For the mint's worker thread.
 */
export async function giveWay(counters: Int32Array, atMostMs: number): Promise<void> {
  const deadline = performance.now() + atMostMs;
  try {
    for (;;) {
      if (Atomics.load(counters, TRAFFIC.hurry) === 1 || requestsToGiveWayTo(counters) <= 0) return;
      const left = deadline - performance.now();
      if (left <= 0) return;
      Atomics.store(counters, TRAFFIC.givingWay, 1);
      const seen = Atomics.load(counters, TRAFFIC.inFlight);
      const waiting = Atomics.waitAsync(counters, TRAFFIC.inFlight, seen, left);
      if (waiting.async) await waiting.value;
    }
  } finally {
    Atomics.store(counters, TRAFFIC.givingWay, 0);
  }
}
