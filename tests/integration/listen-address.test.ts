// Where the public port listens (server/main.ts, listenAddresses): a demo on loopback alone, over
// IPv4 and IPv6 both (127.0.0.1 and [::1] answer; the machine's own network address does not),
// unless HOST widens it; production on every address (Fly's proxy reaches the machine's).
import os from "node:os";
import { afterEach, describe, expect, test } from "vitest";
import { startServer, stopServer, type ServerProcess } from "./helpers";

/** An IPv4 address of this machine that is not loopback, if it has one. */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === "IPv4" && !address.internal)?.address;

const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await stopServer(server);
});

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

describe("the address the public port listens on", () => {
  test("demo mode: 127.0.0.1 and [::1], not the machine's network address", { timeout: 90_000 }, async () => {
    const server = await startServer({});
    servers.push(server);
    expect(await answers(`http://127.0.0.1:${server.port}/healthcheck`)).toBe(true);
    expect(await answers(`http://[::1]:${server.port}/healthcheck`)).toBe(true);
    if (outside) expect(await answers(`http://${outside}:${server.port}/healthcheck`)).toBe(false);
  });

  test.skipIf(!outside)("demo mode with HOST=0.0.0.0: the machine's network address too", { timeout: 90_000 }, async () => {
    const server = await startServer({ HOST: "0.0.0.0" });
    servers.push(server);
    expect(await answers(`http://${outside}:${server.port}/healthcheck`)).toBe(true);
  });

  test.skipIf(!outside)("production: every address", { timeout: 90_000 }, async () => {
    const server = await startServer({
      APP_URL: "https://tagback.example",
      SESSION_SECRET: "s".repeat(32),
      MAIL_DELIVERY: "off",
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    servers.push(server);
    expect(await answers(`http://${outside}:${server.port}/healthcheck`)).toBe(true);
    expect(await answers(`http://[::1]:${server.port}/healthcheck`)).toBe(true);
  });
});
