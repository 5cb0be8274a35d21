// Server-sent events from a resource route: our own small helper instead of remix-utils 10's
// eventStream, which crashed the process when clients dropped abruptly (DESIGN.md §2 and §10: the
// stream can be closed before request.signal aborts, and an enqueue into a closed stream throws
// from a timer).
//
// So: every write is guarded and reports whether it went out; the first failed write, an abort of
// request.signal, the reader's cancel (the client went away) or close() all end the stream once,
// run the route's cleanup once and stop the heartbeat. A client that stops reading while events
// pile up is cut off rather than buffered without limit.

export type StreamEvent = { event?: string; data: string; id?: string };
/** Sends one event; false once the stream is closed (the event was dropped). */
export type Send = (event: StreamEvent) => boolean;
export type Cleanup = () => void;

export type EventStreamOptions = {
  /** A `: ping` comment this often (ms) keeps proxies from closing an idle stream. */
  heartbeatMs: number;
  /** Sent as `retry:` first: how long the browser waits before reconnecting. */
  retryMs?: number;
  headers?: HeadersInit;
  /** Bytes queued for a client that does not read before it is cut off. Default 256 KiB. */
  maxQueuedBytes?: number;
  /**
   * At most this many events in any second; more wait their turn, in order (none is dropped).
   * Heartbeats are not counted.
   */
  eventsPerSecond?: number;
};

const encoder = new TextEncoder();

/** One event in the wire format: each line of `data` on a `data:` line; no newline can escape a field. */
export function formatEvent({ event, data, id }: StreamEvent): string {
  const oneLine = (value: string) => value.replace(/[\r\n]/g, " ");
  let text = "";
  if (id !== undefined) text += `id: ${oneLine(id)}\n`;
  if (event !== undefined) text += `event: ${oneLine(event)}\n`;
  for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * A `text/event-stream` Response. `setup` runs at once with `send` and `close`, and returns the
 * cleanup to run when the stream ends, for whatever reason.
 */
export function eventStream(signal: AbortSignal, setup: (send: Send, close: () => void) => Cleanup | void, options: EventStreamOptions): Response {
  const maxQueued = options.maxQueuedBytes ?? 256 * 1024;
  let closed = false;
  let cleanup: Cleanup | void;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const pace = options.eventsPerSecond === undefined ? null : pacer(options.eventsPerSecond, (text) => write(text));

  function close() {
    if (closed) return;
    closed = true;
    if (heartbeat) clearInterval(heartbeat);
    pace?.stop();
    signal.removeEventListener("abort", close);
    try {
      cleanup?.();
    } catch {
      // The route's cleanup failing must not keep the stream (or the process) alive.
    }
    try {
      controller.close();
    } catch {
      // Already closed or errored by the reader's side.
    }
  }

  function write(text: string): boolean {
    if (closed) return false;
    try {
      // desiredSize goes negative as bytes queue up unread: a client that stopped reading.
      if ((controller.desiredSize ?? 0) < -maxQueued) {
        close();
        return false;
      }
      controller.enqueue(encoder.encode(text));
      return true;
    } catch {
      close();
      return false;
    }
  }

  const send: Send = (event) => {
    if (!pace) return write(formatEvent(event));
    if (closed) return false;
    // Events waiting their turn count against the same budget as bytes the client has not read.
    if (pace.waitingBytes() - (controller.desiredSize ?? 0) > maxQueued) {
      close();
      return false;
    }
    pace.push(formatEvent(event));
    return !closed;
  };

  const body = new ReadableStream<Uint8Array>(
    {
      start(streamController) {
        controller = streamController;
        if (signal.aborted) {
          closed = true;
          streamController.close();
          return;
        }
        signal.addEventListener("abort", close, { once: true });
        write(options.retryMs !== undefined ? `retry: ${options.retryMs}\n\n` : ": open\n\n");
        heartbeat = setInterval(() => write(": ping\n\n"), options.heartbeatMs);
        // A heartbeat alone never keeps the process from exiting.
        heartbeat.unref?.();
        try {
          const result = setup(send, close);
          // setup may have closed the stream already: then its cleanup runs now.
          if (closed) result?.();
          else cleanup = result;
        } catch (error) {
          console.error("event stream setup failed", error);
          close();
        }
      },
      cancel() {
        close();
      },
    },
    // Counted in bytes, so desiredSize says how much a slow client has left unread.
    { highWaterMark: 0, size: (chunk) => chunk.byteLength },
  );

  const headers = new Headers(options.headers);
  headers.set("Content-Type", "text/event-stream; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  // Nginx-style proxies buffer responses unless told not to; compression must not touch it either
  // (server.js skips text/event-stream).
  headers.set("X-Accel-Buffering", "no");
  return new Response(body, { headers });
}

/**
 * Writes at most `perSecond` texts in any 1,000 ms (a sliding window); the rest wait, in order,
 * for a timer. `write` returning false (the stream closed) stops it.
 */
function pacer(perSecond: number, write: (text: string) => boolean) {
  const sentAt: number[] = [];
  const waiting: string[] = [];
  let bytes = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  function pump() {
    timer = undefined;
    while (waiting.length > 0) {
      const now = Date.now();
      while (sentAt.length > 0 && now - sentAt[0]! >= 1000) sentAt.shift();
      if (sentAt.length >= perSecond) {
        timer = setTimeout(pump, 1000 - (now - sentAt[0]!));
        return;
      }
      const text = waiting.shift()!;
      bytes -= text.length;
      sentAt.push(now);
      if (!write(text)) return;
    }
  }
  return {
    push(text: string) {
      waiting.push(text);
      bytes += text.length;
      if (!timer) pump();
    },
    waitingBytes: () => bytes,
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      waiting.length = 0;
      bytes = 0;
    },
  };
}
