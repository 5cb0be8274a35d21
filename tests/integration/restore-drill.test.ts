// Restore drill: the production Litestream set-up, run for real against a local file replica.
// `litestream replicate -config litestream.yml -exec CMD` (as docker-start.sh runs it) streams the
// database while a writer commits rows under load; the writer is killed with SIGKILL, Litestream
// then does its final sync and exits (as it does when the server dies), and the replica is
// restored into an empty directory by scripts/litestream-restore.sh, the script docker-start.sh
// runs on an empty volume. Every row the writer saw committed must be in the restored file.
//
// The writer is a small Node process that writes through the app's own database module
// (db/connection.ts: same pragmas, same migrations) rather than the HTTP server: `node server.js`
// needs a production build, which the unit test run does not have on a fresh clone (and would
// start one in the working copy). For Litestream the writes are the same WAL traffic.
import Database from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const config = path.join(root, "litestream.yml");
const restoreScript = path.join(root, "scripts/litestream-restore.sh");
const litestreamDir = path.join(root, "node_modules/@flydotio/litestream-linux-x64");
const migrationCount = (
  JSON.parse(fs.readFileSync(path.join(root, "db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] }
).entries.length;
// The npm package ships a Linux x64 binary only (production runs the same version from its image).
const supported = process.platform === "linux" && process.arch === "x64";

const running: ChildProcess[] = [];
const pids: number[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const pid of pids.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-drill-"));
  dirs.push(dir);
  return dir;
}

/** The environment litestream.yml and the scripts read, with the npm Litestream binary on PATH. */
function litestreamEnv(databasePath: string, replicaUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: [litestreamDir, path.dirname(process.execPath), process.env.PATH ?? ""].join(path.delimiter),
    DATABASE_PATH: databasePath,
    LITESTREAM_REPLICA_URL: replicaUrl,
    LITESTREAM_ENDPOINT: "",
    LITESTREAM_REGION: "",
  };
}

/** docker-start.sh's restore step: `sh scripts/litestream-restore.sh CONFIG`. */
function restore(databasePath: string, replicaUrl: string) {
  const result = spawnSync("sh", [restoreScript, config], {
    cwd: root,
    encoding: "utf8",
    timeout: 30_000,
    env: litestreamEnv(databasePath, replicaUrl),
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

async function until(condition: () => boolean, timeoutMs: number, what: string, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; output:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Files under the replica's WAL folders: one per sync that shipped WAL pages. */
function replicatedWalSegments(replica: string): number {
  const generations = path.join(replica, "generations");
  if (!fs.existsSync(generations)) return 0;
  let count = 0;
  for (const generation of fs.readdirSync(generations)) {
    const wal = path.join(generations, generation, "wal");
    if (fs.existsSync(wal)) count += fs.readdirSync(wal).length;
  }
  return count;
}

// Commits a user and their profile per transaction, as a sign-up does (a few hundred a second, a
// heavy load for this app), and prints each id only after the commit returned. Stops by itself
// after 30 s in case the test never kills it.
const WRITER = (connectionUrl: string) => `
import { openDatabase, schema } from ${JSON.stringify(connectionUrl)};
const { db } = openDatabase(process.env.DATABASE_PATH);
process.stdout.write("ready " + process.pid + "\\n");
const stopAt = Date.now() + 30_000;
for (let n = 0; Date.now() < stopAt; n++) {
  const id = "drill-" + n;
  db.transaction((tx) => {
    tx.insert(schema.users).values({ id, email: id + "@drill.test" }).run();
    tx.insert(schema.profiles).values({ id, bio: "restore drill ".repeat(20) }).run();
  });
  process.stdout.write("ack " + id + "\\n");
  await new Promise((resolve) => setTimeout(resolve, 2));
}
`;

describe.skipIf(!supported)("restore drill (Litestream, local file replica)", () => {
  test("the Litestream binary runs here", () => {
    const result = spawnSync(path.join(litestreamDir, "litestream"), ["version"], { encoding: "utf8", timeout: 10_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^v0\.3\./);
  });

  test("rows committed under write load survive a crash and a restore into an empty directory", { timeout: 60_000 }, async () => {
    const dir = tempDir();
    const live = path.join(dir, "live", "tagback.db");
    const replica = path.join(dir, "replica");
    const replicaUrl = pathToFileURL(replica).href;
    const writer = path.join(dir, "writer.mjs");
    fs.writeFileSync(writer, WRITER(pathToFileURL(path.join(root, "db/connection.ts")).href));

    // As docker-start.sh: Litestream runs the process that writes as its child.
    const litestream = spawn("litestream", ["replicate", "-config", config, "-exec", `"${process.execPath}" "${writer}"`], {
      cwd: root,
      env: litestreamEnv(live, replicaUrl),
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.push(litestream);
    let output = "";
    let pending = "";
    let writerPid: number | undefined;
    const acknowledged: string[] = [];
    // Litestream logs to stdout and passes the child's stdout through: pick out the writer's lines.
    litestream.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
      const lines = (pending + chunk).split("\n");
      pending = lines.pop()!;
      for (const line of lines) {
        const ack = /^ack (drill-\d+)$/.exec(line);
        if (ack) acknowledged.push(ack[1]!);
        const ready = /^ready (\d+)$/.exec(line);
        if (ready) pids.push((writerPid = Number(ready[1])));
      }
    });
    litestream.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const closed = new Promise<void>((resolve) => litestream.once("close", () => resolve()));
    const tail = () => output.slice(-4000);

    // Under load until Litestream has shipped WAL at least three times (sync-interval 1s).
    await until(() => writerPid !== undefined, 15_000, "the writer to start", tail);
    await until(() => acknowledged.length >= 200 && replicatedWalSegments(replica) >= 3, 20_000, "replication under load", tail);

    // The crash: the writer dies mid-loop. Litestream notices its child is gone, syncs the WAL
    // that is not shipped yet, and exits.
    process.kill(writerPid!, "SIGKILL");
    const exited = await Promise.race([closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20_000))]);
    expect(exited, `Litestream did not exit after its child died:\n${tail()}`).toBe(true);

    // A new, empty volume: docker-start.sh's restore step.
    const target = path.join(dir, "new-volume", "tagback.db");
    fs.mkdirSync(path.dirname(target));
    expect(fs.readdirSync(path.dirname(target))).toEqual([]);
    const restored = restore(target, replicaUrl);
    expect(restored.status, restored.output).toBe(0);
    expect(restored.output).toMatch(/litestream-restore: restored/);
    // Nothing but the database: no temporary files from the restore.
    expect(fs.readdirSync(path.dirname(target))).toEqual(["tagback.db"]);

    const db = new Database(target, { readonly: true });
    try {
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(db.pragma("foreign_key_check")).toEqual([]);
      const users = new Set(
        (db.prepare("SELECT id FROM users WHERE id LIKE 'drill-%'").all() as { id: string }[]).map((row) => row.id),
      );
      const missing = acknowledged.filter((id) => !users.has(id));
      expect(missing, `${missing.length} of ${acknowledged.length} acknowledged rows missing`).toEqual([]);
      // At most the one transaction that committed after the last ack was printed.
      expect(users.size - acknowledged.length).toBeLessThanOrEqual(1);
      // Whole transactions only: every user has its profile.
      const orphans = db.prepare("SELECT count(*) AS n FROM users u LEFT JOIN profiles p ON p.id = u.id WHERE p.id IS NULL").get();
      expect(orphans).toEqual({ n: 0 });
      expect(db.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get()).toEqual({ n: migrationCount });
    } finally {
      db.close();
    }

    // The machine starts again on the restored volume: the script leaves the database alone.
    const before = fs.readFileSync(target);
    const again = restore(target, replicaUrl);
    expect(again.status, again.output).toBe(0);
    expect(again.output).toMatch(/exists, nothing to restore/);
    expect(fs.readFileSync(target).equals(before)).toBe(true);
  });

  test("the first deploy (an empty replica) starts without a database", () => {
    const dir = tempDir();
    const target = path.join(dir, "volume", "tagback.db");
    const result = restore(target, pathToFileURL(path.join(dir, "empty-replica")).href);
    expect(result.status, result.output).toBe(0);
    expect(result.output).toMatch(/no replica at .* yet/);
    expect(fs.existsSync(target)).toBe(false);
  });

  test("the script needs DATABASE_PATH and LITESTREAM_REPLICA_URL", () => {
    const result = restore("", "");
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/DATABASE_PATH is not set/);
  });
});
