// Erased means gone from the volume within a minute (issue 47, decision 045), against the real
// server process: an owner deletes their account, then someone fails to sign in with the address
// (a wrong developer-mode password, and a wrong code typed for it). Read byte for byte, the
// database file, its -wal and its -shm hold the address 0 times within 60 s — not in a limiter's
// key (keyed hashes now), not in the WAL's older frames (the server truncates the WAL after an
// erasure), not in free pages (secure_delete). The other owner's data stays, found by the very
// same search, so the search is shown to work. Also with two processes, where the worker that
// erases need not be the one that checkpoints (the request crosses the cluster's relay).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type Db } from "../../db/connection";
import { profiles, rateLimits, users } from "../../db/schema";
import { createSession } from "~/features/account/session.server";
import { startServer, stopServer, type ServerProcess } from "./helpers";

const SECRET = "erased-volume-test-secret";
const DEV_PASSWORD = "erase-pw";

let dir: string;
let file: string;
let server: ServerProcess;
let db: Db;

/** How often `text` (UTF-8) occurs in the database file, its -wal and its -shm, read as raw bytes. */
function occurrences(text: string): number {
  const needle = Buffer.from(text, "utf8");
  let count = 0;
  for (const suffix of ["", "-wal", "-shm"]) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(`${file}${suffix}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) count++;
  }
  return count;
}

async function owner(email: string, bio: string) {
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id });
  await db.insert(profiles).values({ id: user!.id, firstName: "Volume", bio, backupEmail: `backup-${email}` });
  // The bio edited: its first version's cell freed inside the page.
  await db.update(profiles).set({ bio: `${bio} (edited)` }).where(eq(profiles.id, user!.id));
  return { id: user!.id, email, cookie: (await createSession(db, user!.id)).split(";")[0]! };
}

function post(pathname: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

for (const workers of ["1", "2"]) {
  describe(`WEB_CONCURRENCY=${workers}`, () => {

    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-erased-volume-"));
      file = path.join(dir, "volume.db");
      server = await startServer({ DATABASE_PATH: file, SESSION_SECRET: SECRET, DEV_MODE_PASSWORD: DEV_PASSWORD, WEB_CONCURRENCY: workers, BACKUP_RETENTION_DAYS: "30" });
      // This process signs the session cookie with the server's secret (the app's own createSession).
      process.env.SESSION_SECRET = SECRET;
      db = openDatabase(file).db;
    }, 90_000);

    afterAll(async () => {
      await stopServer(server);
      db?.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    test("after an erasure and failed sign-ins with the address, the file, -wal and -shm hold it 0 times within 60 s; the other owner's data stays", { timeout: 120_000 }, async () => {
      const typed = "Erin.Erased-Volume@Example.test";
      const erased = await owner(typed.toLowerCase(), "Bio of the erased owner: takes the Blue Line at 8");
      const staying = await owner("sam.staying-volume@example.test", "Bio of the owner who stays: the Aqua Line");
      // Earlier failures with both addresses: lockout rows the erasure must forget (and Sam's must stay).
      const devCookie = (await post("/auth", { intent: "dev-unlock", password: DEV_PASSWORD })).headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      expect(devCookie).not.toBe("");
      for (const email of [typed, staying.email]) expect((await post("/auth", { intent: "sign-in", email, password: "wrong password" }, devCookie)).status).toBe(400);
      // The address is in the files now (the search reads them as they are).
      expect(occurrences(erased.email)).toBeGreaterThan(0);

      const deleted = await post("/settings", { intent: "delete-account", confirm: typed }, erased.cookie);
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("Location")).toBe("/account-deleted");
      const deletedAt = Date.now();
      // The pages state the backups' retention from the one setting (BACKUP_RETENTION_DAYS=30 here).
      for (const page of ["/account-deleted", "/privacy-policy"]) expect(await (await fetch(`${server.url}${page}`)).text(), page).toContain("30 days");

      // Then one failed sign-in with the address by password (developer mode), and a wrong code for it.
      const signIn = await post("/auth", { intent: "sign-in", email: typed, password: "wrong again" }, devCookie);
      expect(signIn.status).toBe(400);
      const code = await post(`/auth/code?email=${encodeURIComponent(typed)}`, { email: typed, code: "000000" });
      expect(code.status, `${code.status} ${code.headers.get("Location")}`).toBeGreaterThanOrEqual(400);
      expect(code.status).toBeLessThan(500);

      await expect
        .poll(() => [typed, erased.email, `backup-${erased.email}`, "Blue Line at 8"].map(occurrences), { timeout: 60_000 - (Date.now() - deletedAt), interval: 200 })
        .toEqual([0, 0, 0, 0]);

      // Sam stays: the account, the bio, the lockout count (under its hashed key).
      expect(occurrences(staying.email)).toBeGreaterThan(0);
      expect(occurrences("the Aqua Line (edited)")).toBeGreaterThan(0);
      expect(await db.select({ id: users.id }).from(users).where(eq(users.id, staying.id)).get()).toEqual({ id: staying.id });
      const limiterKeys = db.select({ key: rateLimits.key }).from(rateLimits).all().map((row) => row.key);
      expect(limiterKeys.filter((key) => key.startsWith("signInPerEmail:"))).toHaveLength(2);
      for (const key of limiterKeys) expect(key.toLowerCase()).not.toContain("example.test");
    });
  });
}
