import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

export async function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  port: number;
  /** stdout and stderr, interleaved. */
  output: () => string;
  /** stderr alone: where crashes and stack traces go. */
  stderr: () => string;
};

export type SpawnOptions = {
  /** Defaults to a free port. */
  port?: number;
  /** Node flags before `server.js` (e.g. the dev script's `--conditions=development`). */
  nodeArgs?: string[];
  /** The server's working directory, where it looks for build/ and db/ (default: the project). */
  cwd?: string;
  /** Leads a process group of its own (its workers join it), so a test can signal the group. */
  detached?: boolean;
};

/**
 * Spawns `node server.js` (production unless env says otherwise) without waiting for it. The
 * metrics port is off unless `env` sets METRICS_PORT: test servers run side by side and must not
 * fight over the default 9091. No warm-up unless `env` sets WARM_UP_SECONDS: ~57 servers start in
 * the tests and the warm-up is 1–5 s of each (CI time); warm-up.test.ts and the cluster's stop test
 * ask for one.
 */
export async function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  let stderr = "";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), path.resolve("server.js")], {
    cwd: options.cwd,
    detached: options.detached,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), APP_URL: url, METRICS_PORT: "0", WARM_UP_SECONDS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  return { child, url, port, output: () => output, stderr: () => stderr };
}

/** Starts the real server (`node server.js`, production build) and resolves once it listens. */
export async function startServer(
  env: Record<string, string>,
  options: SpawnOptions & { startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const server = await spawnServer(env, options);
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/healthcheck`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  server.child.kill("SIGKILL");
  throw new Error(`server did not start:\n${server.output()}`);
}

export function waitForExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
  });
}

/** Stops a server this test started (SIGKILL: fast, and what crash tests rely on anyway). */
export async function stopServer(server: ServerProcess | undefined) {
  if (!server) return;
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGKILL");
  await waitForExit(server.child);
}

export type RawResponse = {
  /** Everything the server sent, as latin1 text. */
  text: string;
  status: number;
  headers: Record<string, string>;
  body: string;
};

/**
 * Sends hand-written request bytes on a new connection and reads until the server closes it (or
 * until `timeoutMs`). Requests should carry `Connection: close` (or be HTTP/1.0) so the server
 * ends the connection after answering. The socket is never half-closed: Node's server aborts a
 * request whose client ends its side early.
 */
export function rawRequest(port: number, bytes: string | Buffer, options: { host?: string; timeoutMs?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, options.host ?? "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(options.timeoutMs ?? 10_000, () => socket.destroy(new Error("raw request timed out")));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(parseRawResponse(Buffer.concat(chunks).toString("latin1"))));
    socket.write(bytes);
  });
}

export function parseRawResponse(text: string): RawResponse {
  const end = text.indexOf("\r\n\r\n");
  const head = end === -1 ? text : text.slice(0, end);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0);
  let body = end === -1 ? "" : text.slice(end + 4);
  if (headers["transfer-encoding"]?.includes("chunked")) body = dechunk(body);
  return { text, status, headers, body };
}

function dechunk(body: string) {
  let out = "";
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    if (lineEnd === -1) return out;
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** Lines of server output that look like a crash: stack frames or an error's name. */
export function crashLines(output: string): string[] {
  return output.split("\n").filter((line) => /^\s+at /.test(line) || /\b[A-Za-z]*Error\b/.test(line));
}

/**
 * The fields of a /proc stat file after the command name ("pid (comm) state ppid …": [0] is the
 * state, [1] the parent's pid, [16] the nice value); null if the process or thread is gone. The
 * command may hold spaces and parentheses, so the fields are read after its last ")".
 */
export function procStatFields(file: string): string[] | null {
  try {
    const stat = fs.readFileSync(file, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** The pids of a process's children (the cluster's workers), from /proc. */
export function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => Number(procStatFields(`/proc/${entry}/stat`)?.[1]) === pid)
    .map(Number);
}

/** The nice value of each thread of a process, by thread id. */
export function niceByThread(pid: number): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    const fields = procStatFields(`/proc/${pid}/task/${tid}/stat`);
    if (fields) nice.set(Number(tid), Number(fields[16]));
  }
  return nice;
}

/** The nice values of a process's threads, by the thread's name (/proc/<pid>/task/<tid>/comm). */
export function niceByThreadName(pid: number): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  for (const [tid, nice] of niceByThread(pid)) {
    let name: string;
    try {
      name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
    } catch {
      continue; // it ended meanwhile
    }
    byName.set(name, [...(byName.get(name) ?? []), nice]);
  }
  return byName;
}
