// Every unit/integration test process gets its own temporary directory, holding its fresh
// database (tests/support/test-db.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { closeTestDb } from "../support/test-db.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-test-"));
process.env.TAGBACK_TEST_DIR = dir;
process.env.NODE_ENV = "test";
// Log lines as production writes them (app/core/log-lines.js), whether or not vitest runs at a terminal.
process.env.LOG_FORMAT ??= "json";
// Heavy jobs at the usual priority: at 19 (production's) a CPU-bound program beside the tests gets
// ~98 % of a core and a 2-second sheet takes minutes. heavy-job-priority.test.ts tests the default.
process.env.HEAVY_JOB_NICE ??= "0";

// An unexpected console.error fails the test; tests that expect one spy on it themselves.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => errorSpy.mockRestore());

afterAll(() => {
  closeTestDb();
  fs.rmSync(dir, { recursive: true, force: true });
});
