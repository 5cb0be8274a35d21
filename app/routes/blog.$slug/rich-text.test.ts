import { describe, expect, test } from "vitest";
import { safeHref } from "./rich-text";

describe("safeHref: which links in a post are followed", () => {
  test.each(["https://example.org/a", "http://example.org", "mailto:help@example.org", "/blog/keys", "/blog?q=metro#top"])("%s is kept", (href) => {
    expect(safeHref(href)).toBe(href);
  });

  test.each([
    "javascript:alert(1)",
    " JavaScript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "//evil.example/x",
    "/\\evil.example/x",
    "/\\/evil.example",
    "ftp://example.org",
    "not a url",
    "",
  ])("%j renders as text", (href) => {
    expect(safeHref(href)).toBeNull();
  });

  test("anything but a string is no link", () => {
    expect(safeHref(undefined)).toBeNull();
    expect(safeHref({ href: "/x" })).toBeNull();
  });
});
