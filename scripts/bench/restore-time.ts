// How long a new machine takes from an empty volume to serving finders (scripts/bench/capacity.ts):
// the restore drill of tests/integration/restore-drill.test.ts, timed, on a database of the size
// decision 004 plans for. Litestream (the npm binary, the version the image runs) replicates the
// database to a file replica; then, as docker-start.sh does on an empty volume,
// scripts/litestream-restore.sh restores it and `litestream replicate -exec "node server.js"`
// starts the server, until /healthcheck answers 200 and a scan finds an owner of the restored file.
// A file replica measures our side only: from object storage, add the replica's bytes over the
// machine's bandwidth.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startChild, stopChild, waitForOutput } from "./children.ts";
import { appServerEnv, freePort } from "./servers.ts";

export type RestoreTime = {
  databaseBytes: number;
  /** The replica's files (lz4-compressed snapshot and WAL): what a restore downloads. */
  replicaBytes: number;
  /** Litestream's first snapshot of the database, from its start. */
  replicateSeconds: number;
  /** scripts/litestream-restore.sh into an empty directory. */
  restoreSeconds: number;
  /** From starting `litestream replicate -exec "node server.js"` to /healthcheck 200. */
  startSeconds: number;
};

const ROOT = path.resolve(import.meta.dirname, "../..");
const CONFIG = path.join(ROOT, "litestream.yml");
const LITESTREAM_DIR = path.join(ROOT, "node_modules/@flydotio/litestream-linux-x64");
/** Each step may take this long before the drill gives up: a 300 MB database needs seconds. */
const STEP_TIMEOUT_MS = 5 * 60_000;

/** What litestream.yml reads, with the npm Litestream binary and this Node first on PATH. */
function litestreamEnv(base: NodeJS.ProcessEnv, databasePath: string, replicaUrl: string): NodeJS.ProcessEnv {
  return {
    ...base,
    PATH: [LITESTREAM_DIR, path.dirname(process.execPath), process.env.PATH ?? ""].join(path.delimiter),
    DATABASE_PATH: databasePath,
    LITESTREAM_REPLICA_URL: replicaUrl,
    LITESTREAM_ENDPOINT: "",
    LITESTREAM_REGION: "",
  };
}

function sizeOfTree(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** `scanPath` must find an owner in the database (its page then names them: `ownerName`). */
export async function timeRestore(databasePath: string, dir: string, check: { scanPath: string; ownerName: string }): Promise<RestoreTime> {
  const replica = path.join(dir, "replica");
  const replicaUrl = pathToFileURL(replica).href;

  // The running machine: Litestream ships a snapshot and the WAL after it.
  let started = performance.now();
  const source = startChild("litestream (source)", "litestream", ["replicate", "-config", CONFIG], { env: litestreamEnv(process.env, databasePath, replicaUrl), cwd: ROOT });
  await waitForOutput(source, /snapshot written[\s\S]*wal segment written/, STEP_TIMEOUT_MS);
  const replicateSeconds = seconds(started);
  await stopChild(source);

  // A new machine, an empty volume: docker-start.sh's two steps.
  const target = path.join(dir, "new-volume", "tagback.db");
  fs.mkdirSync(path.dirname(target), { recursive: true });
  started = performance.now();
  const restored = spawnSync("sh", [path.join(ROOT, "scripts/litestream-restore.sh"), CONFIG], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: STEP_TIMEOUT_MS,
    env: litestreamEnv(process.env, target, replicaUrl),
  });
  if (restored.status !== 0 || !fs.existsSync(target)) throw new Error(`the restore failed:\n${restored.stdout}${restored.stderr}`);
  const restoreSeconds = seconds(started);

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  started = performance.now();
  const server = startChild("litestream -exec node server.js", "litestream", ["replicate", "-config", CONFIG, "-exec", "node server.js"], {
    cwd: ROOT,
    env: litestreamEnv(appServerEnv(port, target, 1), target, replicaUrl),
  });
  try {
    await untilHealthy(base, () => server.output());
    const startSeconds = seconds(started);
    const scan = await fetch(base + check.scanPath, { headers: { "Fly-Client-IP": "81.2.69.142" } });
    const page = await scan.text();
    if (scan.status !== 200 || !page.includes(check.ownerName)) throw new Error(`the restored server did not find ${check.ownerName}: ${check.scanPath} answered ${scan.status}`);
    return { databaseBytes: fs.statSync(databasePath).size, replicaBytes: sizeOfTree(replica), replicateSeconds, restoreSeconds, startSeconds };
  } finally {
    await stopChild(server);
  }
}

/** Polls /healthcheck (as Fly's check does, more often) until it answers 200. */
async function untilHealthy(base: string, output: () => string) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthcheck`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the restored server never answered /healthcheck:\n${output()}`);
}
