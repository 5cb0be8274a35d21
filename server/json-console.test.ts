// The production log's line format (server/json-console.js): one JSON object per line, an error's
// message and stack in fields of that line.
import { expect, test } from "vitest";
import { jsonLine } from "./json-console.js";

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
