// Messages between the server's processes. With WEB_CONCURRENCY > 1 (server.js) several workers
// serve one port: a chat message posted to one must reach an event stream held open by another.
// A worker sends to the cluster's primary, which passes the message to every other worker
// (server/main.ts, startCluster); each delivers it to its own listeners. In a single process this
// is a plain in-process fan-out. Past one machine, DESIGN.md §9 and docs/decisions name the
// replacement (a shared broker); the interface stays the same.
import cluster from "node:cluster";

type RelayMessage = { tagbackRelay: string; payload: unknown };
type Listener = (payload: unknown) => void;

const holder = globalThis as typeof globalThis & { __tagbackRelay?: Map<string, Set<Listener>> };
// On globalThis: server/main.ts and the app bundle's modules must see the same listeners in dev.
const channels = (holder.__tagbackRelay ??= new Map());
let receiving = false;

export function isRelayMessage(message: unknown): message is RelayMessage {
  return typeof message === "object" && message !== null && typeof (message as RelayMessage).tagbackRelay === "string";
}

function deliver(channel: string, payload: unknown) {
  for (const listener of channels.get(channel) ?? []) {
    try {
      listener(payload);
    } catch (error) {
      console.error(`A ${channel} listener failed:`, error);
    }
  }
}

/** Delivers `payload` to the `channel` listeners of this process and of every other worker. */
export function broadcast(channel: string, payload: unknown) {
  deliver(channel, payload);
  if (cluster.isWorker && process.send && process.connected) {
    process.send({ tagbackRelay: channel, payload } satisfies RelayMessage);
  }
}

/** Listens on `channel` in this process; returns the function that stops listening. */
export function onBroadcast(channel: string, listener: Listener): () => void {
  if (!receiving && cluster.isWorker) {
    receiving = true;
    process.on("message", (message: unknown) => {
      if (isRelayMessage(message)) deliver(message.tagbackRelay, message.payload);
    });
  }
  let listeners = channels.get(channel);
  if (!listeners) channels.set(channel, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) channels.delete(channel);
  };
}

/** How many listeners `channel` has in this process (tests and leak checks). */
export function listenerCount(channel: string): number {
  return channels.get(channel)?.size ?? 0;
}
