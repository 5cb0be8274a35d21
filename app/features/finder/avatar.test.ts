import { expect, test } from "vitest";
import { avatarDataUri, avatarSvg } from "./avatar";

test("the avatar is a small SVG that depends only on the user id", () => {
  const id = "5b7c0c3e-7f7e-4d2a-9a54-0c1f9e1a2b3c";
  expect(avatarSvg(id)).toBe(avatarSvg(id));
  expect(avatarSvg(id)).not.toBe(avatarSvg("another-id"));
  expect(avatarSvg(id)).not.toContain(id);
  expect(avatarDataUri(id)).toMatch(/^data:image\/svg\+xml,/);
  expect(avatarDataUri(id).length).toBeLessThan(2000);
});
