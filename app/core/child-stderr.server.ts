// A heavy-job child process's stderr, relayed through the server's (core/worker-pool.server.ts).
// Every line a production server writes is one JSON object (core/log-lines.js), or a readable
// line at a terminal; the child's own lines are JSON always, written with the same console. What V8 and Node write below JavaScript
// is not: a fatal out-of-memory report — the last GCs, "FATAL ERROR: … JavaScript heap out of
// memory", a native stack — is plain text over a dozen lines, and a log search or an alert on JSON
// would miss the one crash an operator most needs to see. So plain lines are gathered into one JSON
// line (level "error") once the child falls quiet for a moment or its stderr ends; JSON lines pass
// as they are. In `npm run dev` the child's stderr is passed through untouched, as the console is.
import readline from "node:readline";
import type { Readable } from "node:stream";
import { currentLogFormat, logEntry, logLine, type LogEntry } from "./log-lines.js";

/** Plain lines that arrive this close together are one report. */
const QUIET_MS = 100;
/** A report keeps at most this many lines (its first ones: the error, then the start of the stack). */
const MOST_LINES = 200;
/**
 * Its line's message bound: V8's own text, not a client's, so wider than the console's (decision
 * 043): 200 lines of a native stack fit.
 */
const REPORT_MAX_CHARS = 32_000;

export function relayChildStderr(stderr: Readable, write: (text: string) => void = (text) => void process.stderr.write(text)): void {
  if (process.env.NODE_ENV === "development") {
    stderr.on("data", (chunk: Buffer) => write(chunk.toString("utf8")));
    return;
  }
  let plain: string[] = [];
  let quiet: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(quiet);
    if (plain.length === 0) return;
    write(logLine(logEntry("error", [`The heavy-job process wrote:\n${plain.join("\n")}`], { messageMaxChars: REPORT_MAX_CHARS })));
    plain = [];
  };
  const lines = readline.createInterface({ input: stderr, crlfDelay: Infinity });
  lines.on("line", (line) => {
    const entry = jsonObject(line);
    if (entry) {
      flush();
      // As it came in JSON; in the server's own format otherwise (a person at a terminal).
      write(currentLogFormat() === "json" ? `${line}\n` : logLine(entry));
      return;
    }
    if (line.trim() === "") return;
    if (plain.length < MOST_LINES) plain.push(line);
    clearTimeout(quiet);
    quiet = setTimeout(flush, QUIET_MS);
  });
  lines.once("close", flush);
}

function jsonObject(line: string): LogEntry | null {
  if (!line.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed !== null && typeof parsed === "object" && typeof (parsed as { time?: unknown }).time === "string" ? (parsed as LogEntry) : null;
  } catch {
    return null;
  }
}
