// Vitest's global setup: a fresh production build before any test, because the integration tests
// that start the real server (tests/integration/helpers.ts) run `build/`. Without it they would run
// a stale build, or (on a fresh clone) make server.js build in several test processes at once.
import { spawnSync } from "node:child_process";

export default function buildApp() {
  const result = spawnSync("npx", ["react-router", "build"], { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`react-router build failed:\n${result.stdout}\n${result.stderr}`);
  }
}
