import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { browserEntry } from "./vite/browser-entry.ts";
import { buildMode } from "./vite/build-mode.ts";
import { workerEntry } from "./vite/worker-entry.ts";

export default defineConfig(({ command }) => ({
  // The server build's entry is server/main.ts, the process server.js starts (build/server/index.js);
  // it imports server/app.ts, which imports the React Router build itself.
  environments: {
    ssr: {
      build: { rollupOptions: { input: "./server/main.ts" } },
      // The production build bundles everything but the native SQLite binding: a process then loads
      // one tree-shaken file instead of thousands of modules (drizzle-orm alone, imported from
      // node_modules, costs ~200 MB of memory). The dev server keeps Vite's default (dependencies
      // from node_modules), which its module runner needs for CommonJS packages. piscina stays in
      // node_modules too: it starts its threads from its own worker.js, found beside its code; and
      // harfbuzzjs, which loads its .wasm from beside its own module (the lock-screen cards' text).
      ...(command === "build" && { resolve: { noExternal: true, external: ["better-sqlite3", "vite", "piscina", "harfbuzzjs"] } }),
    },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    browserEntry({ id: "virtual:result-page-script", entry: "app/features/finder/result-page.browser.ts" }),
    workerEntry({ entry: "app/features/stickers/sheet.worker.ts", fileName: "sheet-worker.js" }),
    buildMode(),
  ],
  resolve: { tsconfigPaths: true },
}));
