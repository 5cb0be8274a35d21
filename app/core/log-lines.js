// Every line the server writes goes through here, in one of two formats (issue 50, decision 046):
// - "json", for production and for any stdout that is not a terminal: one JSON object per line
//   (issue 35), so Fly's log stream can be searched and alerted on. An error's message and its stack
//   go in fields of the same line (`error`, `stack`), never over several lines; a crash is one line.
// - "text", for a person at a terminal (`npm start`, `npm run dev`): "12:04:31 INFO  Developer-mode
//   password …", a request as "12:04:32 GET 200 routes/_index 1.8 ms 9.6 kB", an error's stack on
//   the lines below it.
// LOG_FORMAT=json|text chooses; unset, stdout decides (a terminal reads text). The request log
// (server/request-log.ts) and, through the console methods replaced here, everything else — start,
// stop, warnings, errors — are written in the one format. A heavy-job child writes JSON whatever the
// format, to its parent's relay (core/child-stderr.server.ts), which writes each line in the
// parent's format. Plain JavaScript: server.js loads it before anything else (decision 020).
//
// A line's size is bounded (decision 043): what a request brings can reach a log line (a passkey
// library's refusal repeated a 70 KB challenge; 20 such requests added 1.4 MB of log), so every
// value logged — each argument after the first, an error's message — is cut at LOG_VALUE_MAX_CHARS
// with a marker saying how much was cut, and the line's whole message at LOG_MESSAGE_MAX_CHARS.
// The message's own text is the code's (`console.warn("passkey refused:", reason)`): pass what a
// request brings as an argument of its own, not inside a template literal, and it gets the tighter
// bound. The message may be longer than a value for one reason: demo mode writes each mail whole
// into the log (core/mail.server.ts), about a kilobyte.
import { format } from "node:util";

/** The most characters of one logged value (an argument, an error's message) a line keeps. */
export const LOG_VALUE_MAX_CHARS = 300;
/** The most characters of a line's message (its text with the values put in). */
export const LOG_MESSAGE_MAX_CHARS = 2000;
/** The most characters of an error's stack (its message part cut like a value first). */
export const LOG_STACK_MAX_CHARS = 4000;

/**
 * `text` whole when it fits in `max` characters, else its start and a marker with the count cut.
 * @param {string} text
 * @param {number} max
 * @returns {string}
 */
export function cut(text, max) {
  if (text.length <= max) return text;
  const more = text.length - max;
  return `${text.slice(0, max)}… [${more} more character${more === 1 ? "" : "s"} cut]`;
}

/** @typedef {"json" | "text"} LogFormat */
/** @typedef {Record<string, unknown> & { time: string }} LogEntry */

export const LOG_FORMATS = /** @type {const} */ (["json", "text"]);

/**
 * The format LOG_FORMAT names, or, unset, "text" for a terminal and "json" for anything else (a
 * file, a pipe, Fly's log collector). Throws for another value, naming it.
 * @param {string | undefined} setting
 * @param {boolean} stdoutIsTerminal
 * @returns {LogFormat}
 */
export function logFormatOf(setting, stdoutIsTerminal) {
  if (setting === undefined || setting === "") return stdoutIsTerminal ? "text" : "json";
  if (setting === "json" || setting === "text") return setting;
  throw new Error(`LOG_FORMAT must be "json" or "text" (got ${JSON.stringify(cut(setting, 40))})`);
}

/** @type {LogFormat | undefined} */
let chosen;

/** This process's format: set by installConsole, else read from the environment and stdout once. */
export function currentLogFormat() {
  return (chosen ??= logFormatOf(process.env.LOG_FORMAT, process.stdout.isTTY === true));
}

/**
 * One console call as an entry: `{time, level, msg}`, with `error` and `stack` when an Error is
 * among the arguments; every field bounded (above).
 * @param {"info" | "warn" | "error"} level
 * @param {unknown[]} args
 * @param {{ messageMaxChars?: number }} [bounds] a wider message bound, for text no client wrote
 * @returns {LogEntry}
 */
export function logEntry(level, args, bounds = {}) {
  const error = args.find((arg) => arg instanceof Error);
  const rest = args.filter((arg) => arg !== error).map((arg, i) => (i > 0 && typeof arg === "string" ? cut(arg, LOG_VALUE_MAX_CHARS) : arg));
  const errorMessage = error ? cut(String(error.message), LOG_VALUE_MAX_CHARS) : "";
  /** @type {LogEntry} */
  const entry = { time: new Date().toISOString(), level, msg: cut(rest.length > 0 ? format(...rest) : errorMessage, bounds.messageMaxChars ?? LOG_MESSAGE_MAX_CHARS) };
  if (error) {
    entry.error = errorMessage;
    entry.stack = stackOf(error, errorMessage);
  }
  return entry;
}

/**
 * A console call as one JSON line, whatever this process's format (tests, and a heavy-job child,
 * whose parent's relay reads JSON).
 * @param {"info" | "warn" | "error"} level
 * @param {unknown[]} args
 * @param {{ messageMaxChars?: number }} [bounds]
 * @returns {string}
 */
export function jsonLine(level, args, bounds = {}) {
  return `${JSON.stringify(logEntry(level, args, bounds))}\n`;
}

/**
 * An entry as a line in `logFormat` (this process's by default), newline included.
 * @param {LogEntry} entry
 * @param {LogFormat} [logFormat]
 * @returns {string}
 */
export function logLine(entry, logFormat = currentLogFormat()) {
  return logFormat === "json" ? `${JSON.stringify(entry)}\n` : textLine(entry);
}

const KB = 1024;

/**
 * A person's line: the local time, then what the entry is. A console entry: its level and message,
 * an error's stack below it, indented. A request (server/request-log.ts): method, status, route,
 * time taken, bytes and its id. Anything else: its fields as `name=value`.
 * @param {LogEntry} entry
 * @returns {string}
 */
function textLine(entry) {
  const { time, ...fields } = entry;
  const at = new Date(time);
  const clock = Number.isNaN(at.getTime()) ? String(time) : at.toTimeString().slice(0, 8);
  if (typeof fields.level === "string" && "msg" in fields) {
    const { level, msg, error: _error, stack, ...more } = fields;
    const extra = Object.entries(more).map(([name, value]) => ` ${name}=${typeof value === "string" ? value : JSON.stringify(value)}`);
    const below = typeof stack === "string" ? `\n${stack.replace(/^/gm, "    ")}` : "";
    return `${clock} ${level.toUpperCase().padEnd(5)} ${String(msg)}${extra.join("")}${below}\n`;
  }
  if (typeof fields.method === "string" && typeof fields.status === "number") {
    const { method, status, route, ms, bytes, id } = fields;
    const size = typeof bytes === "number" ? (bytes < KB ? `${bytes} B` : `${(bytes / KB).toFixed(1)} kB`) : "";
    return `${clock} ${method} ${status} ${String(route)} ${String(ms)} ms ${size} ${String(id)}\n`;
  }
  return `${clock}${Object.entries(fields)
    .map(([name, value]) => ` ${name}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("")}\n`;
}

/**
 * The error's stack with its first line's message cut like the `error` field: V8 writes the
 * message into the stack (`Error: <message>\n    at …`), so it would otherwise be logged twice, whole.
 * @param {Error} error
 * @param {string} message
 * @returns {string | undefined}
 */
function stackOf(error, message) {
  if (typeof error.stack !== "string") return undefined;
  const head = `${error.name}: ${error.message}`;
  const stack = error.stack.startsWith(head) ? `${error.name}: ${message}${error.stack.slice(head.length)}` : error.stack;
  return cut(stack, LOG_STACK_MAX_CHARS);
}

/**
 * Replaces console.log/info/warn/error with lines in `logFormat`, and prints an uncaught error as
 * one before exiting 1. The format is passed on to the processes this one starts (cluster workers
 * run the same; a heavy-job child installs "json" itself).
 * @param {LogFormat} logFormat
 */
export function installConsole(logFormat) {
  chosen = logFormat;
  process.env.LOG_FORMAT = logFormat;
  console.log = console.info = (...args) => void process.stdout.write(logLine(logEntry("info", args)));
  console.warn = (...args) => void process.stderr.write(logLine(logEntry("warn", args)));
  console.error = (...args) => void process.stderr.write(logLine(logEntry("error", args)));
  process.on("uncaughtException", (error) => {
    process.stderr.write(logLine(logEntry("error", ["Uncaught exception: the process stops", error])));
    process.exit(1);
  });
}
