// Records the NODE_ENV a build was made with beside the server bundle (BUILD_MODE_FILE), written
// when the server bundle is, after the client's: server.js and the bench refuse a build that is not
// a production build (server/production-build.js says why).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { BUILD_MODE_FILE } from "../server/production-build.js";

export function buildMode(): Plugin {
  let nodeEnv: string | undefined;
  return {
    name: "tagback:build-mode",
    apply: "build",
    // Read after Vite has resolved its config: it sets NODE_ENV=production for a build when unset.
    configResolved() {
      nodeEnv = process.env.NODE_ENV;
    },
    writeBundle(options) {
      if (this.environment.name !== "ssr" || !options.dir) return;
      // What was built, for the operator's tagback_build_info metric (server/main.ts).
      const version = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;
      fs.writeFileSync(path.join(options.dir, BUILD_MODE_FILE), `${JSON.stringify({ nodeEnv, version, commit: sourceCommit() })}\n`);
    },
  };
}

/** The commit built: SOURCE_COMMIT when the builder sets it (an image built without .git), else git's. */
function sourceCommit(): string {
  if (process.env.SOURCE_COMMIT) return process.env.SOURCE_COMMIT.slice(0, 40);
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "unknown";
  }
}
