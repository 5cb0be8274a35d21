import { afterEach, expect, test, vi } from "vitest";
import { eventStream, formatEvent } from "./event-stream.server";

afterEach(() => vi.useRealTimers());

async function readSome(response: Response, until: (text: string) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return { text, reader };
}

test("formatEvent: id, event and one data line per line; no field can smuggle a newline", () => {
  expect(formatEvent({ event: "message", id: "m1", data: "a\nb" })).toBe("id: m1\nevent: message\ndata: a\ndata: b\n\n");
  expect(formatEvent({ event: "x\ndata: evil", data: "1" })).toBe("event: x data: evil\ndata: 1\n\n");
});

test("a stream says retry first, sends events, and answers with the event-stream headers", async () => {
  const controller = new AbortController();
  const response = eventStream(controller.signal, (send) => void send({ event: "hello", data: "world" }), { heartbeatMs: 10_000, retryMs: 3000 });
  expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  const { text, reader } = await readSome(response, (t) => t.includes("data: world"));
  expect(text).toBe("retry: 3000\n\nevent: hello\ndata: world\n\n");
  controller.abort();
  await reader.cancel();
});

test("heartbeats are comments at the configured interval", async () => {
  vi.useFakeTimers();
  const controller = new AbortController();
  const response = eventStream(controller.signal, () => undefined, { heartbeatMs: 25_000 });
  const reader = response.body!.getReader();
  await reader.read(); // ": open"
  vi.advanceTimersByTime(25_000);
  const { value } = await reader.read();
  expect(new TextDecoder().decode(value)).toBe(": ping\n\n");
  controller.abort();
});

test("abort runs the cleanup once, stops the heartbeat, and later sends are refused without throwing", async () => {
  const controller = new AbortController();
  const cleanup = vi.fn();
  let send!: (text: string) => boolean;
  const response = eventStream(controller.signal, (s) => ((send = (data) => s({ data })), cleanup), { heartbeatMs: 5 });
  expect(send("one")).toBe(true);
  controller.abort();
  controller.abort();
  expect(cleanup).toHaveBeenCalledTimes(1);
  expect(send("two")).toBe(false);
  // The stream ended: a reader gets what was queued, then done.
  const { text } = await readSome(response, () => false);
  expect(text).toContain("data: one");
  expect(text).not.toContain("data: two");
  await new Promise((r) => setTimeout(r, 20));
  expect(text).not.toContain("ping");
});

test("a reader that goes away (cancel) ends the stream the same way, before any abort", async () => {
  const controller = new AbortController();
  const cleanup = vi.fn();
  let send!: (text: string) => boolean;
  const response = eventStream(controller.signal, (s) => ((send = (data) => s({ data })), cleanup), { heartbeatMs: 5 });
  await response.body!.cancel();
  expect(cleanup).toHaveBeenCalledTimes(1);
  expect(send("after")).toBe(false);
  // The heartbeat timer is gone too: nothing throws from a timer.
  await new Promise((r) => setTimeout(r, 30));
  controller.abort();
  expect(cleanup).toHaveBeenCalledTimes(1);
});

test("a client that stops reading is cut off once too much is queued", () => {
  const controller = new AbortController();
  const cleanup = vi.fn();
  let send!: (text: string) => boolean;
  eventStream(controller.signal, (s) => ((send = (data) => s({ data })), cleanup), { heartbeatMs: 10_000, maxQueuedBytes: 1000 });
  const chunk = "x".repeat(300);
  const results = Array.from({ length: 10 }, () => send(chunk));
  expect(results.slice(0, 3).every(Boolean)).toBe(true);
  expect(results.at(-1)).toBe(false);
  expect(cleanup).toHaveBeenCalledTimes(1);
});

test("an already aborted signal never runs setup", () => {
  const controller = new AbortController();
  controller.abort();
  const setup = vi.fn();
  eventStream(controller.signal, setup, { heartbeatMs: 10 });
  expect(setup).not.toHaveBeenCalled();
});

test("setup that closes at once gets its cleanup run", () => {
  const cleanup = vi.fn();
  eventStream(new AbortController().signal, (_send, close) => (close(), cleanup), { heartbeatMs: 10 });
  expect(cleanup).toHaveBeenCalledTimes(1);
});

test("eventsPerSecond: at most that many events in any second; the rest follow in order, none dropped", async () => {
  vi.useFakeTimers();
  const controller = new AbortController();
  let send!: (data: string) => boolean;
  const response = eventStream(controller.signal, (s) => void (send = (data) => s({ data })), { heartbeatMs: 60_000, eventsPerSecond: 10 });
  const reader = response.body!.getReader();
  let text = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += new TextDecoder().decode(value);
    }
  })();
  const received = async (afterMs: number) => {
    await vi.advanceTimersByTimeAsync(afterMs);
    return (text.match(/^data: (\d+)$/gm) ?? []).map((line) => Number(line.slice(6)));
  };
  for (let i = 1; i <= 25; i++) expect(send(String(i))).toBe(true);
  expect(await received(0)).toHaveLength(10);
  expect(await received(999)).toHaveLength(10);
  expect(await received(1)).toHaveLength(20);
  // In order, every one of them.
  expect(await received(1000)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  controller.abort();
  expect(send("late")).toBe(false);
});
