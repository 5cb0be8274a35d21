// CPU time and memory of a process tree, read from /proc (Linux). The server under test is the
// spawned `node server.js` and, with WEB_CONCURRENCY > 1, its node:cluster workers: the cost of a
// request is what the whole tree spent, not what one process did.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/** Processes under /proc are few on this machine; the bound keeps a broken tree walk finite. */
const MAX_TREE_SIZE = 256;

/** Clock ticks per second of utime/stime (`getconf CLK_TCK`, 100 on every usual Linux). */
export function clockTicksPerSecond(): number {
  const result = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8", timeout: 5_000 });
  const ticks = Number.parseInt(result.stdout ?? "", 10);
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
}

type Stat = { pid: number; ppid: number; ticks: number };

/** Fields of /proc/PID/stat after the command name (which may hold spaces and parentheses). */
function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // exited meanwhile
  }
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // man 5 proc: state(3) ppid(4) … utime(14) stime(15); fields[0] is state.
  const ppid = Number(fields[1]);
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { pid, ppid, ticks: utime + stime };
}

/** The process and all its descendants (children found by their parent pid). */
export function processTree(rootPid: number): number[] {
  const stats: Stat[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.push(stat);
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length && tree.length < MAX_TREE_SIZE; i++) {
    for (const stat of stats) if (stat.ppid === tree[i]) tree.push(stat.pid);
  }
  return tree;
}

/** utime + stime of the tree, in clock ticks. */
export function treeCpuTicks(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid)) ticks += readStat(pid)?.ticks ?? 0;
  return ticks;
}

/** Resident memory of the tree (sum of VmRSS), in bytes. Shared pages count once per process. */
export function treeRssBytes(rootPid: number): number {
  let kib = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
      kib += Number(match?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return kib * 1024;
}

/** Samples the tree's RSS every `everyMs` until stopped; returns the highest sample. */
export function sampleRssPeak(rootPid: number, everyMs = 100): { stop: () => number } {
  let peak = treeRssBytes(rootPid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssBytes(rootPid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRssBytes(rootPid));
    },
  };
}

/** At most this long is spent waiting for a server to finish what a run left in flight. */
const QUIET_MAX_MS = 5_000;
const QUIET_STEP_MS = 200;

/**
 * Waits until the tree spends (almost) no CPU: the requests a run left in flight are done, so
 * they are neither missed by its CPU total nor slowing down the next run's first requests.
 */
export async function waitUntilQuiet(rootPid: number): Promise<void> {
  const deadline = Date.now() + QUIET_MAX_MS;
  let last = treeCpuTicks(rootPid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, QUIET_STEP_MS));
    const now = treeCpuTicks(rootPid);
    // One tick (10 ms) in 200 ms is timers and the odd GC, not requests.
    if (now - last <= 1) return;
    last = now;
  }
}
