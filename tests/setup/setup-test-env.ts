// Every unit/integration test process gets its own fresh database file in a temporary directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-test-"));
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.NODE_ENV = "test";

// An unexpected console.error fails the test; tests that expect one spy on it themselves.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => errorSpy.mockRestore());

afterAll(async () => {
  const { closeDatabase } = await import("../../db/connection.ts");
  closeDatabase();
  fs.rmSync(dir, { recursive: true, force: true });
});
