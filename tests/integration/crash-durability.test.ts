// Killing the processes that write with SIGKILL loses no committed row and leaves a sound file.
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { startServer, waitForExit } from "./helpers";

test("SIGKILL during writes loses no committed row and keeps integrity", { timeout: 120_000 }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-crash-"));
  const file = path.join(dir, "crash.db");
  const server = await startServer({ DATABASE_PATH: file });

  const writer = spawn(process.execPath, ["tests/integration/fixtures/writer.ts"], {
    env: { ...process.env, DATABASE_PATH: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let acknowledged = "";
  writer.stdout!.on("data", (chunk) => (acknowledged += chunk));
  // Let it write for a while, with the server reading the same file meanwhile.
  while (acknowledged.split("\n").length < 300) {
    expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
  }
  writer.kill("SIGKILL");
  server.child.kill("SIGKILL");
  await Promise.all([waitForExit(writer), waitForExit(server.child)]);

  const committed = acknowledged.split("\n").filter(Boolean);
  const db = new Database(file);
  expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  const stored = new Set(
    (db.prepare("select location_name from demo_locations where location_name like 'crash-%'").all() as { location_name: string }[]).map(
      (row) => row.location_name,
    ),
  );
  db.close();
  for (const name of committed) expect(stored.has(name), name).toBe(true);

  // The server starts again on the same file and answers.
  const again = await startServer({ DATABASE_PATH: file });
  expect((await fetch(`${again.url}/healthcheck`)).status).toBe(200);
  again.child.kill("SIGKILL");
  await waitForExit(again.child);
  fs.rmSync(dir, { recursive: true, force: true });
});
