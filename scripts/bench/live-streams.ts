// Live event streams held open as browsers hold them (EventSource: one long GET with
// `Accept: text/event-stream`), for the capacity bench (scripts/bench/capacity.ts). node:http with
// a connection of its own per stream, no fetch: thousands of them stay cheap in the bench's own
// process. Each stream reads the wire format far enough to know when the server said `ready` and
// when a message whose text holds a given marker arrived.
import http from "node:http";

export type LiveStream = {
  /** Resolves once the server sent `ready` (subscribed); rejects on any answer other than a stream. */
  ready: Promise<void>;
  /** Resolves with the time (performance.now()) a `message` event holding `marker` arrives. */
  messageArrival(marker: string): Promise<number>;
  close(): void;
};

/** The server answered something other than a stream (429: the user has as many open as allowed). */
export class StreamRefused extends Error {
  readonly status: number;
  constructor(url: string, status: number) {
    super(`${url} answered ${status}`);
    this.status = status;
  }
}

/** Events are separated by a blank line; only the event name and data lines matter here. */
function parseEvent(block: string): { event: string; data: string } {
  let event = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  return { event, data: data.join("\n") };
}

export function openStream(url: string, headers: Record<string, string>): LiveStream {
  const waiting = new Map<string, (at: number) => void>();
  let request: http.ClientRequest;
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(url, { agent: false, headers: { ...headers, Accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new StreamRefused(url, response.statusCode ?? 0));
        return;
      }
      let pending = "";
      response.setEncoding("utf8").on("data", (chunk: string) => {
        const blocks = (pending + chunk).split("\n\n");
        pending = blocks.pop()!;
        for (const block of blocks) {
          const { event, data } = parseEvent(block);
          if (event === "ready") resolve();
          if (event !== "message") continue;
          for (const [marker, arrived] of waiting) {
            if (data.includes(marker)) {
              waiting.delete(marker);
              arrived(performance.now());
            }
          }
        }
      });
      response.on("error", () => {}); // closed by close(), or by the server stopping
    });
    request.on("error", reject);
  });
  return {
    ready,
    messageArrival: (marker) => new Promise((resolve) => waiting.set(marker, resolve)),
    close: () => request.destroy(),
  };
}
