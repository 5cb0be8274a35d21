// A cluster (WEB_CONCURRENCY=2) stopped by SIGTERM or SIGINT exits 0 whatever moment the stop
// comes, while the CPU is busy: Fly reads a non-zero exit on a normal deploy as a crash. Under load a
// worker may still be starting when the stop comes (it dies of the signal itself, its handler not
// installed yet), Ctrl-C's SIGINT may reach the workers before the primary, or a worker may give up
// on an open request after its shutdown timeout (exit 1). A worker that really fails, outside a
// stop, still makes the primary's exit non-zero.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { openDatabase } from "../../db/connection";
import { childrenOf, crashLines, freePort, type ServerProcess, spawnServer, stopServer, waitForExit } from "./helpers";

const ROUNDS = 3;
let dir: string;
let database: string;
const burners: ChildProcess[] = [];
const servers: ServerProcess[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-cluster-stop-"));
  // Migrated once here: the servers then start on an existing database (no demo seed to wait for).
  database = path.join(dir, "cluster.db");
  openDatabase(database).db.$client.close();
  // One CPU-bound process per core: every server process below competes for the CPU.
  for (let i = 0; i < os.availableParallelism(); i++) {
    burners.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  }
});

afterAll(async () => {
  for (const burner of burners) burner.kill("SIGKILL");
  for (const server of servers) await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function until(what: string, server: ServerProcess, condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`exited before ${what}:\n${server.output()}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function answers(server: ServerProcess) {
  try {
    return (await fetch(`${server.url}/healthcheck`, { headers: { Connection: "close" } })).ok;
  } catch {
    return false;
  }
}

/** The moments of a start a stop can come at, each reached by what can be seen of it. */
const MOMENTS = {
  "both workers forked, neither listening": (server: ServerProcess) => until("the workers start", server, () => childrenOf(server.child.pid!).length === 2),
  "one worker answers": (server: ServerProcess) => until("a worker answers", server, () => answers(server)),
  "both workers listen": (server: ServerProcess) => until("both listen", server, () => server.output().includes("2 processes")),
};

/** SIGTERM to the primary (Fly, Docker), or SIGINT to the whole process group (Ctrl-C in a terminal). */
const STOPS = {
  SIGTERM: (server: ServerProcess) => server.child.kill("SIGTERM"),
  "SIGINT to the group": (server: ServerProcess) => process.kill(-server.child.pid!, "SIGINT"),
};

async function exitOf(server: ServerProcess) {
  await waitForExit(server.child);
  return { code: server.child.exitCode, signal: server.child.signalCode };
}

test(`under CPU load, a stop at any moment of a cluster's start exits 0 (${ROUNDS} rounds)`, { timeout: 150_000 }, async () => {
  const outcomes: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [moment, reached] of Object.entries(MOMENTS)) {
      for (const [stop, send] of Object.entries(STOPS)) {
        // Its own process group, so that the SIGINT reaches it and its workers and nothing else.
        // The warm-up cut to a second: a stop during it is one of the moments, its length is not the subject.
        const server = await spawnServer({ DATABASE_PATH: database, WEB_CONCURRENCY: "2", WARM_UP_SECONDS: "1" }, { detached: true });
        servers.push(server);
        await reached(server);
        send(server);
        const { code, signal } = await exitOf(server);
        outcomes.push(`${stop} when ${moment}: ${signal ?? code}${crashLines(server.stderr()).length ? " with a crash" : ""}`);
      }
    }
  }
  expect(outcomes.filter((outcome) => !outcome.endsWith(": 0"))).toEqual([]);
});

test("a stop whose worker gives up on an open request after its shutdown timeout exits 0", { timeout: 60_000 }, async () => {
  const server = await spawnServer({ DATABASE_PATH: database, WEB_CONCURRENCY: "2", SHUTDOWN_TIMEOUT_SECONDS: "3" });
  servers.push(server);
  await MOMENTS["both workers listen"](server);
  // A form post whose body never comes. Node answers "100 Continue" as it hands the request to
  // the app, in the same tick as the app counts it open: once it is read, the request is open.
  const socket = net.connect(server.port, "127.0.0.1");
  socket.on("error", () => {});
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.write("POST /language HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n");
  await until("the request is open", server, () => received.includes("100 Continue"));
  server.child.kill("SIGTERM");
  const { code } = await exitOf(server);
  socket.destroy();
  expect(server.stderr()).toContain("still open after");
  expect(code).toBe(0);
});

test("a worker that crashes outside a stop makes the stopped cluster's exit non-zero", { timeout: 60_000 }, async () => {
  const server = await spawnServer({ DATABASE_PATH: database, WEB_CONCURRENCY: "2" });
  servers.push(server);
  await MOMENTS["both workers listen"](server);
  process.kill(childrenOf(server.child.pid!)[0]!, "SIGKILL");
  await until("a worker replaces it", server, () => server.output().includes("A server process exited (SIGKILL): starting another."));
  server.child.kill("SIGTERM");
  expect((await exitOf(server)).code).toBe(1);
});

test("a cluster whose workers cannot listen (a busy port) exits non-zero", { timeout: 60_000 }, async () => {
  const port = await freePort();
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(port, () => resolve()));
  try {
    const server = await spawnServer({ DATABASE_PATH: database, WEB_CONCURRENCY: "2" }, { port });
    servers.push(server);
    const { code } = await exitOf(server);
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(server.stderr()).toContain(`Port ${port} is already in use`);
  } finally {
    blocker.close();
  }
});
