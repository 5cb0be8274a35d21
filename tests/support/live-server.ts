// For tests against the real server's live streams (tests/integration/messaging-stream.test.ts,
// account-deletion-server.test.ts): the server on a database of its own, signed-in users with real
// session cookies, and a reader of server-sent events.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "../../db/connection";
import { profiles, users } from "../../db/schema";
import { createSession } from "~/features/account/session.server";
import { startServer, stopServer, type ServerProcess } from "../integration/helpers";

export type LiveServer = { server: ServerProcess; db: Db; dir: string; secret: string };

/**
 * The real server (production build) on a new database in a temporary folder, and this process's
 * connection to it. This process signs session cookies with the server's secret (the app's own
 * createSession), so signIn's cookies sign in there.
 */
export async function startLiveServer(name: string): Promise<LiveServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tagback-${name}-`));
  const file = path.join(dir, `${name}.db`);
  const secret = `${name}-test-secret`;
  const server = await startServer({ DATABASE_PATH: file, SESSION_SECRET: secret });
  process.env.SESSION_SECRET = secret;
  process.env.APP_URL = server.url;
  return { server, db: openDatabase(file).db, dir, secret };
}

export async function stopLiveServer(live: LiveServer | undefined) {
  if (!live) return;
  await stopServer(live.server);
  live.db.$client.close();
  fs.rmSync(live.dir, { recursive: true, force: true });
}

export type SignedInUser = { id: string; email: string; cookie: string };

/** A user with a profile named `name` and a session; the cookie is signed with this process's SESSION_SECRET. */
export async function signIn(db: Db, name: string): Promise<SignedInUser> {
  const id = crypto.randomUUID();
  const email = `${name.toLowerCase()}-${id.slice(0, 8)}@example.test`;
  await db.insert(users).values({ id, email, emailConfirmedAt: new Date() }).run();
  await db.insert(profiles).values({ id, firstName: name }).run();
  const cookie = (await createSession(db, id)).split(";")[0]!;
  return { id, email, cookie };
}

export type ParsedEvent = { id?: string; event?: string; data: string };

/**
 * Reads server-sent events from a fetch response until `enough` says so or the server ends the
 * stream (`ended`); after `timeoutMs` it gives up, so a test fails rather than hangs. `onEvent`
 * sees each event as it arrives (say, `ready`: the stream is subscribed).
 */
export async function readStream(response: Response, enough: (events: ParsedEvent[]) => boolean, timeoutMs = 10_000, onEvent?: (event: ParsedEvent) => void) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: ParsedEvent[] = [];
  let buffer = "";
  let gaveUp = false;
  let ended = false;
  const timer = setTimeout(() => {
    gaveUp = true;
    void reader.cancel();
  }, timeoutMs);
  try {
    while (!enough(events)) {
      const { value, done } = await reader.read();
      if (done) {
        ended = !gaveUp;
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: ParsedEvent = { data: "" };
        const data: string[] = [];
        for (const line of block.split("\n")) {
          if (line.startsWith("id: ")) event.id = line.slice(4);
          else if (line.startsWith("event: ")) event.event = line.slice(7);
          else if (line.startsWith("data: ")) data.push(line.slice(6));
        }
        event.data = data.join("\n");
        if (event.event) {
          events.push(event);
          onEvent?.(event);
        }
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => {});
  }
  return { events, ended };
}

/** The events read until `enough` says so (see readStream). */
export async function readEvents(response: Response, enough: (events: ParsedEvent[]) => boolean, timeoutMs = 10_000) {
  return (await readStream(response, enough, timeoutMs)).events;
}
