import { expect, test } from "vitest";
import { isCrossSiteWrite } from "./cross-site";
import { securityHeaders } from "./security-headers";

const base = { nonce: "abc123", hsts: false, development: false, formActionOrigins: ["https://accounts.google.com"], analytics: false };

test("the policy is enforced, names the nonce and forbids plugins, base and framing", () => {
  const headers = securityHeaders(base);
  const csp = headers["Content-Security-Policy"];
  expect(csp).toContain("script-src 'self' 'nonce-abc123'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self' https://accounts.google.com");
  expect(csp).not.toContain("unsafe-inline");
  expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  expect(headers["Strict-Transport-Security"]).toBeUndefined();
});

test("inline stylesheets are allowed by their hash only; style attributes stay blocked", () => {
  const csp = securityHeaders({ ...base, styleHashes: ["sha256-AAAA"] })["Content-Security-Policy"];
  expect(csp).toContain("style-src 'self' 'sha256-AAAA'");
  expect(csp).not.toContain("unsafe-hashes");
  expect(securityHeaders(base)["Content-Security-Policy"]).toContain("style-src 'self';");
});

test("HSTS only in production over https; analytics hosts only when analytics is on", () => {
  expect(securityHeaders({ ...base, hsts: true })["Strict-Transport-Security"]).toContain("max-age=");
  expect(securityHeaders({ ...base, analytics: true })["Content-Security-Policy"]).toContain("googletagmanager.com");
  expect(securityHeaders(base)["Content-Security-Policy"]).not.toContain("googletagmanager.com");
});

test("development reports instead of enforcing (Vite injects scripts without a nonce)", () => {
  const headers = securityHeaders({ ...base, development: true });
  expect(headers["Content-Security-Policy"]).toBeUndefined();
  expect(headers["Content-Security-Policy-Report-Only"]).toBeTruthy();
});

test("cross-site writes are recognised; same-origin posts and reads pass", () => {
  const origin = "http://127.0.0.1:3000";
  expect(isCrossSiteWrite({ method: "POST", secFetchSite: "same-origin", origin, requestOrigin: origin })).toBe(false);
  expect(isCrossSiteWrite({ method: "POST", secFetchSite: undefined, origin: undefined, requestOrigin: origin })).toBe(false);
  expect(isCrossSiteWrite({ method: "POST", secFetchSite: "cross-site", origin: "https://evil.example", requestOrigin: origin })).toBe(true);
  expect(isCrossSiteWrite({ method: "POST", secFetchSite: undefined, origin: "https://evil.example", requestOrigin: origin })).toBe(true);
  expect(isCrossSiteWrite({ method: "POST", secFetchSite: "none", origin: "null", requestOrigin: origin })).toBe(true);
  expect(isCrossSiteWrite({ method: "GET", secFetchSite: "cross-site", origin: "https://evil.example", requestOrigin: origin })).toBe(false);
});

test("without Origin or Sec-Fetch-Site, a Referer from another origin refuses a write", () => {
  const requestOrigin = "http://127.0.0.1:3000";
  const post = { method: "POST", secFetchSite: undefined, origin: undefined, requestOrigin };
  for (const referer of ["https://evil.example/page", "http://127.0.0.1:3001/", "garbage", ""]) {
    expect(isCrossSiteWrite({ ...post, referer }), referer).toBe(true);
  }
  expect(isCrossSiteWrite({ ...post, referer: "http://127.0.0.1:3000/settings?tab=1" })).toBe(false);
  expect(isCrossSiteWrite({ ...post, referer: undefined })).toBe(false);
  // Origin and Sec-Fetch-Site are better evidence than a Referer: with either, it is not asked.
  expect(isCrossSiteWrite({ ...post, origin: requestOrigin, referer: "https://evil.example/" })).toBe(false);
  expect(isCrossSiteWrite({ ...post, secFetchSite: "same-origin", referer: "https://evil.example/" })).toBe(false);
  expect(isCrossSiteWrite({ ...post, method: "GET", referer: "https://evil.example/" })).toBe(false);
});

test("blob: workers (the QR scanner's decoder) only where the scanner runs", () => {
  expect(securityHeaders({ ...base, scannerWorker: true })["Content-Security-Policy"]).toContain("worker-src 'self' blob:");
  expect(securityHeaders(base)["Content-Security-Policy"]).not.toContain("worker-src");
});
