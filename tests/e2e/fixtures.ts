// The test object every e2e spec imports. Each test gets its own client IP (the server runs with
// TRUST_PROXY=fly and reads Fly-Client-IP), so per-IP limits of one test never leak into another.
import { test as base, type BrowserContext } from "@playwright/test";
import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createCookie } from "react-router";

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

// ---- Direct access to the e2e server's database and real signed sessions ----

export function e2eDatabase() {
  const db = new Database(path.join(process.env.TAGBACK_E2E_DIR!, "e2e.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Creates a confirmed user with an empty profile, straight in the database. */
export function createUser(email = uniqueEmail()): { id: string; email: string } {
  const db = e2eDatabase();
  const id = randomUUID();
  const now = Date.now();
  db.prepare("insert into users (id, email, email_confirmed_at, created_at) values (?, ?, ?, ?)").run(id, email, now, now);
  db.prepare("insert into profiles (id, created_at, updated_at) values (?, ?, ?)").run(id, now, now);
  db.close();
  return { id, email };
}

/** Signs the browser context in as the user with a real session row and signed cookie. */
export async function signInAs(context: BrowserContext, userId: string, baseURL: string) {
  const db = e2eDatabase();
  const sessionId = randomUUID();
  db.prepare("insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)").run(
    sessionId,
    userId,
    Date.now() + 24 * 60 * 60 * 1000,
    Date.now(),
  );
  db.close();
  const cookie = createCookie("tb_session", { secrets: ["e2e-session-secret"] });
  const value = (await cookie.serialize(sessionId)).split(";")[0].split("=").slice(1).join("=");
  await context.addCookies([{ name: "tb_session", value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return sessionId;
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
