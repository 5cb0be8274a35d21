// A mint survives a stop (issue 35), with the real server process: an admin mints from the page,
// SIGTERM arrives while the job runs, the process finishes the slice it was hashing and exits 0;
// started again, it goes on from where it stopped — the tokens written before the stop are kept —
// and the batch ends with exactly its count of tokens, every password the admin is then offered
// verifying against its token's stored hash.
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { verifyPassword } from "../../db/password";
import { DEMO_IDENTIFIERS, DEMO_PASSWORDS } from "../../db/seed";
import { crashLines, freePort, type ServerProcess, startServer, stopServer, waitForExit } from "./helpers";

const COUNT = 400;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await stopServer(server);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");

function post(server: ServerProcess, target: string, fields: Record<string, string>, cookie: string) {
  return fetch(server.url + target, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** Developer mode, then the demo owner (made an admin by the operator CLI): an admin's cookies. */
async function signInAdmin(server: ServerProcess, databasePath: string, devModePassword: string): Promise<string> {
  const { email } = DEMO_IDENTIFIERS.aarav;
  const granted = spawnSync(process.execPath, ["scripts/admin.ts", "grant", email], { env: { ...process.env, DATABASE_PATH: databasePath }, encoding: "utf8" });
  expect(granted.status, granted.stderr).toBe(0);
  const devCookie = cookiesOf(await post(server, "/auth", { intent: "dev-unlock", password: devModePassword, redirectTo: "/" }, ""));
  const signedIn = await post(server, "/auth", { intent: "sign-in", email, password: DEMO_PASSWORDS.signIn, redirectTo: "/admin/stickers" }, devCookie);
  return [devCookie, cookiesOf(signedIn)].filter(Boolean).join("; ");
}

test("SIGTERM during a mint finishes its slice and exits 0; the next start resumes the batch to exactly its count, every offered password verifying", { timeout: 180_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-mint-resume-"));
  dirs.push(dir);
  const file = path.join(dir, "mint.db");
  const port = await freePort();
  // The sealed passwords need the same secret in both processes (a demo makes one up at each start).
  // 1/20 of a core: ~30 ms a hash, so the mint is still running when the stop comes.
  const env = { DATABASE_PATH: file, SESSION_SECRET: crypto.randomBytes(32).toString("base64url"), DEV_MODE_PASSWORD: "resume1", MINT_CPU_SHARE: "0.05" };
  const first = await startServer(env, { port });
  servers.push(first);
  const cookie = await signInAdmin(first, file, env.DEV_MODE_PASSWORD);
  const started = await post(first, "/admin/stickers", { intent: "mint", count: String(COUNT), mintKey: crypto.randomUUID() }, cookie);
  expect(started.status).toBe(303);
  const batchId = started.headers.get("Location")!.split("/").pop()!;

  const db = new Database(file, { readonly: true });
  const batch = () => db.prepare("select status, progress from mint_batches where id = ?").get(batchId) as { status: string; progress: number };
  const tokens = () => db.prepare("select token, password_hash as hash from tagback_tokens where batch_id = ?").all(batchId) as { token: string; hash: string }[];
  const slices = () => (db.prepare("select count(*) as n from mint_slices where batch_id = ?").get(batchId) as { n: number }).n;
  try {
    // Two slices written: the job is well under way.
    await expect.poll(() => tokens().length, { timeout: 60_000, interval: 50 }).toBeGreaterThanOrEqual(50);
    first.child.kill("SIGTERM");
    await waitForExit(first.child);
    expect(first.child.exitCode).toBe(0);
    expect(crashLines(first.stderr())).toEqual([]);

    // Stopped between two slices: still `minting`, every token written has its sealed slice.
    const before = tokens();
    expect(batch().status).toBe("minting");
    expect(before.length).toBeLessThan(COUNT);
    expect(before.length % 25).toBe(0);
    expect(slices()).toBe(before.length / 25);
    expect(batch().progress).toBe(before.length);

    const second = await startServer(env, { port });
    servers.push(second);
    expect(second.output()).toContain("Resuming 1 sticker batch(es) a stop cut short");
    expect(second.output()).not.toContain("from the start");
    await expect.poll(() => batch().status, { timeout: 120_000, interval: 200 }).toBe("done");

    const after = tokens();
    expect(after).toHaveLength(COUNT);
    expect(new Set(after.map((t) => t.token)).size).toBe(COUNT);
    // Resumed, not restarted: what was written before the stop is still there, hash and all.
    const kept = new Map(after.map((t) => [t.token, t.hash]));
    for (const { token, hash } of before) expect(kept.get(token)).toBe(hash);
    expect(slices()).toBe(0);

    // The admin is offered every password once, and each opens its own token.
    const again = await signInAdmin(second, file, env.DEV_MODE_PASSWORD);
    const download = await post(second, `/admin/stickers/${batchId}/passwords.csv`, {}, again);
    expect(download.status).toBe(200);
    const [header, ...lines] = (await download.text()).trimEnd().split("\n");
    expect(header).toBe("token,password,url");
    expect(lines).toHaveLength(COUNT);
    const offered = lines.map((line) => line.split(","));
    expect(new Set(offered.map(([token]) => token))).toEqual(new Set(kept.keys()));
    for (const [token, password] of offered) expect(await verifyPassword(password!, kept.get(token!)!), token).toBe(true);
  } finally {
    db.close();
  }
});
