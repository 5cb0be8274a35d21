// Prometheus's GET /metrics on a port of its own (METRICS_PORT, default 9091; 0: none) and address
// (METRICS_HOST, default 127.0.0.1), never on the public port, whose app answers /metrics with its
// ordinary 404: the numbers are for the operator and for Fly's scraper ([metrics] in fly.toml).
// One process serves them: the only one, or in a cluster the primary, which asks its workers and
// sums their figures (prom-client's AggregatorRegistry; server/main.ts, startCluster).
import http from "node:http";
import type { Env } from "../app/core/env.server.ts";

export type MetricsSource = { contentType: string; metrics: () => Promise<string> };

const METRICS_PATH = "/metrics";

/** Listens; resolves with the server (null when METRICS_PORT is 0) or rejects with the listen error. */
export function serveMetrics(env: Pick<Env, "METRICS_PORT" | "METRICS_HOST">, source: MetricsSource): Promise<http.Server | null> {
  if (env.METRICS_PORT === 0) return Promise.resolve(null);
  const server = http.createServer((req, res) => {
    const path = req.url?.split("?")[0];
    if (path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end(`Not found: metrics are at ${METRICS_PATH}.\n`);
      return;
    }
    source.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": source.contentType, "Cache-Control": "no-store" }).end(text),
      (error: Error) => {
        console.error(`Reading the metrics failed: ${error.message}`);
        res.writeHead(500, { "Content-Type": "text/plain" }).end("Reading the metrics failed.\n");
      },
    );
  });
  // A scraper's connection never keeps a stopping process alive (server/main.ts's shutdown).
  server.unref();
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.METRICS_PORT, env.METRICS_HOST, () => resolve(server));
  });
}

/** The line a failed listen prints, naming the variable to change. */
export function metricsListenFailure(env: Pick<Env, "METRICS_PORT" | "METRICS_HOST">, error: NodeJS.ErrnoException): string {
  const where = `${env.METRICS_HOST}:${env.METRICS_PORT}`;
  if (error.code === "EADDRINUSE") return `Metrics port ${where} is already in use: set METRICS_PORT to another port, or 0 to turn metrics off.`;
  return `Could not serve metrics on ${where} (METRICS_PORT, METRICS_HOST): ${error.message}`;
}
