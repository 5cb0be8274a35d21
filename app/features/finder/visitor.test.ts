import { expect, test } from "vitest";
import { isAutomatedRequest } from "./visitor";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const request = (init: RequestInit & { headers?: Record<string, string> } = {}) =>
  new Request("http://localhost/?t=100000000001", { ...init, headers: { "User-Agent": PHONE, ...init.headers } });

test("a phone's browser is a person", () => {
  expect(isAutomatedRequest(request())).toBe(false);
  expect(isAutomatedRequest(request({ headers: { "Sec-Purpose": "" } }))).toBe(false);
});

test("crawlers, link previews, HEAD and announced prefetches are software", () => {
  expect(isAutomatedRequest(request({ headers: { "User-Agent": "WhatsApp/2.23.20.0 A" } }))).toBe(true);
  expect(isAutomatedRequest(request({ headers: { "User-Agent": "facebookexternalhit/1.1" } }))).toBe(true);
  expect(isAutomatedRequest(request({ method: "HEAD" }))).toBe(true);
  expect(isAutomatedRequest(request({ headers: { "Sec-Purpose": "prefetch" } }))).toBe(true);
  expect(isAutomatedRequest(request({ headers: { "Sec-Purpose": "prefetch;prerender" } }))).toBe(true);
  expect(isAutomatedRequest(request({ headers: { Purpose: "prefetch" } }))).toBe(true);
  expect(isAutomatedRequest(request({ headers: { "X-Moz": "prefetch" } }))).toBe(true);
});
