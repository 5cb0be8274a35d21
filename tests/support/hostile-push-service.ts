// Push endpoints of the kind issue 47 aimed at the server, on loopback: each server is one host
// (its own port), answering every request one way:
// - "huge": 200 and a 400 MB body, generated as the reader takes it (never allocated here);
// - "trickle": 200, then a byte a second, never ending;
// - "silent": reads the request and never answers.
// It records when each request arrived, how many were open at once, and tells listeners (a test
// that SIGKILLs the server the moment its push arrives).
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type HostileMode = "huge" | "trickle" | "silent";

export const HUGE_BYTES = 400 * 1024 * 1024;

export async function startHostilePushService(mode: HostileMode) {
  const arrivals: number[] = [];
  const listeners = new Set<() => void>();
  const sockets = new Set<Socket>();
  let open = 0;
  let mostOpen = 0;
  const server = http.createServer((req, res) => {
    open += 1;
    mostOpen = Math.max(mostOpen, open);
    res.on("close", () => (open -= 1));
    req.resume();
    req.on("end", () => {
      arrivals.push(Date.now());
      for (const listener of listeners) listener();
      if (mode === "huge") {
        res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": String(HUGE_BYTES) });
        const chunk = Buffer.alloc(64 * 1024, 97);
        let left = HUGE_BYTES / chunk.length;
        const more = () => {
          while (left > 0 && !res.destroyed) {
            left -= 1;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          res.end();
        };
        more();
      } else if (mode === "trickle") {
        res.writeHead(200, { "Content-Type": "text/plain" });
        res.flushHeaders();
        const timer = setInterval(() => res.write("."), 1_000);
        res.on("close", () => clearInterval(timer));
      }
      // "silent": nothing, ever.
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    arrivals,
    /** The most requests it held open at once. */
    mostOpen: () => mostOpen,
    /** Calls `listener` for every request that arrives. */
    onRequest(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Resolves once `count` requests have arrived. */
    async waitFor(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (arrivals.length < count) {
        if (Date.now() > deadline) throw new Error(`${mode}: only ${arrivals.length} of ${count} requests arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type HostilePushService = Awaited<ReturnType<typeof startHostilePushService>>;
