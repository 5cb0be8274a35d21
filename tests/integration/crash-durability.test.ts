// Killing the server with SIGKILL while it writes loses no committed row and leaves a sound file.
// The writes are real requests: developer-mode sign-ups, each a transaction (user + profile).
import Database from "better-sqlite3";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { startServer, waitForExit } from "./helpers";

function cookiePairs(response: Response) {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

test("SIGKILL during writes loses no committed row and keeps integrity", { timeout: 120_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-crash-"));
  const file = path.join(dir, "crash.db");
  const server = await startServer({ DATABASE_PATH: file, DEV_MODE_PASSWORD: "crash-pw" });

  const unlocked = await fetch(`${server.url}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "dev-unlock", password: "crash-pw" }),
    redirect: "manual",
  });
  expect(unlocked.status).toBe(302);
  const cookie = cookiePairs(unlocked);

  const acknowledged: string[] = [];
  let stop = false;
  let next = 0;
  async function signUpLoop() {
    while (!stop) {
      const email = `crash-${next++}@example.test`;
      try {
        const response = await fetch(`${server.url}/auth?tab=signup`, {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent: "sign-up", email, password: "long-enough" }),
        });
        // A 200 means the server committed the row before answering.
        if (response.status === 200) acknowledged.push(email);
      } catch {
        return; // the server is gone
      }
    }
  }
  const loops = [signUpLoop(), signUpLoop(), signUpLoop(), signUpLoop()];
  while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
  server.child.kill("SIGKILL");
  stop = true;
  await Promise.all([...loops, waitForExit(server.child)]);

  const db = new Database(file);
  expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  const stored = new Set((db.prepare("select email from users").all() as { email: string }[]).map((row) => row.email));
  const orphans = db.prepare("select count(*) n from users u left join profiles p on p.id = u.id where p.id is null").get() as { n: number };
  db.close();
  for (const email of acknowledged) expect(stored.has(email), email).toBe(true);
  expect(orphans.n).toBe(0);

  // The server starts again on the same file and answers.
  const again = await startServer({ DATABASE_PATH: file, DEV_MODE_PASSWORD: "crash-pw" });
  expect((await fetch(`${again.url}/healthcheck`)).status).toBe(200);
  again.child.kill("SIGKILL");
  await waitForExit(again.child);
  fs.rmSync(dir, { recursive: true, force: true });
});
