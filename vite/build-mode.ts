// Records the NODE_ENV a build was made with beside the server bundle (BUILD_MODE_FILE), written
// when the server bundle is, after the client's: server.js and the bench refuse a build that is not
// a production build (server/production-build.js says why).
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
      fs.writeFileSync(path.join(options.dir, BUILD_MODE_FILE), `${JSON.stringify({ nodeEnv })}\n`);
    },
  };
}
