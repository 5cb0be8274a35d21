// Every line a production server writes is one JSON object (issue 35), so Fly's log stream can be
// searched and alerted on: the request log's lines (server/request-log.ts) and, through the console
// methods replaced here, everything else — start, stop, warnings, errors. An error's message and
// its stack go in fields of the same line (`error`, `stack`), never over several lines; a crash is
// one line too. `npm run dev` keeps the plain console for a person at a terminal.
// Plain JavaScript: server.js loads it before anything else (decision 020).
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

/**
 * One log line: `{"time":…,"level":…,"msg":…}`, with `error` and `stack` when an Error is among the
 * arguments; every field bounded (above).
 * @param {"info" | "warn" | "error"} level
 * @param {unknown[]} args
 * @param {{ messageMaxChars?: number }} [bounds] a wider message bound, for text no client wrote
 * @returns {string}
 */
export function jsonLine(level, args, bounds = {}) {
  const error = args.find((arg) => arg instanceof Error);
  const rest = args.filter((arg) => arg !== error).map((arg, i) => (i > 0 && typeof arg === "string" ? cut(arg, LOG_VALUE_MAX_CHARS) : arg));
  const errorMessage = error ? cut(String(error.message), LOG_VALUE_MAX_CHARS) : "";
  /** @type {Record<string, unknown>} */
  const entry = { time: new Date().toISOString(), level, msg: cut(rest.length > 0 ? format(...rest) : errorMessage, bounds.messageMaxChars ?? LOG_MESSAGE_MAX_CHARS) };
  if (error) {
    entry.error = errorMessage;
    entry.stack = stackOf(error, errorMessage);
  }
  return `${JSON.stringify(entry)}\n`;
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
