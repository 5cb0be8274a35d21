// The live-message stream against the real server process (node server.js, production build):
// clients that vanish at random moments while messages flow leave the server answering and the hub
// without a listener; a reconnect with Last-Event-ID gets what it missed; the per-user limit holds;
// compression leaves the stream alone. The hub's numbers come from GET /admin/live.
import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../db/connection";
import { grantAdmin } from "~/features/account/admins.server";
import { startConversation } from "~/features/messaging/conversations.server";
import { STREAMS_PER_USER } from "~/features/messaging/rules";
import { readEvents, readStream, signIn, startLiveServer, stopLiveServer, type LiveServer, type SignedInUser } from "../support/live-server";
import { crashLines, startServer, stopServer, type ServerProcess } from "./helpers";

let live: LiveServer;
let server: ServerProcess;
let db: Db;

type Signed = SignedInUser;
const signedInUser = (name: string) => signIn(db, name);

async function conversation(a: Signed, b: Signed) {
  const started = await startConversation(db, a.id, b.id);
  if (!started.ok) throw new Error(`could not start: ${started.reason}`);
  return started.conversationId;
}

/** Posts a message the way a browser without JavaScript does. */
async function send(user: Signed, conversationId: string, content: string, base = server.url) {
  const response = await fetch(`${base}/messaging/${conversationId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: user.cookie, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "send", content, clientKey: crypto.randomUUID() }),
  });
  await response.body?.cancel();
  return response.status;
}

let admin: Signed;
async function hubStats(): Promise<{ streams: number; listeners: number }> {
  const response = await fetch(`${server.url}/admin/live`, { headers: { Cookie: admin.cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { streams: number; listeners: number };
}

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function openStream(user: Signed, conversationId: string, headers: Record<string, string> = {}, signal?: AbortSignal, base = server.url) {
  return fetch(`${base}/messaging/${conversationId}/events`, {
    headers: { Cookie: user.cookie, Accept: "text/event-stream", ...headers },
    signal,
  });
}

beforeAll(async () => {
  live = await startLiveServer("stream");
  ({ server, db } = live);
  admin = await signedInUser("Admin");
  expect((await grantAdmin(db, admin.email)).status).toBe("granted");
}, 90_000);

afterAll(() => stopLiveServer(live));

test("50 streams cut abruptly at random moments while messages flow: the server answers, no listener is left", { timeout: 60_000 }, async () => {
  const hubUser = await signedInUser("Hub");
  const people = await Promise.all(Array.from({ length: 10 }, (_, i) => signedInUser(`Person${i}`)));
  const conversations: string[] = [];
  for (const person of people) conversations.push(await conversation(person, hubUser));

  let sawMessages = 0;
  const closed: Promise<void>[] = [];
  for (let i = 0; i < 50; i += 1) {
    const who = people[i % people.length]!;
    const socket = net.connect(server.port, "127.0.0.1");
    socket.on("error", () => {});
    socket.on("data", (chunk) => {
      if (chunk.toString("latin1").includes("event: message")) sawMessages += 1;
    });
    closed.push(new Promise((resolve) => socket.on("close", () => resolve())));
    socket.write(
      `GET /messaging/${conversations[i % people.length]}/events HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nCookie: ${who.cookie}\r\nAccept: text/event-stream\r\nAccept-Encoding: gzip\r\n\r\n`,
    );
    // Cut at a random moment: before the answer, mid-stream, while a message is being written.
    // Half with a TCP reset, half with a plain close.
    setTimeout(() => (i % 2 ? socket.resetAndDestroy() : socket.destroy()), Math.random() * 2500);
  }
  // Messages flow the whole time, to every conversation (each person well under their limit).
  let allClosed = false;
  const closing = Promise.all(closed).then(() => void (allClosed = true));
  let round = 0;
  while (!allClosed && round < 20) {
    const statuses = await Promise.all(people.map((person, i) => send(person, conversations[i]!, `round ${round}`)));
    expect(statuses.every((status) => status === 302)).toBe(true);
    round += 1;
    await new Promise((r) => setTimeout(r, 100));
  }
  await closing;

  expect(sawMessages).toBeGreaterThan(0);
  await until(async () => {
    const stats = await hubStats();
    return stats.streams === 0 && stats.listeners === 0;
  }, 10_000, "every stream and listener to be gone");
  expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
  expect(server.child.exitCode).toBeNull();
  expect(crashLines(server.stderr())).toEqual([]);
  // And live messages still work for whoever connects now.
  const response = await openStream(hubUser, conversations[0]!);
  const reading = readEvents(response, (events) => events.some((e) => e.event === "message"));
  await until(async () => (await hubStats()).listeners >= 2, 5_000, "the new stream to subscribe");
  expect(await send(people[0]!, conversations[0]!, "still here")).toBe(302);
  const events = await reading;
  expect(JSON.parse(events.find((e) => e.event === "message")!.data)).toMatchObject({ content: "still here", senderId: people[0]!.id });
});

test("a reconnect with Last-Event-ID receives the messages it missed, in order", { timeout: 30_000 }, async () => {
  const a = await signedInUser("Anya");
  const b = await signedInUser("Bo");
  const id = await conversation(a, b);

  const first = await openStream(a, id);
  expect(first.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  const firstRead = readEvents(first, (events) => events.some((e) => e.event === "message"));
  await until(async () => (await hubStats()).listeners >= 2, 5_000, "the stream to subscribe");
  expect(await send(b, id, "one")).toBe(302);
  const seen = (await firstRead).filter((e) => e.event === "message");
  expect(seen.map((e) => JSON.parse(e.data).content)).toEqual(["one"]);
  const lastEventId = seen[0]!.id!;
  await until(async () => (await hubStats()).streams === 0, 5_000, "the first stream to close");

  // Offline: two more messages.
  expect(await send(b, id, "two")).toBe(302);
  expect(await send(a, id, "three")).toBe(302);

  const again = await openStream(a, id, { "Last-Event-ID": lastEventId });
  const replayed = (await readEvents(again, (events) => events.filter((e) => e.event === "message").length >= 2)).filter((e) => e.event === "message");
  expect(replayed.map((e) => JSON.parse(e.data).content)).toEqual(["two", "three"]);
  // Each carries its id, so the next reconnect resumes after it.
  expect(replayed.every((e) => typeof e.id === "string" && e.id.length > 0)).toBe(true);
});

test(`at most ${STREAMS_PER_USER} open streams per user; compression never touches a stream`, { timeout: 30_000 }, async () => {
  const a = await signedInUser("Ash");
  const b = await signedInUser("Ben");
  const id = await conversation(a, b);
  const controller = new AbortController();
  const open = await Promise.all(Array.from({ length: STREAMS_PER_USER }, () => openStream(a, id, { "Accept-Encoding": "gzip, br" }, controller.signal)));
  for (const response of open) {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
  }
  const refused = await openStream(a, id);
  expect(refused.status).toBe(429);
  await refused.body?.cancel();
  // Someone else is not affected.
  const other = await openStream(b, id, {}, controller.signal);
  expect(other.status).toBe(200);
  // The retry hint comes first.
  const reader = open[0]!.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^retry: \d+\n\n/);
  controller.abort();
  await until(async () => (await hubStats()).streams === 0, 5_000, "the streams to close");
  expect((await openStream(a, id, {}, AbortSignal.timeout(2_000))).status).toBe(200);
});

test("WEB_CONCURRENCY=2: a message stored by one worker reaches streams held by the other", { timeout: 90_000 }, async () => {
  // A second server on the same database file, as two workers; connections land on either.
  const cluster = await startServer({ DATABASE_PATH: db.$client.name, SESSION_SECRET: live.secret, WEB_CONCURRENCY: "2" });
  try {
    const a = await signedInUser("Cai");
    const b = await signedInUser("Dev");
    const id = await conversation(a, b);
    // Four streams on four connections: with the relay broken, a stream on the worker that did
    // not store the message would miss it (all five connections on one worker: 1 in 16).
    const controller = new AbortController();
    const streams = await Promise.all(
      [a, a, b, b].map((user) => openStream(user, id, { Connection: "close" }, controller.signal, cluster.url)),
    );
    // Each stream says `ready` once subscribed: the message is sent once all four have said it.
    const ready = streams.map(() => Promise.withResolvers<void>());
    const readings = streams.map((response, i) =>
      readStream(response, (events) => events.some((e) => e.event === "message"), 30_000, (event) => {
        if (event.event === "ready") ready[i]!.resolve();
      }).then((read) => read.events),
    );
    await Promise.all(ready.map((each) => each.promise));
    expect(await send(a, id, "across workers", cluster.url)).toBe(302);
    for (const events of await Promise.all(readings)) {
      expect(events.filter((e) => e.event === "message").map((e) => JSON.parse(e.data).content)).toEqual(["across workers"]);
    }
    controller.abort();
    expect(crashLines(cluster.stderr())).toEqual([]);
  } finally {
    await stopServer(cluster);
  }
});
