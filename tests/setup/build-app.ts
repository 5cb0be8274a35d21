// Vitest's global setup: a fresh production build before any test, because the integration tests
// that start the real server (tests/integration/helpers.ts) run `build/`. Without it they would run
// a stale build, or (on a fresh clone) make server.js build in several test processes at once.
// NODE_ENV=production whatever vitest set (it sets "test"): tests, Playwright after them, `npm
// start` and the bench all run this build, so it is the one users get (server/production-build.js).
import { buildForProduction } from "../../server/production-build.js";

export default function buildApp() {
  const result = buildForProduction({ encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`react-router build failed:\n${result.stdout}\n${result.stderr}`);
  }
}
