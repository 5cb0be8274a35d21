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
      // V8 keeps the source of every module a process has loaded, one byte a character when all of
      // it is Latin-1 and two otherwise, so a single "—" doubled a whole chunk's share of the idle
      // RSS (decision 020). charset "ascii" writes non-ASCII characters in the server's code (the
      // catalogues' Hindi and Tamil, any "·" or "…") as \u escapes, the same strings at run time;
      // comments, where the escapes do not reach, are left out but for licences (none has any).
      build: { rollupOptions: { input: "./server/main.ts", output: { charset: "ascii", comments: { legal: true, annotation: false, jsdoc: false } } } },
      // The production build bundles everything but the native SQLite binding: a process then loads
      // one tree-shaken file instead of thousands of modules (drizzle-orm alone, imported from
      // node_modules, costs ~200 MB of memory). The dev server keeps Vite's default (dependencies
      // from node_modules), which its module runner needs for CommonJS packages. harfbuzzjs stays in
      // node_modules too: it loads its .wasm from beside its own module (the lock-screen cards' text).
      ...(command === "build" && {
        resolve: { noExternal: true, external: ["better-sqlite3", "vite", "harfbuzzjs"] },
        // React and other packages choose their production or development code by reading
        // process.env.NODE_ENV when they are first evaluated; replaced at build time, the branch
        // not taken is left out of the bundle (react-dom's development servers are 0.75 MB of code
        // the process otherwise parses and keeps at start: decision 020). A build is served only
        // when built for production (server/production-build.js), and server.js runs the source,
        // not the build, under NODE_ENV=development.
        define: { "process.env.NODE_ENV": JSON.stringify(process.env.NODE_ENV || "production") },
      }),
    },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    browserEntry({ id: "virtual:result-page-script", entry: "app/features/finder/result-page.browser.ts" }),
    workerEntry({ entry: "app/features/stickers/sheet.worker.ts", fileName: "sheet-worker.js" }),
    workerEntry({ entry: "app/features/stickers/mint.worker.ts", fileName: "mint-worker.js" }),
    buildMode(),
  ],
  resolve: { tsconfigPaths: true },
}));
