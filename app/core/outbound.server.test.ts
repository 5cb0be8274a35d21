// The connect-time check of core/outbound.server.ts (decision 042) with a resolver the test
// controls instead of real DNS: a name that resolves to a loopback, mapped-loopback or private
// address is refused before any connection is opened (the loopback server below counts the
// connections it gets: none), while the same name with the check off reaches it. Then the answer's
// bounds: a long body is not read whole, and a trickled one ends at the deadline.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { guardedAgent, postBounded, RefusedAddressError, type Lookup } from "./outbound.server";

let server: http.Server;
let port: number;
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.url === "/long") {
        // 64 MB, written as the reader takes it: nothing this big is ever allocated here.
        res.writeHead(200, { "Content-Type": "application/octet-stream" });
        const chunk = Buffer.alloc(64 * 1024, 120);
        let left = 1024;
        const more = () => {
          while (left > 0) {
            left -= 1;
            if (!res.write(chunk)) return void res.once("drain", more);
          }
          res.end();
        };
        more();
      } else if (req.url === "/trickle") {
        res.writeHead(200);
        const timer = setInterval(() => res.write("x"), 200);
        res.on("close", () => clearInterval(timer));
      } else {
        res.writeHead(201).end();
      }
    });
  });
  server.on("connection", (socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver that answers `address` for every name, as dns.lookup would (one address, or all of them). */
function resolvesTo(address: string, family: 4 | 6): Lookup {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

const options = { connectTimeoutMs: 5_000, connectionsPerOrigin: 2, maxAnswerBytes: 4096 };
const post = (agent: ReturnType<typeof guardedAgent>, path: string, deadlineMs = 5_000) =>
  postBounded(`http://push.example:${port}${path}`, { headers: {}, body: new Uint8Array([1, 2, 3]) }, { agent, deadlineMs, maxAnswerBytes: 4096 });

test("a name that resolves to 127.0.0.1, ::ffff:127.0.0.1 or 10.0.0.1 is refused at connect time: no connection is opened", async () => {
  for (const [address, family, range] of [
    ["127.0.0.1", 4, "loopback"],
    ["::ffff:127.0.0.1", 6, "loopback"],
    ["10.0.0.1", 4, "private"],
    ["169.254.169.254", 4, "link-local"],
  ] as const) {
    const agent = guardedAgent({ ...options, checkAddresses: true, lookup: resolvesTo(address, family) });
    const before = connections;
    const started = Date.now();
    const error = await post(agent, "/").catch((thrown: unknown) => thrown);
    expect(error, address).toBeInstanceOf(RefusedAddressError);
    expect((error as Error).message).toBe(`refused to connect to push.example (${address}): a ${range} address`);
    expect(connections, address).toBe(before);
    // Refused before any connection was tried: not a timeout against 10.0.0.1.
    expect(Date.now() - started).toBeLessThan(1_000);
    await agent.close();
  }
});

test("an IP literal, which Node connects to without a lookup, is checked itself", async () => {
  const agent = guardedAgent({ ...options, checkAddresses: true });
  const before = connections;
  for (const url of [`http://127.0.0.1:${port}/`, `http://127.1:${port}/`, `http://2130706433:${port}/`, `http://[::ffff:127.0.0.1]:${port}/`, `http://[::1]:${port}/`]) {
    const error = await postBounded(url, { headers: {}, body: null }, { agent, deadlineMs: 2_000, maxAnswerBytes: 4096 }).catch((thrown: unknown) => thrown);
    expect(error, url).toBeInstanceOf(RefusedAddressError);
  }
  expect(connections).toBe(before);
  await agent.close();
});

test("with the check off (demo mode), the same name reaches the loopback server", async () => {
  const agent = guardedAgent({ ...options, checkAddresses: false, lookup: resolvesTo("127.0.0.1", 4) });
  const before = connections;
  expect(await post(agent, "/")).toEqual({ status: 201 });
  expect(connections).toBe(before + 1);
  await agent.close();
});

test("a 64 MB answer is not read whole, and a trickled one ends at the deadline", async () => {
  const agent = guardedAgent({ ...options, checkAddresses: false, lookup: resolvesTo("127.0.0.1", 4) });
  const heap = process.memoryUsage().arrayBuffers;
  expect(await post(agent, "/long")).toEqual({ status: 200 });
  expect(process.memoryUsage().arrayBuffers - heap).toBeLessThan(8 * 1024 * 1024);
  const started = Date.now();
  // The status came at once; the body would never end: the deadline ends it.
  expect(await post(agent, "/trickle", 1_500)).toEqual({ status: 200 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
  expect(Date.now() - started).toBeLessThan(5_000);
  await agent.close();
});
