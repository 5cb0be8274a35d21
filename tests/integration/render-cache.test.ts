// Rendered results kept by what they show (app/core/render-cache.server.ts, decision 021), through
// the real server (production build, demo data): the second scan of the same owner is not rendered
// again, yet carries its own nonce (the one its policy names) and its own visit ticket; an owner's
// edit shows on the next scan; another owner's scan never gets the first owner's page.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, test } from "vitest";
import { startServer, stopServer, type ServerProcess } from "./helpers";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";

const PHONE = "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36";
const { aarav, rohan } = DEMO_IDENTIFIERS;

let server: ServerProcess;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-render-cache-"));
  server = await startServer({ DATABASE_PATH: path.join(dir, "cache.db"), TRUST_PROXY: "fly" });
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

let ip = 0;
async function scan(token: string) {
  const response = await fetch(`${server.url}/?t=${token}`, { headers: { "User-Agent": PHONE, "Fly-Client-IP": `203.0.113.${++ip}` } });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return {
    status: response.status,
    html,
    rendered: response.headers.get("server-timing"),
    nonce,
    tickets: [...html.matchAll(/data-ticket="([^"]+)"/g)].map((match) => match[1]),
    nonces: [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]))],
  };
}

test("the same owner's result is rendered once; each visitor still gets their own nonce and visit ticket", async () => {
  const first = await scan(aarav.token);
  const second = await scan(aarav.token);
  expect(first.status).toBe(200);
  expect(first.rendered).toBe('render;desc="react"');
  expect(second.rendered).toBe('render;desc="kept"');
  for (const page of [first, second]) {
    expect(page.html).toContain(aarav.name);
    expect(page.nonces).toEqual([page.nonce]);
    expect(page.tickets).toHaveLength(1);
    expect(page.html).not.toContain("\u0000");
  }
  expect(second.nonce).not.toBe(first.nonce);
  expect(second.tickets[0]).not.toBe(first.tickets[0]);
  expect(second.html).not.toContain(first.tickets[0]);
  // Apart from those two values, the kept page is the rendered one.
  const blank = (page: typeof first) => page.html.split(page.nonce!).join("N").split(page.tickets[0]!).join("T");
  expect(blank(second)).toBe(blank(first));
});

test("an owner's edit shows on the next scan, and another owner's scan gets that owner", async () => {
  await scan(aarav.token);
  const db = new Database(path.join(dir, "cache.db"));
  db.prepare("UPDATE profiles SET first_name = 'Aarav K.' WHERE metro_card_number = ?").run(aarav.metroCard);
  db.close();
  const edited = await scan(aarav.token);
  expect(edited.rendered).toBe('render;desc="react"');
  expect(edited.html).toContain("Aarav K. Sharma");
  expect((await scan(aarav.token)).html).toContain("Aarav K. Sharma");

  const other = await scan(rohan.token);
  expect(other.html).toContain(rohan.name);
  expect(other.html).not.toContain("Aarav");
});
