// How many event streams are open per key (a user, a finder's thread), in this process, so that
// one client cannot hold open streams without limit. Kept on globalThis, like the messaging hub,
// so a module reloaded in development keeps counting the streams still open. The same counts are
// the operator's open-streams gauge, read when metrics are scraped (nothing to do per stream).
import { gauge } from "./metrics.server";

export type StreamSlots = {
  /** One more stream for `key`, or false when it already has `limit` open. */
  take(key: string): boolean;
  /** A stream of `key` ended (its cleanup runs once). */
  release(key: string): void;
  /** Open streams over all keys. */
  total(): number;
};

const holder = globalThis as typeof globalThis & { __tagbackStreamSlots?: Map<string, Map<string, number>> };
const counters = (holder.__tagbackStreamSlots ??= new Map());

gauge({
  name: "tagback_event_streams_open",
  help: "Event streams (live messages) open now, by kind of stream",
  labelNames: ["stream"],
  collect() {
    for (const [name, counts] of counters) this.set({ stream: name }, sumOf(counts));
  },
});

function sumOf(counts: Map<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}

/** The counter named `name` (one per kind of stream), allowing `limit` open streams per key. */
export function streamSlots(name: string, limit: number): StreamSlots {
  const counts: Map<string, number> = counters.get(name) ?? new Map();
  counters.set(name, counts);
  return {
    take(key) {
      const current = counts.get(key) ?? 0;
      if (current >= limit) return false;
      counts.set(key, current + 1);
      return true;
    },
    release(key) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left <= 0) counts.delete(key);
      else counts.set(key, left);
    },
    total() {
      return sumOf(counts);
    },
  };
}
