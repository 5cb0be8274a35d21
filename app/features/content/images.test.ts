import { expect, test } from "vitest";
import { imageUrl } from "./images";

test("Sanity CDN images are asked for in the browser's best format at the width needed", () => {
  const url = new URL(imageUrl("https://cdn.sanity.io/images/p1/production/abc-1200x630.jpg", 800));
  expect(Object.fromEntries(url.searchParams)).toEqual({ auto: "format", fit: "max", w: "800" });
});

test("our own images are used as they are", () => {
  expect(imageUrl("/blog-images/keys.svg", 800)).toBe("/blog-images/keys.svg");
});
