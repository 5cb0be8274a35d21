import fc from "fast-check";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, test } from "vitest";
import { callRoute, dataOf, get } from "../../tests/support/routes";
import * as authRoute from "../routes/auth/route";
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
  expect(safeRedirect("/AUTH")).toBe("/profile");
  expect(safeRedirect("/%61uth")).toBe("/profile");
});

test.each(["/.//evil.example", "/..//evil.example", "/./..//evil.example", "/x/../..//evil.example", "/%2e//evil.example", "/%2E%2E//evil.example", "/.%2e//evil.example"])(
  "%s would normalise to a network path: refused",
  (target) => {
    expect(safeRedirect(target)).toBe("/profile");
  },
);

test("dot segments and encoded slashes that stay local are normalised like a browser does", () => {
  expect(safeRedirect("/./token")).toBe("/token");
  expect(safeRedirect("/a/../token?x=1#y")).toBe("/token?x=1#y");
  expect(safeRedirect("/%2f%2fevil.example")).toBe("/%2f%2fevil.example");
  expect(safeRedirect("/profile?next=//evil.example")).toBe("/profile?next=//evil.example");
});

/** What every answer must be: a path that stays on this origin, already in the form a browser gives it. */
function expectLocalAndStable(target: string) {
  const result = safeRedirect(target);
  expect(result.startsWith("/")).toBe(true);
  expect(result.startsWith("//")).toBe(false);
  expect(result.startsWith("/\\")).toBe(false);
  const url = new URL(result, "http://a");
  expect(url.origin).toBe("http://a");
  // A browser's normalisation changes nothing, so a path read back from the address bar is the same.
  expect(url.href).toBe(`http://a${result}`);
  // Any number of applications give the same answer.
  expect(safeRedirect(result)).toBe(result);
  expect(safeRedirect(safeRedirect(result))).toBe(result);
}

const PIECES = [
  "/", "//", "\\", "/\\", "\\/", ".", "..", "/./", "/../", "/..//", "/.//", "%2f", "%2F", "%5c", "%5C", "%2e", "%2E",
  "%00", "%09", "%0a", "\t", "\n", "\r", " ", "\u0000", "\u001f", "\u007f", "\u00a0", "\u3000", "\u2028", "\ufeff",
  "evil.example", "@", ":", "?", "#", "&", "=", "http:", "https://", "javascript:", "auth", "AUTH", "a", "profile", "%", "%%",
];

describe("properties", () => {
  test("any string gives a local, stable path", () => {
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 40 }), expectLocalAndStable), { numRuns: 3000 });
  });

  test("crafted strings of slashes, backslashes, dots, encodings and white space give a local, stable path", () => {
    const crafted = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((pieces) => pieces.join(""));
    fc.assert(fc.property(crafted, expectLocalAndStable), { numRuns: 5000 });
    const slashFirst = crafted.map((rest) => `/${rest}`);
    fc.assert(fc.property(slashFirst, expectLocalAndStable), { numRuns: 5000 });
  });
});

describe("on /auth", () => {
  test("?redirectTo=/.//evil.example renders no //evil.example in the form", async () => {
    const result = await callRoute(authRoute.loader, get(`/auth?redirectTo=${encodeURIComponent("/.//evil.example")}`));
    const loaderData = dataOf<Awaited<ReturnType<typeof authRoute.loader>>>(result);
    expect(loaderData.redirectTo).not.toContain("//evil.example");
    const Stub = createRoutesStub([{ id: "auth", path: "/auth", Component: authRoute.default, loader: () => loaderData }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/auth?redirectTo=/.//evil.example"], hydrationData: { loaderData: { auth: loaderData } } }),
    );
    const redirectFields = [...html.matchAll(/name="redirectTo" value="([^"]*)"/g)].map((match) => match[1]);
    expect(redirectFields.length).toBeGreaterThan(0);
    expect(redirectFields).toEqual(redirectFields.map(() => ""));
    // A <Form> without an action posts back to the page's own URL, which the browser already has
    // (same origin, /auth): that attribute aside, nothing in the page carries the target.
    const forms = [...html.matchAll(/<form[^>]* action="([^"]*)"/g)].map((match) => match[1]);
    for (const action of forms) expect(new URL(action!, "http://a").pathname).toBe("/auth");
    expect(html.replace(/ action="\/auth\?[^"]*"/g, "")).not.toContain("//evil.example");
  });
});
