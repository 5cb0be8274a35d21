// "Download my data" on the real server (node server.js, production build), as a browser without
// JavaScript meets it: /settings links the download and the summary, the link gives a file, and
// the signed-in layout sends an anonymous visitor to sign in first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { profiles, users } from "../../db/schema";
import { createSession } from "~/features/account/session.server";
import { startServer, stopServer, type ServerProcess } from "./helpers";

const SECRET = "data-export-test-secret";
let dir: string;
let server: ServerProcess;
let db: Db;

async function signedInCookie(firstName: string) {
  const id = crypto.randomUUID();
  await db.insert(users).values({ id, email: `${firstName.toLowerCase()}-${id.slice(0, 8)}@example.test`, emailConfirmedAt: new Date() }).run();
  await db.insert(profiles).values({ id, firstName }).run();
  return (await createSession(db, id)).split(";")[0]!;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-export-"));
  const file = path.join(dir, "export.db");
  server = await startServer({ DATABASE_PATH: file, SESSION_SECRET: SECRET });
  // This process signs session cookies with the server's secret (the app's own createSession).
  process.env.SESSION_SECRET = SECRET;
  db = openDatabase(file).db;
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  db?.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test("anonymous: the sign-in page first, then back to the download", async () => {
  for (const target of ["/settings/data", "/settings/data/summary"]) {
    const response = await fetch(`${server.url}${target}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/auth?${new URLSearchParams({ redirectTo: target })}`);
  }
});

test("signed in: /settings links both, the link is a JSON file, the summary a page", async () => {
  const cookie = await signedInCookie("Meera");
  const settings = await (await fetch(`${server.url}/settings`, { headers: { Cookie: cookie } })).text();
  expect(settings).toContain('href="/settings/data"');
  expect(settings).toContain('href="/settings/data/summary"');
  // The section sits above the Danger Zone.
  expect(settings.indexOf('href="/settings/data"')).toBeLessThan(settings.indexOf("Danger Zone"));

  const file = await fetch(`${server.url}/settings/data`, { headers: { Cookie: cookie } });
  expect(file.status).toBe(200);
  expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; /);
  expect(file.headers.get("Cache-Control")).toBe("private, no-store");
  expect((await file.json()).profile.firstName).toBe("Meera");
  // React Router's single-fetch URL of the route carries the same data: never kept either.
  const singleFetch = await fetch(`${server.url}/settings/data.data`, { headers: { Cookie: cookie } });
  expect(singleFetch.headers.get("Cache-Control")).toBe("private, no-store");
  await singleFetch.body?.cancel();

  const summary = await fetch(`${server.url}/settings/data?view=summary`, { headers: { Cookie: cookie } });
  expect(summary.status).toBe(200);
  expect(summary.url).toBe(`${server.url}/settings/data/summary`);
  expect(summary.headers.get("Cache-Control")).toBe("private, no-store");
  const page = await summary.text();
  expect(page).toContain("What we hold");
  expect(page).toContain("Until the session expires (30 days after sign-in) or you sign out");
});
