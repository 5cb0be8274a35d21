// The server as a process: it refuses a busy port loudly, shuts down gracefully on SIGTERM and
// SIGINT (in-flight responses complete, idle connections close, the database is closed), and
// `npm run dev` serves pages.
import Database from "better-sqlite3";
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { LOWEST_NICE, V8_HELPER_THREAD } from "../../server/thread-priority.js";
import { childrenOf, crashLines, freePort, niceByThreadName, parseRawResponse, type ServerProcess, spawnServer, startServer, stopServer, waitForExit } from "./helpers";

const dirs: string[] = [];
const servers: ServerProcess[] = [];

function tempDatabase() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-process-"));
  dirs.push(dir);
  return path.join(dir, "process.db");
}

afterEach(async () => {
  for (const server of servers.splice(0)) await stopServer(server);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function exitOf(server: ServerProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return waitForExit(server.child).then(() => ({ code: server.child.exitCode, signal: server.child.signalCode }));
}

/** A socket that collects what the server sends and notes when the server closes it. */
function openConnection(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const state = { data: "", closed: false };
  socket.on("data", (chunk) => (state.data += chunk.toString("latin1")));
  socket.on("close", () => (state.closed = true));
  socket.on("error", () => {});
  const connected = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, state, connected };
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("a busy port stops the start with a clear message and a non-zero exit", { timeout: 60_000 }, async () => {
  const port = await freePort();
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(port, () => resolve()));
  try {
    const server = await spawnServer({ DATABASE_PATH: tempDatabase() }, { port });
    servers.push(server);
    const { code } = await exitOf(server);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(server.stderr()).toContain(`Port ${port} is already in use`);
    expect(server.output()).not.toContain("listening");
    // Told before anything else: no database seeded, no made-up password printed.
    expect(server.output()).not.toMatch(/Seeded|Developer-mode password/);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`${signal}: in-flight responses complete, idle connections close, the database closes cleanly, exit 0`, { timeout: 60_000 }, async () => {
    const file = tempDatabase();
    const server = await startServer({ DATABASE_PATH: file });
    servers.push(server);

    // An idle keep-alive connection: one request answered, then nothing.
    const idle = openConnection(server.port);
    await idle.connected;
    idle.socket.write(`GET /healthcheck HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
    await until(() => parseRawResponse(idle.state.data).body === "OK", 5_000, "the idle connection's answer");

    // An in-flight request: a form post whose body has not finished arriving.
    const body = "intent=unlock&type=metrocard&number=9876543210123&digits=4821";
    const inFlight = openConnection(server.port);
    await inFlight.connected;
    inFlight.socket.write(
      [
        "POST /?index&type=metrocard&number=9876543210123 HTTP/1.1",
        `Host: 127.0.0.1:${server.port}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${body.length}`,
      ].join("\r\n") +
        "\r\n\r\n" +
        body.slice(0, 10),
    );
    await new Promise((r) => setTimeout(r, 300));

    const stoppedAt = Date.now();
    server.child.kill(signal);
    const exited = exitOf(server);

    // The idle connection is closed promptly; the listener stops accepting.
    await until(() => idle.state.closed, 3_000, "the idle connection to close");
    await until(() => server.output().includes("Shutting down"), 3_000, "the shutdown message");
    await expect(fetch(`${server.url}/healthcheck`)).rejects.toThrow();

    // The in-flight request finishes after the signal and gets its whole answer.
    await new Promise((r) => setTimeout(r, 500));
    expect(inFlight.state.closed).toBe(false);
    inFlight.socket.write(body.slice(10));
    await until(() => inFlight.state.closed, 5_000, "the in-flight response to end");
    const response = parseRawResponse(inFlight.state.data);
    expect(response.status).toBe(200);
    expect(response.headers.connection).toBe("close");
    expect(response.body).toContain("Architect in Bandra");

    const { code } = await exited;
    expect(code).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    expect(crashLines(server.stderr())).toEqual([]);

    // The database was closed: WAL checkpointed into the file and removed; the file is sound.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    expect((db.prepare("select count(*) n from users").get() as { n: number }).n).toBeGreaterThan(0);
    db.close();
  });
}

test("a request that never finishes cannot hold the shutdown beyond its bound", { timeout: 60_000 }, async () => {
  const file = tempDatabase();
  const server = await startServer({ DATABASE_PATH: file, SHUTDOWN_TIMEOUT_SECONDS: "3" });
  servers.push(server);
  const stuck = openConnection(server.port);
  await stuck.connected;
  stuck.socket.write(`POST /?index HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nintent=`);
  await new Promise((r) => setTimeout(r, 300));
  const stoppedAt = Date.now();
  server.child.kill("SIGTERM");
  const { code } = await exitOf(server);
  const elapsed = Date.now() - stoppedAt;
  expect(elapsed).toBeGreaterThan(2_900);
  expect(elapsed).toBeLessThan(6_000);
  expect(code).toBe(1);
  expect(server.stderr()).toContain("forcing exit");
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  const db = new Database(file, { readonly: true });
  expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
  db.close();
});

test("npm run dev serves the landing page", { timeout: 180_000 }, async () => {
  // The very flags of package.json's dev script (two copies of react-router answered 500 without them).
  const script: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.dev;
  const match = /^NODE_ENV=development node (.*)server\.js$/.exec(script);
  expect(match, script).not.toBeNull();
  const nodeArgs = match![1]!.trim().split(/\s+/).filter(Boolean);
  const server = await startServer({ NODE_ENV: "development", DATABASE_PATH: tempDatabase() }, { nodeArgs, startTimeoutMs: 150_000 });
  servers.push(server);
  const response = await fetch(`${server.url}/`);
  const html = await response.text();
  expect(response.status, html.slice(0, 500)).toBe(200);
  expect(html).toContain("<title>Tagback | QR stickers that bring lost things home</title>");

  server.child.kill("SIGTERM");
  const { code } = await exitOf(server);
  expect(code).toBe(0);
  expect(crashLines(server.stderr())).toEqual([]);
});

/** Every V8 helper thread of a server process at the lowest priority; its event loop and libuv's threads at the usual one. */
function expectV8HelpersLowered(pid: number) {
  const nices = niceByThreadName(pid);
  expect(nices.get(V8_HELPER_THREAD)?.length ?? 0).toBeGreaterThan(0);
  expect(new Set(nices.get(V8_HELPER_THREAD))).toEqual(new Set([LOWEST_NICE]));
  // The main thread's id is the process's own.
  expect([...nices].filter(([name]) => name !== V8_HELPER_THREAD).flatMap(([, values]) => values).every((nice) => nice === 0)).toBe(true);
}

test("V8's helper threads, which mark the heap beside the program, run at the lowest priority; the event loop and libuv's threads at the usual one", { timeout: 60_000 }, async () => {
  const server = await startServer({ DATABASE_PATH: tempDatabase() });
  servers.push(server);
  // A scan, so libuv's threads (compression, files) have started too.
  expect((await fetch(`${server.url}/?t=100000000001`, { headers: { "Accept-Encoding": "gzip" } })).status).toBe(200);
  expect(niceByThreadName(server.child.pid!).has("libuv-worker")).toBe(true);
  expectV8HelpersLowered(server.child.pid!);
});

test("WEB_CONCURRENCY=2: two workers share the port, the demo secrets and the search limit; SIGTERM stops them all", { timeout: 90_000 }, async () => {
  const server = await startServer({ DATABASE_PATH: tempDatabase(), WEB_CONCURRENCY: "2", TRUST_PROXY: "fly" });
  servers.push(server);
  const workers = childrenOf(server.child.pid!);
  expect(workers).toHaveLength(2);
  for (const pid of workers) expectV8HelpersLowered(pid);
  // The primary made up one developer password and printed it once; the workers use the same one.
  expect(server.output().match(/Developer-mode password/g)).toHaveLength(1);
  // Printed once both workers listen; the first may answer the health check before the second is up.
  await expect.poll(() => server.output(), { timeout: 10_000 }).toContain("2 processes");

  // New connections land on either worker; the search limit is counted in SQLite, so it holds
  // across them: 10 searches from one client pass, the 11th is refused wherever it lands.
  const search = () =>
    fetch(`${server.url}/?t=100000000001`, { headers: { "Fly-Client-IP": "203.0.113.9", Connection: "close" } });
  for (let i = 0; i < 10; i++) expect((await search()).status).toBe(200);
  for (let i = 0; i < 4; i++) expect((await search()).status).toBe(429);

  server.child.kill("SIGTERM");
  const { code } = await exitOf(server);
  expect(code).toBe(0);
  for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
});

test("a sticker batch a stop cut short with no passwords kept is minted again from the start when the server starts (and by one process of a cluster)", { timeout: 90_000 }, async () => {
  for (const env of [{}, { WEB_CONCURRENCY: "2" }] as Record<string, string>[]) {
    const file = tempDatabase();
    // The server makes the file; then, as an older version's stop mid-mint left it: a batch still
    // `minting`, with a token written whose password died with the process (no sealed slice).
    await stopServer(await startServer({ DATABASE_PATH: file }));
    const db = new Database(file);
    db.prepare("insert into mint_batches (id, count, status, progress, created_at) values ('cut-batch', 4, 'minting', 1, ?)").run(Date.now());
    db.prepare("insert into tagback_tokens (id, token, password_hash, batch_id, created_at) values ('cut-token', '987600000009', 'x', 'cut-batch', ?)").run(Date.now());
    const server = await startServer({ DATABASE_PATH: file, ...env });
    servers.push(server);
    const batch = () => db.prepare("select status, progress from mint_batches where id = 'cut-batch'").get() as { status: string; progress: number };
    await expect.poll(() => batch().status, { timeout: 30_000 }).toBe("done");
    expect(batch().progress).toBe(4);
    const tokens = db.prepare("select token from tagback_tokens where batch_id = 'cut-batch'").all() as { token: string }[];
    expect(tokens).toHaveLength(4);
    expect(tokens.map((t) => t.token)).not.toContain("987600000009");
    expect(server.output()).toContain("Resuming 1 sticker batch(es) a stop cut short (1 from the start: their passwords could not be opened)");
    db.close();
  }
});

test("at a terminal the log is plain lines a person reads; LOG_FORMAT=json keeps JSON there; a bad LOG_FORMAT stops the start naming it", { timeout: 90_000 }, async () => {
  // A real terminal: util-linux's `script` runs the server on a pseudo-terminal of its own.
  const atTerminal = async (env: Record<string, string>) => {
    const port = await freePort();
    const child = spawn("script", ["-qfec", `${JSON.stringify(process.execPath)} server.js`, "/dev/null"], {
      env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, METRICS_PORT: "0", DATABASE_PATH: tempDatabase(), ...env },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    return { child, port, output: () => output, stop: () => process.kill(-child.pid!, "SIGKILL") };
  };

  const text = await atTerminal({ LOG_FORMAT: "" });
  try {
    await until(() => /listening/.test(text.output()), 60_000, "the server to listen");
    expect(text.output()).toMatch(/^\d\d:\d\d:\d\d INFO {2}Developer-mode password \(demo mode\): \S+\r?$/m);
    expect((await fetch(`http://127.0.0.1:${text.port}/healthcheck`)).status).toBe(200);
    await until(() => /^\d\d:\d\d:\d\d GET 200 healthcheck [\d.]+ ms \d+ B \S+\r?$/m.test(text.output()), 10_000, "the request's line");
    expect(text.output()).not.toMatch(/^\{"time"/m);
  } finally {
    text.stop();
  }

  const json = await atTerminal({ LOG_FORMAT: "json" });
  try {
    await until(() => /listening/.test(json.output()), 60_000, "the server to listen");
    const password = json.output().split(/\r?\n/).find((line) => line.includes("Developer-mode password"));
    expect(JSON.parse(password!)).toMatchObject({ level: "info", msg: expect.stringMatching(/^Developer-mode password \(demo mode\): /) });
  } finally {
    json.stop();
  }

  const bad = await spawnServer({ DATABASE_PATH: tempDatabase(), LOG_FORMAT: "pretty" });
  servers.push(bad);
  const { code } = await exitOf(bad);
  expect(code).toBe(1);
  expect(bad.stderr()).toContain('LOG_FORMAT must be "json" or "text" (got "pretty")');
});
