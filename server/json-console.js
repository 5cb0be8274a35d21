// Every line a production server writes is one JSON object (issue 35), so Fly's log stream can be
// searched and alerted on: the request log's lines (server/request-log.ts) and, through the console
// methods replaced here, everything else — start, stop, warnings, errors. An error's message and
// its stack go in fields of the same line (`error`, `stack`), never over several lines; a crash is
// one line too. `npm run dev` keeps the plain console for a person at a terminal.
// Plain JavaScript: server.js loads it before anything else (decision 020).
import { format } from "node:util";

/**
 * One log line: `{"time":…,"level":…,"msg":…}`, with `error` and `stack` when an Error is among the
 * arguments.
 * @param {"info" | "warn" | "error"} level
 * @param {unknown[]} args
 * @returns {string}
 */
export function jsonLine(level, args) {
  const error = args.find((arg) => arg instanceof Error);
  const rest = args.filter((arg) => arg !== error);
  /** @type {Record<string, unknown>} */
  const entry = { time: new Date().toISOString(), level, msg: rest.length > 0 ? format(...rest) : (error?.message ?? "") };
  if (error) {
    entry.error = error.message;
    entry.stack = error.stack;
  }
  return `${JSON.stringify(entry)}\n`;
}

/** Replaces console.log/info/warn/error with JSON lines, and prints an uncaught error as one before exiting 1. */
export function installJsonConsole() {
  console.log = console.info = (...args) => void process.stdout.write(jsonLine("info", args));
  console.warn = (...args) => void process.stderr.write(jsonLine("warn", args));
  console.error = (...args) => void process.stderr.write(jsonLine("error", args));
  process.on("uncaughtException", (error) => {
    process.stderr.write(jsonLine("error", ["Uncaught exception: the process stops", error]));
    process.exit(1);
  });
}
