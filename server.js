// `npm start` = `node server.js`. Starts the server from the production bundle
// (build/server/index.js, built first when missing, refused when it is not a production build:
// server/production-build.js) or, with NODE_ENV=development, from server/main.ts through Vite.
// Plain JavaScript on purpose: the first TypeScript file a process loads makes Node load its type
// stripper, 16 MB of RSS for the life of the process, and in production nothing else this process
// runs is TypeScript (decision 020).
//
// WEB_CONCURRENCY (default 1) processes serve the port: with more than one, this process becomes
// the cluster's primary. It prepares the database once (migrations, demo seed, the made-up demo
// secrets that every worker must share), then starts the workers, passes stop signals on and
// relays cross-process messages between them (server/main.ts, startCluster). The primary never
// loads the React app. SQLite in WAL mode is the state they share (sessions, rate limits).
import cluster from "node:cluster";
import path from "node:path";
import { growHeapBeforeCollecting } from "./server/heap-growth.js";
import { installConsole, logFormatOf } from "./app/core/log-lines.js";
import { requireProductionBuild, SERVER_BUNDLE } from "./server/production-build.js";
import { lowerV8Helpers } from "./server/thread-priority.js";

// React picks its development or production build from NODE_ENV when first imported.
process.env.NODE_ENV ||= "production";
const development = process.env.NODE_ENV === "development";
// Every line the server writes is JSON, or readable text for a person at a terminal (LOG_FORMAT,
// app/core/log-lines.js); `npm run dev` keeps Node's own console.
let logFormat;
try {
  logFormat = logFormatOf(process.env.LOG_FORMAT, process.stdout.isTTY === true);
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
if (!development) installConsole(logFormat);
// Fewer, later major GCs: each one is ~25 ms of CPU at once, five periods of a shared CPU's quota
// (server/heap-growth.js, decision 040). Before the bundle is loaded, so the first limits are set so.
if (!development) growHeapBeforeCollecting();
// V8's helper threads, which mark the heap for those GCs, wait while the event loop has work: on a
// shared CPU's one vCPU a scan goes before them (server/thread-priority.js, decision 004).
if (!development) lowerV8Helpers();

// Builds when there is no build; refuses one that is not a production build (React's development client).
if (!development && cluster.isPrimary) requireProductionBuild();

/** @type {typeof import("./server/main.ts")} */
const main = development ? await import("./server/main.ts") : await import(path.resolve(SERVER_BUNDLE));

if (cluster.isWorker) {
  await main.serve(main.workerEnv(), { announce: false });
} else {
  const env = await main.prepare();
  // Development serves from one process: Vite's dev server does not run in a cluster.
  const workers = development ? 1 : env.WEB_CONCURRENCY;
  if (workers === 1) {
    await main.serve(env);
  } else {
    main.closeDatabase();
    main.startCluster(env, workers);
  }
}
