// The floor for a node process: a bare node:http server that answers every request with the same
// pre-compressed bytes as the scan page, with as many processes as the app server (node:cluster,
// each worker accepting on the shared socket like server/main.ts does). Run as a child process by
// scripts/bench.ts, so its work does not share the bench's event loop:
//   node scripts/bench/bare-server.ts FILE.html.gz PORT WORKERS
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";

const [file, portArg, workersArg] = process.argv.slice(2);
const port = Number(portArg);
const workers = Math.max(1, Math.min(16, Number(workersArg) || 1));

if (cluster.isPrimary && workers > 1) {
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let listening = 0;
  for (let i = 0; i < workers; i++) {
    cluster.fork().once("listening", () => {
      if (++listening === workers) console.log(`bare node listening on ${port}`);
    });
  }
  process.on("SIGTERM", () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    process.exit(0);
  });
} else {
  const body = fs.readFileSync(file!);
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Encoding": "gzip",
    "Content-Length": String(body.length),
    "Cache-Control": "no-store",
  };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  });
  server.listen(port, "127.0.0.1", () => {
    if (cluster.isPrimary) console.log(`bare node listening on ${port}`);
  });
  process.on("SIGTERM", () => process.exit(0));
}
