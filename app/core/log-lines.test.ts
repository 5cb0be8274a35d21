// The log's line formats (app/core/log-lines.js): in JSON one object per line, an error's
// message and stack in fields of that line.
import { expect, test } from "vitest";
import { cut, jsonLine, LOG_MESSAGE_MAX_CHARS, LOG_STACK_MAX_CHARS, LOG_VALUE_MAX_CHARS, logEntry, logFormatOf, logLine } from "./log-lines.js";

test("a message is one JSON line; an error's stack is a field of it, not lines of its own", () => {
  const plain = jsonLine("info", ["Tagback listening on %s", "http://localhost:3000"]);
  expect(plain.endsWith("\n")).toBe(true);
  expect(plain.slice(0, -1)).not.toContain("\n");
  expect(JSON.parse(plain)).toMatchObject({ level: "info", msg: "Tagback listening on http://localhost:3000", time: expect.any(String) });

  const error = new Error("disk I/O error");
  const line = jsonLine("error", ["healthcheck failed", error]);
  expect(line.slice(0, -1)).not.toContain("\n");
  expect(JSON.parse(line)).toMatchObject({ level: "error", msg: "healthcheck failed", error: "disk I/O error", stack: expect.stringContaining("at ") });
  // An error alone: its message is the line's message.
  expect(JSON.parse(jsonLine("error", [error]))).toMatchObject({ msg: "disk I/O error", error: "disk I/O error" });
});

test("what a request brings is cut at a few hundred characters, with a marker; the line stays one bounded line", () => {
  const challenge = "c".repeat(70_000);
  // A value passed as its own argument, and an error's message (the passkey library's refusal).
  const refusal = new Error(`Custom challenge verifier returned false for registration response challenge "${challenge}"`);
  const line = jsonLine("warn", ["passkey registration refused:", refusal.message, refusal]);
  expect(line.length).toBeLessThan(LOG_VALUE_MAX_CHARS * 2 + LOG_STACK_MAX_CHARS + 500);
  const entry = JSON.parse(line) as { msg: string; error: string; stack: string };
  expect(entry.msg).toMatch(/^passkey registration refused: Custom challenge verifier returned false for registration response challenge "c+… \[\d+ more characters cut\]$/);
  expect(entry.error.length).toBeLessThan(LOG_VALUE_MAX_CHARS + 40);
  expect(entry.error).toMatch(/… \[69\d{3} more characters cut\]$/);
  // The stack names the same cut message once, then its frames.
  expect(entry.stack.startsWith(`Error: ${entry.error}\n    at `)).toBe(true);
  expect(entry.stack.length).toBeLessThanOrEqual(LOG_STACK_MAX_CHARS + 40);

  // Text put into the message itself (a template literal) is bounded by the message's bound.
  const templated = JSON.parse(jsonLine("info", [`[mail] To: a@example.test\n${"x".repeat(50_000)}`])) as { msg: string };
  expect(templated.msg.length).toBeLessThan(LOG_MESSAGE_MAX_CHARS + 40);
  // Short text is left alone, and %s substitutions still work.
  expect(JSON.parse(jsonLine("info", ["Resuming %d batch(es): %s", 2, "ok"])).msg).toBe("Resuming 2 batch(es): ok");
  expect(cut("abc", 3)).toBe("abc");
  expect(cut("abcd", 3)).toBe("abc… [1 more character cut]");
});

test("the format: LOG_FORMAT when set, else text for a terminal and JSON for anything else; another value is refused by name", () => {
  expect(logFormatOf(undefined, true)).toBe("text");
  expect(logFormatOf(undefined, false)).toBe("json");
  expect(logFormatOf("", true)).toBe("text");
  expect(logFormatOf("json", true)).toBe("json");
  expect(logFormatOf("text", false)).toBe("text");
  expect(() => logFormatOf("pretty", true)).toThrow('LOG_FORMAT must be "json" or "text" (got "pretty")');
});

test("text lines: the time, the level and the message; an error's stack indented below; a request as method, status, route, time, bytes and id", () => {
  const at = "2026-11-29T06:30:05.000Z";
  const clock = new Date(at).toTimeString().slice(0, 8);
  expect(logLine({ ...logEntry("info", ["Tagback listening on %s", "http://localhost:3000"]), time: at }, "text")).toBe(`${clock} INFO  Tagback listening on http://localhost:3000\n`);
  const failed = logLine({ ...logEntry("error", ["healthcheck failed", new Error("disk I/O error")]), time: at }, "text");
  const [first, second, third] = failed.split("\n");
  expect(first).toBe(`${clock} ERROR healthcheck failed`);
  expect(second).toBe("    Error: disk I/O error");
  expect(third).toMatch(/^ {8}at /);
  expect(logLine({ time: at, id: "req-1", method: "GET", route: "routes/_index", status: 200, ms: 1.84, bytes: 9830 }, "text")).toBe(`${clock} GET 200 routes/_index 1.84 ms 9.6 kB req-1\n`);
  expect(logLine({ time: at, event: "parser-rejected", code: "HPE_INVALID_METHOD", status: 400 }, "text")).toBe(`${clock} event=parser-rejected code=HPE_INVALID_METHOD status=400\n`);
  // The same entry in JSON is the line it always was.
  expect(JSON.parse(logLine({ time: at, id: "req-1", method: "GET", route: "routes/_index", status: 200, ms: 1.84, bytes: 9830 }, "json"))).toEqual({ time: at, id: "req-1", method: "GET", route: "routes/_index", status: 200, ms: 1.84, bytes: 9830 });
});
