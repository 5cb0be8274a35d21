import { expect, test, vi } from "vitest";
import { conversationTopic, createHub, type LiveEvent } from "./hub.server";

const event: LiveEvent = { type: "activity", conversationId: "c1" };

test("publish reaches the topic's listeners only; unsubscribe removes them and is idempotent", () => {
  const hub = createHub();
  const a = vi.fn();
  const b = vi.fn();
  const stopA = hub.subscribe(conversationTopic("c1"), a);
  hub.subscribe(conversationTopic("c2"), b);
  expect(hub.listenerCount()).toBe(2);
  hub.publish(conversationTopic("c1"), event);
  expect(a).toHaveBeenCalledWith(event);
  expect(b).not.toHaveBeenCalled();
  stopA();
  stopA();
  expect(hub.listenerCount()).toBe(1);
  hub.publish(conversationTopic("c1"), event);
  expect(a).toHaveBeenCalledTimes(1);
});

test("a listener that throws is dropped and the others still hear the event", () => {
  const hub = createHub();
  const good = vi.fn();
  hub.subscribe("t", () => {
    throw new Error("closed stream");
  });
  hub.subscribe("t", good);
  hub.publish("t", event);
  expect(good).toHaveBeenCalledTimes(1);
  expect(hub.listenerCount()).toBe(1);
});

test("a listener may unsubscribe while the event is being delivered", () => {
  const hub = createHub();
  const second = vi.fn();
  const stop = hub.subscribe("t", () => stop());
  hub.subscribe("t", second);
  hub.publish("t", event);
  expect(second).toHaveBeenCalledTimes(1);
  expect(hub.listenerCount()).toBe(1);
});
