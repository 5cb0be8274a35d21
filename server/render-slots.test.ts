import { expect, test } from "vitest";
import { RenderSlots } from "./render-slots";

test("a few renders at once; in line, a finder's search goes before other pages, each in its order", async () => {
  const slots = new RenderSlots(2);
  const order: string[] = [];
  await slots.take(false);
  await slots.take(false);
  const waiting = [
    slots.take(false).then(() => order.push("page 1")),
    slots.take(true).then(() => order.push("search 1")),
    slots.take(false).then(() => order.push("page 2")),
    slots.take(true).then(() => order.push("search 2")),
  ];
  expect(slots.waiting).toBe(4);
  for (let i = 0; i < 4; i++) {
    slots.release();
    await new Promise((resolve) => setImmediate(resolve));
  }
  await Promise.all(waiting);
  expect(order).toEqual(["search 1", "search 2", "page 1", "page 2"]);
  // Released with nobody in line, the slots are free again.
  slots.release();
  slots.release();
  await slots.take(false);
  await slots.take(false);
  expect(slots.waiting).toBe(0);
});
