// Is build/ a production build? Vite builds React's development client when NODE_ENV is anything
// but "production" at build time (403 KB instead of 215 KB, and a third slower to run), and nothing
// in the files says so: a build made under NODE_ENV=test was served by `npm start` and measured by
// the bench without a word. So every build records the NODE_ENV it was made with, next to the
// server bundle, as the last file it writes (vite/build-mode.ts), and the launchers — server.js and
// the bench — read it here: no build means build one; a build that is not a production build is
// refused with a line that says how to rebuild, rather than silently served. Refused, not rebuilt:
// a production image has no build tools, and test processes starting servers in parallel must not
// rebuild build/ under each other. Plain JavaScript: server.js loads it (decision 020).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The server bundle server.js starts, relative to the project root (the working directory). */
export const SERVER_BUNDLE = "build/server/index.js";
/** Written beside the server bundle: `{"nodeEnv": "production", "version": "1.0.0", "commit": "8ff33ea1b2c3"}`. */
export const BUILD_MODE_FILE = "build-mode.json";

/**
 * Why the build of `bundle` is not a production build, or null when it is. A build without the
 * file was made before builds recorded their mode, or did not finish.
 * @param {string} [bundle]
 * @returns {string | null}
 */
export function notProductionBuild(bundle = path.resolve(SERVER_BUNDLE)) {
  const file = path.join(path.dirname(bundle), BUILD_MODE_FILE);
  let mode;
  try {
    mode = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return `${path.relative(process.cwd(), file)} is missing or unreadable (an older or unfinished build)`;
  }
  return mode?.nodeEnv === "production" ? null : `it was built with NODE_ENV=${mode?.nodeEnv} (React's development client)`;
}

/**
 * The version and commit the bundle was built from (tagback_build_info), or "unknown" for each.
 * @param {string} [bundle]
 * @returns {{ version: string, commit: string }}
 */
export function buildInfo(bundle = path.resolve(SERVER_BUNDLE)) {
  try {
    const mode = JSON.parse(fs.readFileSync(path.join(path.dirname(bundle), BUILD_MODE_FILE), "utf8"));
    return { version: String(mode.version ?? "unknown"), commit: String(mode.commit ?? "unknown") };
  } catch {
    return { version: "unknown", commit: "unknown" };
  }
}

/**
 * `react-router build` with NODE_ENV=production, whatever the caller's NODE_ENV (vitest sets
 * "test"); spawnSync's options and result.
 * @param {import("node:child_process").SpawnSyncOptions} [options]
 */
export function buildForProduction(options = {}) {
  return spawnSync("npx", ["react-router", "build"], { ...options, env: { ...process.env, NODE_ENV: "production" } });
}

/**
 * What a launcher does before it starts the bundle: builds when there is no build, and exits with
 * code 1 and one line on stderr when the build there is not a production build.
 */
export function requireProductionBuild() {
  if (!fs.existsSync(path.resolve(SERVER_BUNDLE))) {
    console.log("No production build found: building (react-router build)…");
    const result = buildForProduction({ stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const problem = notProductionBuild();
  if (problem) {
    console.error(`error: build/ is not a production build: ${problem}. Rebuild it with \`NODE_ENV=production npm run build\`.`);
    process.exit(1);
  }
}
