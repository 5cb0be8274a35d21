// Delete my account against the real server process (node server.js, production build): the
// erasure ends the owner's open live streams and the finder's stream of a thread to them, tells the
// conversation partner's page, and leaves the old session cookie signing nobody in; a cross-site
// post changes nothing. What the database keeps: tests/integration/account-deletion.test.ts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../db/connection";
import { users } from "../../db/schema";
import { parseEnv } from "~/core/env.server";
import { createFinderThread } from "~/features/finder-contact/threads.server";
import { startConversation } from "~/features/messaging/conversations.server";
import { readStream, signIn, startLiveServer, stopLiveServer, type LiveServer, type ParsedEvent, type SignedInUser } from "../support/live-server";
import type { ServerProcess } from "./helpers";

let live: LiveServer;
let server: ServerProcess;
let db: Db;

beforeAll(async () => {
  live = await startLiveServer("erasure");
  ({ server, db } = live);
}, 90_000);

afterAll(() => stopLiveServer(live));

/** An open stream, read in the background until the server ends it; `ready` once it is subscribed. */
async function watch(streamPath: string, user: SignedInUser | null, enough: (events: ParsedEvent[]) => boolean = () => false) {
  const response = await fetch(`${server.url}${streamPath}`, { headers: { Accept: "text/event-stream", ...(user ? { Cookie: user.cookie } : {}) } });
  expect(response.status, streamPath).toBe(200);
  let subscribed!: () => void;
  const ready = new Promise<void>((resolve) => (subscribed = resolve));
  const read = readStream(response, enough, 30_000, (event) => event.event === "ready" && subscribed());
  return { ready, read };
}

function deleteAccount(user: SignedInUser, origin: string) {
  return fetch(`${server.url}/settings`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: user.cookie, Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "delete-account", confirm: user.email }),
  });
}

test("the erasure ends the owner's open streams and the finder's, tells the partner, and the old cookie gets the sign-in page", { timeout: 60_000 }, async () => {
  const [owner, partner] = [await signIn(db, "Odile"), await signIn(db, "Pavan")];
  const started = await startConversation(db, owner.id, partner.id);
  if (!started.ok) throw new Error(started.reason);
  const thread = createFinderThread(db, {
    ownerId: owner.id,
    item: { type: "metrocard", number: "98765432100" },
    visitId: null,
    form: { message: "Found your card on the bus", contact: null, contactKind: null, foundWhere: null, handover: "keep", place: null },
  });
  const streams = {
    list: await watch("/messaging/events", owner),
    chat: await watch(`/messaging/${started.conversationId}/events`, owner),
    finder: await watch(`/f/${thread.secret}/events`, null),
    partner: await watch(`/messaging/${started.conversationId}/events`, partner, (events) => events.some((e) => e.event === "activity")),
  };
  await Promise.all(Object.values(streams).map((stream) => stream.ready));

  // A cross-site post with the right confirmation changes nothing.
  const forged = await deleteAccount(owner, "https://evil.example");
  expect(forged.status).toBe(403);
  expect(await db.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).get()).toEqual({ id: owner.id });

  const erased = await deleteAccount(owner, server.url);
  expect(erased.status).toBe(302);
  expect(erased.headers.get("Location")).toBe("/account-deleted");

  for (const stream of [streams.list, streams.chat]) {
    const { events, ended } = await stream.read;
    expect(ended).toBe(true);
    expect(events.map((e) => e.event)).toContain("signed-out");
  }
  const finder = await streams.finder.read;
  expect(finder.ended).toBe(true);
  expect(finder.events.find((e) => e.event === "deleted")?.data).toBe(thread.conversationId);
  const partnerSaw = (await streams.partner.read).events.find((e) => e.event === "activity");
  expect(JSON.parse(partnerSaw!.data)).toMatchObject({ conversationId: started.conversationId });

  // The old cookie signs nobody in: the settings page sends it to sign-in, a stream answers 401.
  const settings = await fetch(`${server.url}/settings`, { redirect: "manual", headers: { Cookie: owner.cookie } });
  expect(settings.status).toBe(302);
  expect(settings.headers.get("Location")).toBe("/auth?redirectTo=%2Fsettings");
  const stream = await fetch(`${server.url}/messaging/events`, { headers: { Cookie: owner.cookie, Accept: "text/event-stream" } });
  expect(stream.status).toBe(401);
  await stream.body?.cancel();

  // The page after deletion says what remains, and for how long.
  const page = await fetch(`${server.url}/account-deleted`);
  expect(page.status).toBe(200);
  const text = await page.text();
  expect(text).toContain("Your account has been deleted");
  expect(text).toContain("admin audit trail");
  // The number is the server's setting (BACKUP_RETENTION_DAYS, unset here: its default).
  expect(text).toContain(`${parseEnv({}).BACKUP_RETENTION_DAYS} days`);
});
