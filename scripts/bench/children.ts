// Every process the bench starts (the app server, nginx, the bare node server) runs in a process
// group of its own, so stopping it stops its workers too; the bench stops them all at the end,
// on error, and on Ctrl-C (a detached group does not get the terminal's SIGINT by itself).
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";

/** How long a process may take to stop after SIGTERM before its group is killed. */
const STOP_GRACE_MS = 10_000;

export type Started = { child: ChildProcess; name: string; output: () => string };

const started = new Set<Started>();

export function startChild(name: string, command: string, args: string[], options: SpawnOptions = {}): Started {
  let output = "";
  const child = spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  // Keep the last few KB only: a server that logs every request must not fill the bench's memory.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-16_384);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const entry: Started = { child, name, output: () => output };
  started.add(entry);
  child.once("exit", () => started.delete(entry));
  return entry;
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** SIGTERM to the process (it stops its own workers), then SIGKILL to its whole group if needed. */
export async function stopChild(entry: Started): Promise<void> {
  const { child } = entry;
  if (!exited(child)) {
    const done = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = new Promise((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([done, timer]);
  }
  // Workers that outlived their primary are still in its group.
  killGroup(child, "SIGKILL");
  started.delete(entry);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...started].map(stopChild));
}

/** Ctrl-C or a kill of the bench: stop what it started, run `cleanUp` (exit skips finally), exit. */
export function stopAllOnSignal(cleanUp: () => void) {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      for (const entry of started) killGroup(entry.child, "SIGKILL");
      cleanUp();
      process.exit(130);
    });
  }
}

/** Resolves when the process's output matches `pattern`; rejects if it exits or `timeoutMs` passes. */
export async function waitForOutput(entry: Started, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (pattern.test(entry.output())) return;
    if (exited(entry.child)) throw new Error(`${entry.name} exited early:\n${entry.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${entry.name} did not start within ${timeoutMs / 1000} s:\n${entry.output()}`);
}
