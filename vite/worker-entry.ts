// A worker thread's entry, built into the server bundle as a file of its own with a fixed name
// (build/server/NAME), where core/worker-pool.server.ts looks for it. React Router names the
// server build's entries itself (a second input would become index2.js), so the worker is emitted
// as a chunk with an explicit file name instead.
import type { Plugin } from "vite";

export function workerEntry({ entry, fileName }: { entry: string; fileName: string }): Plugin {
  return {
    name: `tagback:worker-entry:${fileName}`,
    apply: "build",
    buildStart() {
      if (this.environment.name === "ssr") this.emitFile({ type: "chunk", id: entry, fileName });
    },
  };
}
