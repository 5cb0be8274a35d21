// The Node process: validates the environment, opens (and in demo mode seeds) the database, then
// serves static assets and the React Router app behind security headers.
// Node 24 runs this file directly (type stripping): `npm start` = `node server.ts`.
import compression from "compression";
import express, { type Request } from "express";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { clientIp } from "./server/client-ip.ts";
import { isCrossSiteWrite } from "./server/cross-site.ts";
import { getEnv } from "./app/core/env.server.ts";
import { securityHeaders } from "./server/security-headers.ts";
import { getDatabase } from "./db/connection.ts";
import { seed } from "./db/seed.ts";

// React picks its development or production build from NODE_ENV when first imported (below).
process.env.NODE_ENV ||= "production";
const development = process.env.NODE_ENV === "development";

const BODY_LIMIT_BYTES = 100 * 1024;
const BUILD_ENTRY = path.resolve("build/server/index.js");

let env;
try {
  env = getEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (env.devModePasswordMadeUp) console.log(`Developer-mode password (demo mode): ${env.DEV_MODE_PASSWORD}`);

const database = getDatabase(env.DATABASE_PATH);
if (database.created && env.demoMode) {
  await seed(database.db);
  console.log(`Seeded demo data into ${database.file}`);
}

if (!development && !fs.existsSync(BUILD_ENTRY)) {
  console.log("No production build found: building (react-router build)…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const app = express();
app.disable("x-powered-by");
// Behind Fly's proxy, req.protocol and req.host must describe what the browser used.
if (env.TRUST_PROXY === "fly") app.set("trust proxy", true);

app.use((req, res, next) => {
  const nonce = randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.locals.clientIp = clientIp({
    trustProxy: env.TRUST_PROXY,
    flyClientIp: req.headers["fly-client-ip"],
    socketAddress: req.socket.remoteAddress,
  });
  res.set(
    securityHeaders({
      nonce,
      hsts: env.secureCookies,
      development,
      formActionOrigins: [new URL(env.OAUTH_AUTHORIZATION_URL).origin],
      analytics: Boolean(env.GA_MEASUREMENT_ID),
    }),
  );
  next();
});

app.use((req, res, next) => {
  if (isCrossSiteWrite({
    method: req.method,
    secFetchSite: req.get("sec-fetch-site"),
    origin: req.get("origin"),
    requestOrigin: requestOrigin(req),
  })) {
    res.status(403).type("text/plain").send("Cross-site request refused.");
    return;
  }
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const length = req.get("content-length");
  if (length === undefined && req.get("transfer-encoding")) {
    res.status(411).type("text/plain").send("Content-Length required.");
    return;
  }
  if (Number(length ?? 0) > BODY_LIMIT_BYTES) {
    res.status(413).type("text/plain").send("Request body too large.");
    return;
  }
  next();
});

// Event streams must not be buffered by gzip.
app.use(compression({ filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res) }));

if (development) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteDevServer.middlewares);
  app.use(async (req, res, next) => {
    try {
      const source = await viteDevServer.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Hashed assets never change: cache them for a year. Everything else in public/ for an hour.
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
  const { app: reactRouterApp } = await import(BUILD_ENTRY);
  app.use(reactRouterApp);
}

const server = app.listen(env.PORT, () => {
  console.log(`Tagback listening on http://localhost:${env.PORT} (${env.demoMode ? "demo mode" : "production"})`);
});

function requestOrigin(req: Request) {
  return `${req.protocol}://${req.get("host")}`;
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
