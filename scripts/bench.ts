// npm run bench: how fast is a sticker scan? Starts the production server on a fresh seeded demo
// database, then measures GET /?t=<seeded verified token> with autocannon at a few concurrencies,
// the compressed bytes of that page's HTML, CSS and JavaScript, where in the compressed HTML the
// owner's profile ends (DESIGN §8: within the first 14 KB), and the same load against a static
// file of the same bytes served by the same server, as a ratio.
//
//   npm run bench                 # 5 s per run
//   npm run bench -- --duration 10
import autocannon from "autocannon";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { DEMO_IDENTIFIERS } from "../db/seed.ts";

const CONCURRENCIES = [1, 10, 50];
const durationArg = process.argv.indexOf("--duration");
const DURATION_S = durationArg > 0 ? Math.max(1, Math.min(60, Number(process.argv[durationArg + 1]) || 5)) : 5;
const FIRST_ROUND_TRIP = 14 * 1024;
// A phone browser, so the page is rendered and logged as a person's scan would be.
const USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
// The last line of the owner's profile in the dialog.
const PROFILE_END_MARKER = "Report it";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function randomIp() {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** The raw (still compressed) response body. */
function getRaw(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { "Accept-Encoding": "gzip", "User-Agent": USER_AGENT, "Fly-Client-IP": randomIp() } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

function decode(raw: { headers: http.IncomingHttpHeaders; body: Buffer }) {
  return raw.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw.body) : raw.body;
}

/** The smallest prefix of the gzip stream that already decompresses past `plainOffset`. */
function compressedOffsetOf(gzipped: Buffer, plainOffset: number): number {
  let low = 1;
  let high = gzipped.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    let produced = 0;
    try {
      produced = zlib.gunzipSync(gzipped.subarray(0, mid), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
    } catch {
      produced = 0;
    }
    if (produced >= plainOffset) high = mid;
    else low = mid + 1;
  }
  return low;
}

type Run = { label: string; connections: number; requests: number; p50: number; p95: number; p99: number; non2xx: number; errors: number };

async function load(label: string, url: string, connections: number): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration: DURATION_S,
    headers: { "accept-encoding": "gzip", "user-agent": USER_AGENT },
    // A different client address for every request, so the 10-a-minute search limit does not
    // cut the run short (the server trusts Fly-Client-IP with TRUST_PROXY=fly).
    requests: [
      {
        setupRequest: (request: { headers?: Record<string, string> }) => ({
          ...request,
          headers: { ...request.headers, "fly-client-ip": randomIp() },
        }),
      },
    ],
  });
  const latency = result.latency;
  return {
    label,
    connections,
    requests: result.requests.average,
    p50: latency.p50 ?? 0,
    p95: latency.p95 ?? latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function startServer(port: number, databasePath: string): Promise<{ child: ChildProcess; output: () => string }> {
  let output = "";
  const child = spawn(process.execPath, ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATABASE_PATH: databasePath,
      TRUST_PROXY: "fly",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthcheck`);
      if (response.ok) return { child, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not start:\n${output}`);
}

async function main() {
  if (!fs.existsSync("build/server/index.js")) {
    console.log("No production build: building (react-router build)…");
    const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-bench-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const staticName = `bench-static-${randomBytes(6).toString("hex")}.html`;
  const staticFile = path.resolve("build/client", staticName);
  const { child } = await startServer(port, path.join(dir, "bench.db"));
  try {
    const scanPath = `/?t=${DEMO_IDENTIFIERS.aarav.token}`;
    const page = await getRaw(base + scanPath);
    if (page.status !== 200) throw new Error(`${scanPath} answered ${page.status}`);
    const html = decode(page);
    const text = html.toString("utf8");
    const markerAt = text.indexOf(PROFILE_END_MARKER);
    if (!text.includes("Owner Found at the product") || markerAt < 0) throw new Error("the scan page does not hold the owner's profile");
    const profileEnd = compressedOffsetOf(page.body, Buffer.byteLength(text.slice(0, markerAt + PROFILE_END_MARKER.length)));

    const css = [...text.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
    const js = [
      ...new Set([
        ...[...text.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]!),
        ...[...text.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]!),
      ]),
    ];
    const compressedSize = async (paths: string[]) => {
      let total = 0;
      for (const asset of paths) total += (await getRaw(base + asset)).body.length;
      return total;
    };
    const cssBytes = await compressedSize(css);
    const jsBytes = await compressedSize(js);

    // The same bytes as a static file from the same server (express.static + compression).
    fs.writeFileSync(staticFile, html);

    // Warm up: the first search opens the IP-location database and the JIT settles.
    await load("warm-up", base + scanPath, 10);

    const runs: Run[] = [];
    for (const connections of CONCURRENCIES) {
      runs.push(await load("scan page", base + scanPath, connections));
      runs.push(await load("static file", `${base}/${staticName}`, connections));
    }

    const lines: string[] = [];
    lines.push(`Tagback bench — ${new Date().toISOString()} — ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim()}), Node ${process.version}, ${DURATION_S} s per run`);
    lines.push("");
    lines.push(`Scan URL: GET ${scanPath} (seeded verified token; every request a different client IP)`);
    lines.push("");
    lines.push("| what | bytes (gzip) | budget |");
    lines.push("| --- | ---: | --- |");
    lines.push(`| HTML of the scan page | ${kb(page.body.length)} (${kb(html.length)} plain) | |`);
    lines.push(`| … profile complete after | ${kb(profileEnd)} | within ${kb(FIRST_ROUND_TRIP)}: ${profileEnd <= FIRST_ROUND_TRIP ? "yes" : "NO"} |`);
    lines.push(`| CSS (${css.length} file) | ${kb(cssBytes)} | < 15 KB: ${cssBytes < 15 * 1024 ? "yes" : "NO"} |`);
    lines.push(`| JavaScript (${js.length} modules) | ${kb(jsBytes)} | < 150 KB: ${jsBytes < 150 * 1024 ? "yes" : "NO"} |`);
    lines.push("");
    lines.push("| target | connections | req/s | p50 ms | p95 ms | p99 ms | non-2xx | errors |");
    lines.push("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const run of runs) {
      lines.push(
        `| ${run.label} | ${run.connections} | ${run.requests.toFixed(0)} | ${run.p50} | ${run.p95} | ${run.p99} | ${run.non2xx} | ${run.errors} |`,
      );
    }
    lines.push("");
    lines.push("| connections | scan page / static file |");
    lines.push("| ---: | ---: |");
    for (const connections of CONCURRENCIES) {
      const scan = runs.find((r) => r.label === "scan page" && r.connections === connections)!;
      const file = runs.find((r) => r.label === "static file" && r.connections === connections)!;
      lines.push(`| ${connections} | ${((scan.requests / file.requests) * 100).toFixed(1)} % |`);
    }
    console.log(lines.join("\n"));
  } finally {
    fs.rmSync(staticFile, { force: true });
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
