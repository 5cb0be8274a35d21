// The test object every e2e spec imports. Each test gets its own client IP (the server runs with
// TRUST_PROXY=fly and reads Fly-Client-IP), so per-IP limits of one test never leak into another.
import "./server-env";
import { expect, test as base, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { createSession } from "~/features/account/session.server";
import { e2eDb } from "./db";

let counter = 0;
export function uniqueIp() {
  counter += 1;
  const n = (process.pid * 1000 + counter) % 16_000_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, use) => {
    await use(uniqueIp());
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ "Fly-Client-IP": clientIp });
  },
});

export { expect } from "@playwright/test";

/**
 * With JavaScript, waits until the finder's search form runs its script: React hydrated the page,
 * or — a search result loaded as a document, which is not hydrated (decision 017) — the result
 * page's small script enhanced it. `hydrated` waits for React itself (client navigations).
 */
export async function searchFormReady(page: Page, testInfo: TestInfo, { hydrated = false } = {}) {
  if (testInfo.project.use.javaScriptEnabled === false) return;
  const form = page.locator(hydrated ? 'form#owner-search[data-hydrated="true"]' : 'form#owner-search:is([data-hydrated="true"], [data-enhanced="true"])');
  await expect(form).toHaveCount(1);
}

// ---- Real signed sessions ----

type Cookie = Parameters<BrowserContext["addCookies"]>[0][number];

/** The cookie a Set-Cookie header value sets on `baseURL`, in the shape a browser context takes. */
function cookieOf(setCookie: string, baseURL: string): Cookie {
  const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
  const equals = pair.indexOf("=");
  const cookie: Cookie = {
    name: pair.slice(0, equals),
    value: pair.slice(equals + 1),
    domain: new URL(baseURL).hostname,
    path: "/",
    httpOnly: false,
    secure: false,
  };
  let maxAge: number | undefined;
  let expires: number | undefined;
  for (const attribute of attributes) {
    const [key, value = ""] = attribute.split(/=(.*)/s);
    switch (key.toLowerCase()) {
      case "path":
        cookie.path = value;
        break;
      case "max-age":
        maxAge = Number(value);
        break;
      case "expires":
        expires = Date.parse(value) / 1000;
        break;
      case "httponly":
        cookie.httpOnly = true;
        break;
      case "secure":
        cookie.secure = true;
        break;
      case "samesite":
        cookie.sameSite = ({ lax: "Lax", strict: "Strict", none: "None" } as const)[value.toLowerCase() as "lax" | "strict" | "none"];
        break;
    }
  }
  // Max-Age wins over Expires, as in a browser.
  if (maxAge !== undefined) cookie.expires = Math.floor(Date.now() / 1000) + maxAge;
  else if (expires !== undefined) cookie.expires = Math.floor(expires);
  return cookie;
}

/** Signs the browser context in as the user: a session made by the app's own createSession. */
export async function signInAs(context: BrowserContext, userId: string, baseURL: string) {
  const setCookie = await createSession(e2eDb(), userId);
  await context.addCookies([cookieOf(setCookie, baseURL)]);
}

/** Waits for the newest mail to the address (written by tests/support/smtp-server.ts). */
export async function latestMailTo(address: string, timeoutMs = 20_000): Promise<string> {
  const dir = process.env.TAGBACK_E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${address}.eml`)).sort() : [];
    if (files.length) {
      const raw = fs.readFileSync(path.join(dir, files.at(-1)!), "utf8");
      // Undo quoted-printable soft line breaks and escapes so links read whole.
      return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${address}`);
}
