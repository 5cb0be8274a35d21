// The real server deletes what the database no longer keeps: a lone process sweeps, and in a
// cluster its primary does (app/core/retention.server.ts, started by server/main.ts); either way it
// still stops cleanly on SIGTERM.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { openDatabase } from "../../db/connection";
import { crashLines, startServer, stopServer, waitForExit, type ServerProcess } from "./helpers";

const EXPIRED_ROWS = 3_000;
const dirs: string[] = [];
const servers: ServerProcess[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) await stopServer(server);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A database holding limiter rows that expired a minute ago, and one that lasts an hour. */
function databaseWithExpiredRows() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-retention-"));
  dirs.push(dir);
  const file = path.join(dir, "retention.db");
  const { db } = openDatabase(file);
  const insert = db.$client.prepare("insert into rate_limits (key, points, expire) values (?, 1, ?)");
  db.$client.transaction(() => {
    for (let i = 0; i < EXPIRED_ROWS; i++) insert.run(`search:10.0.${i >> 8}.${i & 255}`, Date.now() - 60_000);
    insert.run("search:192.0.2.1", Date.now() + 60 * 60_000);
  })();
  db.$client.close();
  return file;
}

function limiterKeys(file: string): string[] {
  const { db } = openDatabase(file);
  try {
    return db.$client.prepare("select key from rate_limits").pluck().all() as string[];
  } finally {
    db.$client.close();
  }
}

for (const workers of ["1", "2"]) {
  test(`WEB_CONCURRENCY=${workers}: the server deletes expired limiter rows and keeps the rest`, { timeout: 90_000 }, async () => {
    const file = databaseWithExpiredRows();
    const server = await startServer({ DATABASE_PATH: file, WEB_CONCURRENCY: workers });
    servers.push(server);

    // The row that lasts stays, its key hashed at the start (decision 045: no client's IP in clear).
    await expect.poll(() => limiterKeys(file), { timeout: 30_000, interval: 200 }).toEqual([expect.stringMatching(/^search:~[\w-]{22}$/)]);
    // The sweep logs once its deletions are committed: the line reaches the pipe after the rows are gone.
    const sweeps = () => server.output().match(/Retention: deleted \d+ rows/g);
    await expect.poll(sweeps, { timeout: 10_000, interval: 50 }).not.toBeNull();

    server.child.kill("SIGTERM");
    await waitForExit(server.child);
    expect(server.child.exitCode).toBe(0);
    // One process swept: one line for the whole backlog (counted once the output is complete).
    expect(sweeps()).toEqual([`Retention: deleted ${EXPIRED_ROWS} rows`]);
    expect(crashLines(server.stderr())).toEqual([]);
  });
}
