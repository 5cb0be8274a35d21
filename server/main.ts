// One server process: validates the environment, opens (and in demo mode seeds) the database, then
// serves static assets and the React Router app behind security headers.
// server.js starts it: in production from the bundle Vite builds (build/server/index.js: drizzle and
// the app's modules bundled, so a process needs a third of the memory an unbundled import takes),
// in development straight from this file. With WEB_CONCURRENCY > 1, server.js runs one of these per
// worker (node:cluster) after preparing the database once.
import compression from "compression";
import cluster from "node:cluster";
import express, { type RequestHandler, type Response } from "express";
import { randomBytes } from "node:crypto";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { AggregatorRegistry } from "prom-client";
import { clientIp } from "./client-ip.ts";
import { ALLOW, isCrossSiteWrite, readRequestTarget } from "./cross-site.ts";
import type { RefusalKey } from "./refusals.ts";
import { getEnv, type Env } from "../app/core/env.server.ts";
import { contentSecurityPolicy, securityHeaders, type SecurityHeaderOptions } from "./security-headers.ts";
import type { PolicyWith } from "../app/core/kept-pages.server.ts";
import { metricsListenFailure, serveMetrics, type MetricsSource } from "./metrics-server.ts";
import { rejectedByParser, requestLog, ROUTE_LABEL } from "./request-log.ts";
import { healthCheck } from "./health-check.ts";
import { countInFlight } from "./in-flight.ts";
import { collectProcessMetrics, gauge, processMetrics } from "../app/core/metrics.server.ts";
import { buildInfo } from "./production-build.js";
import { PHOTO_BODY_LIMIT_BYTES, PHOTO_UPLOAD_PATHS, SCANNER_PAGE_PATH } from "../app/features/lost-found/rules.ts";
import { isRelayMessage } from "../app/core/cross-process.server.ts";
import { startSweeping } from "../app/core/retention.server.ts";
import { hashClearKeys } from "../app/core/rate-limit.server.ts";
import { startDelivering, type DeliveryOptions } from "../app/core/outbox.server.ts";
import { resumeInterruptedMints, stopMints } from "../app/features/stickers/mint-job.server.ts";
import { startRestoreChecks } from "../app/core/restore-check.server.ts";
import { litestreamMetricsUrl, startReplicationLag } from "../app/core/replication-lag.server.ts";
import { RETENTIONS } from "./retention.ts";
import { closeDatabase, getDatabase } from "../db/connection.ts";
import { leaveCheckpointsToThread, startCheckpointing } from "./wal-checkpoints.ts";
import { seed } from "../db/seed.ts";

const development = process.env.NODE_ENV === "development";

const BODY_LIMIT_BYTES = 100 * 1024;
/** A second stop signal within this time is the same stop, not a request to exit at once. */
const DUPLICATE_SIGNAL_MS = 1_000;

/**
 * Validates the environment (exit 1 with the reason when it is wrong), prints a made-up developer
 * password, opens and migrates the database and seeds a new one in demo mode. Done once: by the
 * only process, or by the cluster's primary before it starts its workers.
 */
export async function prepare(): Promise<Env> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // A second instance started beside the first (another terminal, another checkout) is told which
  // port clashes before it seeds, migrates or prints anything.
  await refuseBusyPorts(env);
  if (env.devModePasswordMadeUp) console.log(`Developer-mode password (demo mode): ${env.DEV_MODE_PASSWORD}`);
  if (env.mailDelivery === "off") console.log("Mail delivery is off (MAIL_DELIVERY=off): no e-mail will be sent.");
  const database = getDatabase(env.DATABASE_PATH);
  // Limit rows from before their keys were hashed (decision 045): rewritten once, before anyone is served.
  const rewritten = hashClearKeys(database.db);
  if (rewritten > 0) console.log(`Hashed the keys of ${rewritten} limit row(s) written in clear by an older version`);
  if (database.created && env.demoMode) {
    await seed(database.db);
    console.log(`Seeded demo data into ${database.file}`);
  }
  return env;
}

export { closeDatabase };

/** The public port's listen failure, in one line that names the port (server.listen's error, or the early check). */
function portFailure(env: Env, error: NodeJS.ErrnoException): string {
  if (error.code === "EADDRINUSE") return `Port ${env.PORT} is already in use: stop what is using it or set PORT to another port.`;
  if (error.code === "EACCES") return `Not allowed to listen on port ${env.PORT}: choose a port above 1023 or run with the needed rights.`;
  return `Could not listen on port ${env.PORT}: ${error.message}`;
}

/** Exits 1 with portFailure or metricsListenFailure when PORT or METRICS_PORT cannot be listened on now. */
async function refuseBusyPorts(env: Env) {
  const tryListen = (port: number, host?: string) =>
    new Promise<void>((resolve, reject) => {
      const probe = net.createServer();
      probe.once("error", reject);
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
    });
  try {
    await tryListen(env.PORT);
  } catch (error) {
    console.error(portFailure(env, error as NodeJS.ErrnoException));
    process.exit(1);
  }
  if (env.METRICS_PORT === 0) return;
  try {
    await tryListen(env.METRICS_PORT, env.METRICS_HOST);
  } catch (error) {
    console.error(metricsListenFailure(env, error as NodeJS.ErrnoException));
    process.exit(1);
  }
}

/** Serves HTTP on env.PORT until SIGTERM or SIGINT. `announce`: print the "listening" line. */
export async function serve(env: Env, { announce = true } = {}) {
  const database = getDatabase(env.DATABASE_PATH);
  const { db } = database;
  leaveCheckpointsToThread(db);
  const app = express();
  app.disable("x-powered-by");
  collectProcessMetrics();
  buildInfoMetric();
  gauge({ name: "tagback_backup_off", help: "1 when the operator started without a Litestream replica (BACKUP=off, docker-start.sh)", aggregator: "max" }).set(
    env.BACKUP === "off" ? 1 : 0,
  );
  // In a cluster the primary serves the metrics: this worker answers its requests for them.
  if (cluster.isWorker) new AggregatorRegistry();
  else {
    await serveMetrics(env, processMetrics).catch((error: NodeJS.ErrnoException) => {
      console.error(metricsListenFailure(env, error));
      closeDatabase();
      process.exit(1);
    });
  }
  app.use(requestLog());
  // What a mint's hashes give way to (app/core/requests-in-flight.server.ts): the health check too.
  app.use(countInFlight());
  app.use(healthCheck(db));
  // Behind Fly's proxy, req.protocol must describe what the browser used (X-Forwarded-Proto).
  if (env.TRUST_PROXY === "fly") app.set("trust proxy", true);
  const server = http.createServer(app);
  server.on("clientError", rejectedByParser());
  const appHost = new URL(env.APP_URL).host;

  // The hash of the app's inline stylesheet (decision 018), set below before the port opens: it
  // comes from a module Vite processes (it imports the CSS), which this file in development is not.
  let styleHashes: string[] = [];
  // The refusals' texts in the request's language (server/refusals.ts), loaded with the app below;
  // no request is read before then.
  let refusals: typeof import("./refusals.ts") | undefined;
  // The production app's warm-up (development's Vite server compiles on demand: nothing to warm).
  let warmUp: typeof import("./app.ts").warmUp | undefined;
  const refuse = async (req: express.Request, res: Response, status: number, key: RefusalKey) => {
    if (!refusals) throw new Error("server/refusals.ts is not loaded yet");
    const { locale, text } = await refusals.refusal(key, { cookie: req.headers.cookie, acceptLanguage: req.get("accept-language"), target: req.originalUrl });
    res.status(status).type("text/plain").set("Content-Language", locale).vary("Accept-Language").vary("Cookie").send(text);
  };

  // Aborted when shutdown begins: server/app.ts ends open event streams with it.
  const shutdownController = new AbortController();
  /** Responses not yet finished: told to close their connection when a shutdown begins. */
  const openResponses = new Set<Response>();

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.locals.clientIp = clientIp({
      trustProxy: env.TRUST_PROXY,
      flyClientIp: req.headers["fly-client-ip"],
      socketAddress: req.socket.remoteAddress,
    });
    res.locals.shutdownSignal = shutdownController.signal;
    if (shutdownController.signal.aborted) res.set("Connection", "close");
    openResponses.add(res);
    res.once("close", () => openResponses.delete(res));
    const policy: SecurityHeaderOptions = {
      nonce,
      hsts: env.secureCookies,
      development,
      formActionOrigins: [new URL(env.OAUTH_AUTHORIZATION_URL).origin],
      analytics: Boolean(env.GA_MEASUREMENT_ID),
      // qr-scanner decodes in a worker it starts from a blob: URL; only /found runs it.
      scannerWorker: req.path === SCANNER_PAGE_PATH,
      styleHashes,
    };
    res.set(securityHeaders(policy));
    // A kept page's inline scripts carry no nonce: its policy allows them by their hashes (server/kept-response.ts).
    res.locals.policyWith = ((scriptHashes) => contentSecurityPolicy({ ...policy, scriptHashes })) satisfies PolicyWith;
    next();
  });

  // The request line and Host, checked once: a malformed one is a 400, a method we do not serve a
  // 405, OPTIONS a 204 naming the methods, before anything else runs; and the origin the request was addressed to is worked out here
  // for the cross-site check and for React Router's request URL (server/app.ts).
  app.use((req, res, next) => {
    const target = readRequestTarget({
      method: req.method,
      target: req.url,
      httpVersion: req.httpVersion,
      host: req.headers.host,
      protocol: req.protocol,
      defaultHost: appHost,
    });
    if (target.kind === "refuse") {
      if (target.status === 405) res.set("Allow", ALLOW);
      return void refuse(req, res, target.status, target.key).catch(next);
    }
    if (target.kind === "options") {
      res.set("Allow", `${ALLOW}, OPTIONS`).status(204).end();
      return;
    }
    // An absolute-form target becomes origin-form; its authority is the host (RFC 9112 §3.2.2).
    req.url = req.originalUrl = target.path;
    req.headers.host = target.host;
    res.locals.requestOrigin = target.origin;
    next();
  });

  app.use((req, res, next) => {
    if (isCrossSiteWrite({
      method: req.method,
      secFetchSite: req.get("sec-fetch-site"),
      origin: req.get("origin"),
      referer: req.get("referer"),
      requestOrigin: res.locals.requestOrigin,
    })) {
      return void refuse(req, res, 403, "site.crossSiteRefused").catch(next);
    }
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding")) {
      return void refuse(req, res, 411, "refusal.lengthRequired").catch(next);
    }
    // A photo of a QR code on /found may be a few MB (its route refuses one too large with a message).
    const photo = PHOTO_UPLOAD_PATHS.includes(req.path) && /^multipart\/form-data/i.test(req.get("content-type") ?? "");
    if (Number(length ?? 0) > (photo ? PHOTO_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES)) {
      return void refuse(req, res, 413, "site.bodyTooLarge").catch(next);
    }
    next();
  });

  // Event streams must not be buffered by gzip.
  app.use(compression({ filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res) }));

  let viteDevServer: ViteDevServer | undefined;
  if (development) {
    const vite = await import("vite");
    // Hot updates share the app's port, so two dev servers never fight over Vite's default one.
    viteDevServer = await vite.createServer({ server: { middlewareMode: true, hmr: { server } } });
    const devServer = viteDevServer;
    styleHashes = ((await devServer.ssrLoadModule("./server/inline-css.ts")) as typeof import("./inline-css.ts")).INLINE_CSS_HASHES;
    refusals = (await devServer.ssrLoadModule("./server/refusals.ts")) as typeof import("./refusals.ts");
    // React Router's plugin starts a second Vite server of its own, which exits the process on
    // SIGTERM (code 143) as soon as it has closed itself. The shutdown below closes Vite instead.
    process.removeAllListeners("SIGTERM");
    app.use(viteDevServer.middlewares);
    app.use(async (req, res, next) => {
      try {
        const source = await devServer.ssrLoadModule("./server/app.ts");
        return await source.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) devServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    // Hashed assets never change: cache them for a year. Everything else in public/ for an hour.
    const labelStatic: RequestHandler = (_req, res, next) => {
      res.locals.route = ROUTE_LABEL.static;
      next();
    };
    app.use("/assets", labelStatic, express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    // Only a path that names a file (public/ holds nothing else) is looked for on disk: a page,
    // a sticker scan above all, is not worth two stat calls (3.8 % of a scan's CPU in a profile).
    const publicFiles = express.static("build/client", { maxAge: "1h", index: false, redirect: false });
    app.use((req, res, next) => (/\.\w+$/.test(req.path) ? labelStatic(req, res, () => publicFiles(req, res, next)) : next()));
    styleHashes = (await import("./inline-css.ts")).INLINE_CSS_HASHES;
    refusals = await import("./refusals.ts");
    const { app: reactRouterApp, warmUp: warmUpApp } = await import("./app.ts");
    app.use(reactRouterApp);
    warmUp = warmUpApp;
  }

  // Warm before the port opens: Fly sends the first finder once the health check passes (server/warm-up.ts).
  // Until the shutdown below takes over, a stop has nothing to finish: no request was served, and
  // closing rolls the warm-up's transaction back. Exit 0, as a stop does (Fly reads anything else as
  // a crash). Handed over without a gap: a signal libuv caught while its handler is removed is lost,
  // and a worker missed its stop that way.
  const stopBeforeServing = (signal: NodeJS.Signals) => {
    console.log(`${signal} before serving: stopped.`);
    closeDatabase();
    process.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, stopBeforeServing);
  if (warmUp && env.WARM_UP_SECONDS > 0) await reportWarmUp(warmUp, app, env.WARM_UP_SECONDS * 1000);

  // Express 5 would hand a listen error to app.listen's callback; a busy port must stop the start.
  server.once("error", (error: NodeJS.ErrnoException) => {
    console.error(portFailure(env, error));
    closeDatabase();
    process.exit(1);
  });
  // The addresses (listenAddresses): a demo on loopback alone, both families; ::1 beside 127.0.0.1
  // hands its connections to the same server, so shutdown, keep-alive and the parser's 400s treat
  // them alike. A machine without IPv6 has no ::1 to listen on, and nobody to reach it there.
  const [first, ...others] = listenAddresses(env);
  const extraListeners = others.map((host) => {
    const listener = net.createServer((socket) => server.emit("connection", socket));
    listener.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT") return;
      console.error(portFailure(env, error));
      closeDatabase();
      process.exit(1);
    });
    listener.listen(env.PORT, host);
    return listener;
  });
  server.listen(env.PORT, first, () => {
    if (announce) console.log(`Tagback listening on http://localhost:${env.PORT} (${env.demoMode ? "demo mode" : "production"})`);
  });
  // A lone server deletes what the database no longer keeps; in a cluster the primary does.
  if (!cluster.isWorker) startSweeping(db, RETENTIONS, shutdownController.signal);
  // One process delivers the outbox: a lone server, or the cluster's worker started to (the primary
  // loads no app module, and its metrics would not reach the scrape).
  const delivering =
    !cluster.isWorker || process.env[DELIVERS] === "1" ? startDelivering(db, shutdownController.signal, deliveryFailpoint(env)) : Promise.resolve();
  // WAL checkpoints off the request path, by the same one process (server/wal-checkpoints.ts).
  const checkpointing =
    !cluster.isWorker || process.env[DELIVERS] === "1" ? startCheckpointing(database.file, shutdownController.signal) : Promise.resolve();
  // The daily restore check of the Litestream replica, by the same one process (app/core/restore-check.server.ts).
  if ((!cluster.isWorker || process.env[DELIVERS] === "1") && process.env.LITESTREAM_REPLICA_URL) {
    startRestoreChecks(db, { config: path.resolve("litestream.yml"), databasePath: env.DATABASE_PATH }, shutdownController.signal);
    // The replication-lag gauge, from Litestream's own metrics (app/core/replication-lag.server.ts).
    const litestreamMetrics = litestreamMetricsUrl(process.env.LITESTREAM_METRICS_ADDR);
    if (!litestreamMetrics) {
      console.error("Replication lag cannot be measured: LITESTREAM_METRICS_ADDR (litestream.yml's addr) is empty, so tagback_backup_replication_lag_seconds grows from start.");
    }
    startReplicationLag({ url: litestreamMetrics, databasePath: env.DATABASE_PATH }, shutdownController.signal);
  }
  // Sticker batches a stop cut short go on, by the same one process, once: at the server's start
  // (a worker the primary replaces later must not start a batch another is minting).
  if (!cluster.isWorker || process.env[RESUMES_MINTS] === "1") {
    const { resumed, restarted } = await resumeInterruptedMints(db, env.APP_URL);
    if (resumed > 0) console.log(`Resuming ${resumed} sticker batch(es) a stop cut short${restarted > 0 ? ` (${restarted} from the start: their passwords could not be opened)` : ""}`);
  }

  // Graceful shutdown (SIGTERM from Fly or Docker, SIGINT from Ctrl-C): stop accepting, let open
  // requests finish (each answered with Connection: close), close idle keep-alive connections, end
  // event streams (server/app.ts), let a mint finish the slice it is hashing (unpaced; the batch
  // goes on at the next start), then close the database (checkpointing the WAL) and exit 0.
  // Whatever is still open after SHUTDOWN_TIMEOUT_SECONDS (20 s; fly.toml's kill_timeout is 30 s,
  // which leaves Litestream its last sync) is cut off: exit 1.
  const SHUTDOWN_TIMEOUT_MS = env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  let shutdownStartedAt = 0;
  function shutdown(signal: NodeJS.Signals) {
    if (shutdownController.signal.aborted) {
      // Ctrl-C reaches a cluster worker twice (from the terminal and passed on by the primary).
      if (Date.now() - shutdownStartedAt < DUPLICATE_SIGNAL_MS) return;
      console.error(`${signal} again: exiting now.`);
      finish(1);
      return;
    }
    console.log(`${signal}: Shutting down, ${openResponses.size} open request(s)…`);
    shutdownStartedAt = Date.now();
    shutdownController.abort();
    const mintsStopped = stopMints();
    for (const res of openResponses) if (!res.headersSent) res.set("Connection", "close");
    for (const listener of extraListeners) listener.close();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const force = setTimeout(() => {
      console.error(`Shutdown: ${openResponses.size} request(s) still open after ${SHUTDOWN_TIMEOUT_MS / 1000} s, forcing exit.`);
      finish(1);
    }, SHUTDOWN_TIMEOUT_MS);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      void (async () => {
        // The mint's last slice is written, within what is left of the shutdown's time (it is
        // hashed unpaced: 25 hashes, tens of milliseconds); a batch cut off there starts that slice again.
        const left = Math.max(0, SHUTDOWN_TIMEOUT_MS - (Date.now() - shutdownStartedAt));
        const mintCut = await Promise.race([mintsStopped.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), left).unref())]);
        if (mintCut) {
          console.error(`Shutdown: a mint's slice still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s, forcing exit.`);
          finish(1);
          return;
        }
        // A mail being handed to SMTP finishes and is marked, rather than sent again after the restart.
        await delivering;
        // The checkpointer's connection closed first, so the database's close below is the last one.
        await checkpointing;
        await viteDevServer?.close().catch((error: Error) => console.error(`Closing Vite failed: ${error.message}`));
        console.log("Stopped.");
        finish(0);
      })();
    });
    server.closeIdleConnections();
  }

  function finish(code: number) {
    try {
      closeDatabase();
    } catch (error) {
      console.error(`Closing the database failed: ${(error as Error).message}`);
      code = 1;
    }
    process.exit(code);
  }

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, shutdown);
    process.off(signal, stopBeforeServing);
  }
  // A worker whose primary is gone gets no more connections: stop rather than linger.
  if (cluster.isWorker) process.once("disconnect", () => shutdown("SIGTERM"));
}

/**
 * Where PORT listens: HOST when set; in demo mode loopback only (127.0.0.1 and ::1: a demo's
 * made-up developer password must not open it to the network); otherwise every address.
 */
export function listenAddresses(env: Pick<Env, "HOST" | "demoMode">): (string | undefined)[] {
  if (env.HOST) return [env.HOST];
  return env.demoMode ? ["127.0.0.1", "::1"] : [undefined];
}

/** tagback_build_info{version,commit,node}: 1, for the operator's "what is running" (development: the working tree). */
function buildInfoMetric() {
  const info = development ? { version: "development", commit: "working-tree" } : buildInfo();
  gauge({ name: "tagback_build_info", help: "The build this process runs: its package version and commit, and Node's version", labelNames: ["version", "commit", "node"], aggregator: "max" }).set(
    { ...info, node: process.version },
    1,
  );
}

/** Set by the cluster's primary for the one worker that delivers the outbox. */
const DELIVERS = "TAGBACK_OUTBOX_DELIVERS";
/** Set by the cluster's primary for its first worker's first start: it resumes cut-short mints. */
const RESUMES_MINTS = "TAGBACK_RESUMES_MINTS";

/**
 * A test's failpoint (demo mode only): TAGBACK_FAILPOINT=outbox-before-send kills the process with
 * SIGKILL just before a mail is handed to SMTP, after it was stored (tests/integration/outbox-kill.test.ts).
 */
function deliveryFailpoint(env: Env): DeliveryOptions {
  if (!env.demoMode || process.env.TAGBACK_FAILPOINT !== "outbox-before-send") return {};
  return { beforeSend: () => process.kill(process.pid, "SIGKILL") };
}

/** A worker's environment: the primary validated it and passed on the secrets it made up. */
export function workerEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * Runs the warm-up and says how long it took: a line, and the tagback_warm_up_seconds gauge. A
 * warm-up that fails leaves the process cold, not down: the line says why and it serves.
 */
async function reportWarmUp(warmUp: typeof import("./app.ts").warmUp, handler: http.RequestListener, deadlineMs: number) {
  const took = gauge({ name: "tagback_warm_up_seconds", help: "How long this process's warm-up took before its port opened (server/warm-up.ts); 0 until it has run", aggregator: "max" });
  console.log(`Warming up (at most ${deadlineMs / 1000} s)…`);
  try {
    const { seconds, pages, failed, rssGrowthMb } = await warmUp(handler, { deadlineMs });
    took.set(seconds);
    console.log(`Warmed up in ${seconds.toFixed(1)} s (${pages} pages${failed > 0 ? `, ${failed} failed` : ""}; RSS +${Math.round(rssGrowthMb)} MB)`);
  } catch (error) {
    console.error("The warm-up failed; serving cold:", error);
  }
}

/**
 * The cluster's primary: starts `count` workers on env.PORT, relays cross-process messages
 * (app/core/cross-process.server.ts) between them, replaces a worker that crashes, runs the
 * retention sweep (it serves no requests, so no request waits behind a batch in its event loop),
 * and on SIGTERM or SIGINT stops them all and exits 0 — or with the worst exit code of the workers
 * that failed before the stop (a crash, a busy port).
 */
export function startCluster(env: Env, count: number) {
  // Demo mode made up a session secret and a developer password in this process: every worker
  // must use the same ones, or a session cookie signed by one worker fails in the other.
  const shared = { SESSION_SECRET: env.SESSION_SECRET ?? "", DEV_MODE_PASSWORD: env.DEV_MODE_PASSWORD ?? "" };
  // Each worker accepts on the shared socket itself: the primary passing every connection on
  // (round robin, Linux's default) would spend a core's worth of work on the hot path.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let listening = 0;
  let exitCode = 0;
  // On a connection of its own: server.js closed the one prepare() opened.
  const sweeping = new AbortController();
  startSweeping(getDatabase(env.DATABASE_PATH).db, RETENTIONS, sweeping.signal);

  // The first worker delivers the outbox, and so does the one that replaces it.
  const fork = (delivers: boolean, resumesMints = false) => {
    const worker = cluster.fork({ ...shared, [DELIVERS]: delivers ? "1" : "0", [RESUMES_MINTS]: resumesMints ? "1" : "0" });
    worker.on("message", (message: unknown) => {
      if (!isRelayMessage(message)) return;
      for (const other of Object.values(cluster.workers ?? {})) {
        if (other && other !== worker && other.isConnected()) other.send(message);
      }
    });
    // The public port's listening, not the warm-up's own loopback port (server/warm-up.ts), which a
    // worker's cluster module reports to the primary too.
    const onListening = (address: { port: number }) => {
      if (address.port !== env.PORT) return;
      worker.off("listening", onListening);
      listening += 1;
      if (listening === count) {
        console.log(`Tagback listening on http://localhost:${env.PORT} (${env.demoMode ? "demo mode" : "production"}, ${count} processes)`);
      }
    };
    worker.on("listening", onListening);
    worker.once("exit", (code, signal) => {
      // How a worker ends once the stop has begun is the stop's doing, not a failure: under load
      // one still starting dies of the signal itself (its handler is not installed yet), one whose
      // requests outlast SHUTDOWN_TIMEOUT_SECONDS exits 1. A clean stop exits 0 (Fly reads anything
      // else on a deploy as a crash).
      if (stopping) return;
      // Ctrl-C's SIGINT reaches the workers too, and one may be seen dead of it before the
      // primary's own handler has run: that is the stop arriving, not a crash.
      const stopSignal = signal === "SIGTERM" || signal === "SIGINT";
      if (!stopSignal && (code !== 0 || signal)) exitCode = Math.max(exitCode, code ?? 1);
      // Before every worker listened, a failure is the configuration's (busy port): stop.
      if (listening < count) {
        stop("SIGTERM");
        return;
      }
      console.error(`A server process exited (${signal ?? code}): starting another.`);
      fork(delivers);
    });
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    sweeping.abort();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => stop(signal));
  cluster.on("exit", () => {
    if (Object.keys(cluster.workers ?? {}).length === 0 && (stopping || listening < count)) {
      closeDatabase();
      process.exit(exitCode);
    }
  });
  // The workers' metrics, summed, on the metrics port (server/metrics-server.ts); the workers
  // start once it listens, so a busy metrics port stops the start before any of them.
  const aggregator = new AggregatorRegistry();
  const workersMetrics: MetricsSource = { contentType: aggregator.contentType, metrics: () => aggregator.clusterMetrics() };
  serveMetrics(env, workersMetrics).then(
    () => {
      if (stopping) process.exit(exitCode);
      for (let i = 0; i < count; i++) fork(i === 0, i === 0);
    },
    (error: NodeJS.ErrnoException) => {
      console.error(metricsListenFailure(env, error));
      process.exit(1);
    },
  );
}
