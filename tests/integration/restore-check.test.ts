// The restore check (app/core/restore-check.server.ts) against the real Litestream binary and a
// local file replica: a replica Litestream keeps up to date restores, passes integrity_check and
// matches the live row counts (metrics say 1); an empty or missing replica fails, with its reason,
// and the metrics say 0. `npm run db:restore-check` prints the same as JSON.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { register } from "prom-client";
import { afterEach, describe, expect, test, vi } from "vitest";
import { openDatabase } from "../../db/connection";
import { profiles, users } from "../../db/schema";
import { checkRestore, report } from "~/core/restore-check.server";

const root = path.resolve(import.meta.dirname, "../..");
const config = path.join(root, "litestream.yml");
const litestream = path.join(root, "node_modules/@flydotio/litestream-linux-x64/litestream");
const supported = process.platform === "linux" && process.arch === "x64";

const running: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function envFor(databasePath: string, replicaUrl: string): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_PATH: databasePath, LITESTREAM_REPLICA_URL: replicaUrl, LITESTREAM_ENDPOINT: "", LITESTREAM_REGION: "" };
}

async function gaugeValue(name: string): Promise<number> {
  const metric = (await register.getMetricsAsJSON()).find((m) => m.name === name);
  return Number(metric?.values[0]?.value);
}

function liveDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-restore-check-test-"));
  dirs.push(dir);
  const file = path.join(dir, "live", "tagback.db");
  fs.mkdirSync(path.dirname(file));
  const { db } = openDatabase(file);
  for (let i = 0; i < 30; i++) {
    const id = `check-${i}`;
    db.insert(users).values({ id, email: `${id}@example.test` }).run();
    db.insert(profiles).values({ id, firstName: `Owner ${i}` }).run();
  }
  return { dir, file, db };
}

describe.skipIf(!supported)("the restore check", () => {
  test("a replica Litestream keeps restores whole and matches the live rows", { timeout: 60_000 }, async () => {
    const { dir, file, db } = liveDatabase();
    const replica = path.join(dir, "replica");
    const env = envFor(file, pathToFileURL(replica).href);
    const replicating = spawn(litestream, ["replicate", "-config", config], { env, stdio: ["ignore", "pipe", "pipe"] });
    running.push(replicating);
    // Until a snapshot and the WAL written after it have been shipped.
    const shipped = () => fs.existsSync(path.join(replica, "generations")) && fs.readdirSync(path.join(replica, "generations")).some((g) => fs.existsSync(path.join(replica, "generations", g, "wal")));
    await expect.poll(shipped, { timeout: 30_000 }).toBe(true);
    await expect
      .poll(async () => (await checkRestore(db, { config, databasePath: file, litestream, env })).rowsBehind.users, { timeout: 30_000 })
      .toBe(0);
    const check = await checkRestore(db, { config, databasePath: file, litestream, env });
    expect(check).toMatchObject({ ok: true, problem: "", integrity: "ok", rowsBehind: { users: 0, profiles: 0, outbox: 0 } });
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    report(check, 1_700_000_000_000);
    log.mockRestore();
    expect(await gaugeValue("tagback_backup_restore_check_ok")).toBe(1);
    expect(await gaugeValue("tagback_backup_restore_check_timestamp_seconds")).toBe(1_700_000_000);
    // No copy is left behind in the temporary folder.
    expect(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("tagback-restore-check-") && !dirs.some((d) => d.endsWith(name)))).toEqual([]);

    // The operator's command: the same check, as JSON, exit 0.
    const cli = spawnSync(process.execPath, [path.join(root, "scripts/db-restore-check.ts")], {
      cwd: root,
      encoding: "utf8",
      env: { ...env, PATH: [path.dirname(litestream), process.env.PATH].join(path.delimiter) },
      timeout: 30_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ ok: true, integrity: "ok" });
    db.$client.close();
  });

  test("an empty replica fails the check with its reason, and the metric says 0", { timeout: 30_000 }, async () => {
    const { dir, file, db } = liveDatabase();
    const env = envFor(file, pathToFileURL(path.join(dir, "no-replica-here")).href);
    const check = await checkRestore(db, { config, databasePath: file, litestream, env });
    expect(check.ok).toBe(false);
    expect(check.problem).toMatch(/^restore failed: /);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    report(check);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Restore check failed: restore failed: /));
    errors.mockRestore();
    expect(await gaugeValue("tagback_backup_restore_check_ok")).toBe(0);
    db.$client.close();
  });
});
