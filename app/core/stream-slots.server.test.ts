import { expect, test } from "vitest";
import { streamSlots } from "./stream-slots.server";

test("at most `limit` open per key; a released slot can be taken again", () => {
  const slots = streamSlots("test-limit", 2);
  expect(slots.take("a")).toBe(true);
  expect(slots.take("a")).toBe(true);
  expect(slots.take("a")).toBe(false);
  expect(slots.take("b")).toBe(true);
  expect(slots.total()).toBe(3);
  slots.release("a");
  expect(slots.total()).toBe(2);
  expect(slots.take("a")).toBe(true);
  expect(slots.take("a")).toBe(false);
});

test("a key with nothing open is forgotten, and releasing it again never goes below zero", () => {
  const slots = streamSlots("test-release", 1);
  expect(slots.take("a")).toBe(true);
  slots.release("a");
  slots.release("a");
  expect(slots.total()).toBe(0);
  expect(slots.take("a")).toBe(true);
  expect(slots.take("a")).toBe(false);
});

test("counters of one name are shared (a reloaded module keeps counting); other names are apart", () => {
  const first = streamSlots("test-shared", 1);
  const again = streamSlots("test-shared", 1);
  const other = streamSlots("test-other", 1);
  expect(first.take("a")).toBe(true);
  expect(again.take("a")).toBe(false);
  expect(other.take("a")).toBe(true);
  expect(again.total()).toBe(1);
});
