import { expect, test } from "vitest";
import { safeRedirect } from "./safe-redirect";

test("local paths are kept", () => {
  expect(safeRedirect("/token")).toBe("/token");
  expect(safeRedirect("/messaging?user=abc#x")).toBe("/messaging?user=abc#x");
});

test.each(["//evil.example", "https://evil.example", "http://evil.example/profile", "/\\evil.example", "\\\\evil.example", "javascript:alert(1)", "evil", " //evil.example", "/\t/evil.example"])(
  "%s is refused",
  (target) => {
    expect(safeRedirect(target)).toBe("/profile");
  },
);

test("missing or non-string targets fall back, and /auth never loops", () => {
  expect(safeRedirect(null)).toBe("/profile");
  expect(safeRedirect(undefined, "/")).toBe("/");
  expect(safeRedirect("/auth/callback?code=1")).toBe("/profile");
});
