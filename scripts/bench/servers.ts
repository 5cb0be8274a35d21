// The servers under test, each a child process on a free loopback port (scripts/bench/children.ts
// stops them): the app (`node server.js`, production build, a fresh seeded demo database), a bare
// node:http server and nginx, the last two sending the scan page's compressed bytes as they are.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startChild, waitForOutput, type Started } from "./children.ts";

const START_TIMEOUT_MS = 60_000;
const HERE = path.dirname(fileURLToPath(import.meta.url));

export type Server = Started & { base: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * The Node flags production runs with: fly.toml's NODE_OPTIONS (the heap limits of a small
 * machine), so that the memory and CPU measured are those of the deployed process.
 */
export function productionNodeOptions(): string {
  const flyToml = fs.readFileSync(path.join(HERE, "../../fly.toml"), "utf8");
  return /^\s*NODE_OPTIONS\s*=\s*"([^"]*)"/m.exec(flyToml)?.[1] ?? "";
}

/** Concurrent requests Fly's proxy lets through to the machine (fly.toml's hard_limit); null if unset. */
export function flyConcurrencyHardLimit(): number | null {
  const flyToml = fs.readFileSync(path.join(HERE, "../../fly.toml"), "utf8");
  const limit = /^\s*hard_limit\s*=\s*(\d+)/m.exec(flyToml)?.[1];
  return limit === undefined ? null : Number(limit);
}

/**
 * `node server.js` as `npm start` runs it, with fly.toml's NODE_OPTIONS, behind "Fly"
 * (TRUST_PROXY=fly: the client address is the Fly-Client-IP header the load sends). Ready when it
 * prints its "listening" line, which the cluster's primary prints once every worker listens — so
 * no request has been made yet and the idle memory can be read.
 */
export async function startAppServer(databasePath: string, workers: number, extraEnv: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startChild("the app server", process.execPath, ["server.js"], { env: { ...appServerEnv(port, databasePath, workers), ...extraEnv } });
  await waitForOutput(server, /Tagback listening on/, START_TIMEOUT_MS);
  return Object.assign(server, { base });
}

/** The environment of `node server.js` in the bench: production, behind "Fly", fly.toml's flags. */
export function appServerEnv(port: number, databasePath: string, workers: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATABASE_PATH: databasePath,
    TRUST_PROXY: "fly",
    WEB_CONCURRENCY: String(workers),
    NODE_OPTIONS: productionNodeOptions(),
    // Metrics are still counted (they are part of every request's cost); only their port is off.
    METRICS_PORT: "0",
  };
}

/** scripts/bench/bare-server.ts with `workers` processes, answering with `gzFile`'s bytes. */
export async function startBareServer(gzFile: string, workers: number): Promise<Server> {
  const port = await freePort();
  const server = startChild("the bare node server", process.execPath, [path.join(HERE, "bare-server.ts"), gzFile, String(port), String(workers)]);
  await waitForOutput(server, /bare node listening/, START_TIMEOUT_MS);
  return Object.assign(server, { base: `http://127.0.0.1:${port}` });
}

export function nginxInstalled(): boolean {
  return spawnSync("sh", ["-c", "command -v nginx"], { timeout: 5_000 }).status === 0;
}

/**
 * nginx with `workers` worker processes, everything (pid, logs, temp files) in `dir`, serving the
 * pre-compressed bytes at /scan with Content-Encoding: gzip — what gzip_static would send, without
 * needing that module. Run in the foreground (`daemon off`) so it is our child and stops with us.
 */
export async function startNginx(dir: string, gzFile: string, workers: number): Promise<Server> {
  const port = await freePort();
  const www = path.join(dir, "www");
  fs.mkdirSync(path.join(dir, "tmp"), { recursive: true });
  fs.mkdirSync(www, { recursive: true });
  fs.copyFileSync(gzFile, path.join(www, "scan"));
  const config = path.join(dir, "nginx.conf");
  // Started as root, nginx's workers would switch to "nobody", who cannot enter our private temp
  // directory; as anyone else it keeps the user (and warns about a user directive).
  const runAsRoot = process.getuid?.() === 0 ? "user root;\n" : "";
  fs.writeFileSync(
    config,
    `${runAsRoot}worker_processes ${workers};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  sendfile on;
  keepalive_requests 1000000;
  types { }
  default_type "text/html; charset=utf-8";
  server {
    listen 127.0.0.1:${port};
    root ${www};
    location = /scan {
      add_header Content-Encoding gzip always;
      add_header Cache-Control no-store always;
    }
  }
}
`,
  );
  // -e: the error log before the config is read (the default path is not ours to write).
  const server = startChild("nginx", "nginx", ["-p", dir, "-c", config, "-e", path.join(dir, "error.log"), "-g", "daemon off;"]);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/scan`)).ok) return Object.assign(server, { base });
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = fs.existsSync(path.join(dir, "error.log")) ? fs.readFileSync(path.join(dir, "error.log"), "utf8") : "";
  throw new Error(`nginx did not start:\n${server.output()}\n${log}`);
}
