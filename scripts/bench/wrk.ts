// A second load generator beside autocannon: wrk (Debian's `wrk`, C, one thread), when installed.
// autocannon is JavaScript on the same 2 cores as the server; at 50 connections its own CPU and
// its own event loop are part of what it measures. wrk's client p99 tells how much of a tail is
// the load generator's. Every request from a new public IPv4 address with a phone's headers (a
// Lua script), as in load.ts.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PHONE_ACCEPT_ENCODING, USER_AGENT } from "./load.ts";

export type WrkRun = { label: string; connections: number; requestsPerSecond: number; p50: number; p99: number; non2xx: number };

export function wrkInstalled(): boolean {
  return spawnSync("wrk", ["--version"], { stdio: "ignore" }).error === undefined;
}

/**
 * `paths` are the requests' paths, taken in turn (one owner each, or one path again and again).
 * Addresses are 11.0.0.0 onwards and after (public, none of the ranges client-ips.ts avoids up to
 * 11.255.255.255), from a counter that starts where the last run stopped, so no client repeats.
 */
let nextClient = 0;
export function runWrk(spec: { label: string; base: string; paths: string[]; connections: number; durationS: number }): WrkRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-wrk-"));
  try {
    const script = path.join(dir, "requests.lua");
    fs.writeFileSync(
      script,
      `local paths = { ${spec.paths.map((p) => JSON.stringify(p)).join(", ")} }
local n = ${nextClient}
request = function()
  n = n + 1
  local ip = string.format("11.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format("GET", paths[(n % #paths) + 1], { ["Fly-Client-IP"] = ip, ["Accept-Encoding"] = ${JSON.stringify(PHONE_ACCEPT_ENCODING)}, ["User-Agent"] = ${JSON.stringify(USER_AGENT)} })
end
`,
    );
    const output = execFileSync("wrk", ["-t1", `-c${spec.connections}`, `-d${spec.durationS}s`, "--latency", "-s", script, spec.base], { encoding: "utf8" });
    const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
    nextClient += Math.ceil(rate * spec.durationS * 1.2) + spec.connections;
    return {
      label: spec.label,
      connections: spec.connections,
      requestsPerSecond: rate,
      p50: millis(/50%\s+([\d.]+)(us|ms|s)/.exec(output)),
      p99: millis(/99%\s+([\d.]+)(us|ms|s)/.exec(output)),
      non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function millis(match: RegExpExecArray | null): number {
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}
