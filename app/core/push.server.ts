// Web Push (decision 035): the outbox's second channel. A push is an outbox row like a mail
// (core/outbox.server.ts), one per subscribed device, queued in the event's transaction and sent
// by the same delivery loop. The `web-push` package composes the request (the payload encrypted to
// the device's keys, RFC 8291 aes128gcm; the VAPID signature, RFC 8292); we send it ourselves,
// through core/outbound.server.ts's guarded agent (decision 042): only public addresses, a connect
// timeout and one deadline, the answer read up to a few KB. A loopback push service in the tests is
// plain http, reached in demo mode only (the address check is off there).
//
// The keys: the operator's (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), or in demo mode a
// pair made once and kept in the database, since every browser's subscription is bound to the
// public key it was made with. Without either, push is off and alerts go by e-mail.
import { createECDH } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { conversationParticipants, pushSubscriptions, vapidKeys } from "../../db/schema.ts";
import { getEnv } from "./env.server.ts";
import { guardedAgent, postBounded, RefusedAddressError } from "./outbound.server.ts";
import { PUSH_ANSWER_BYTES, PUSH_CONNECT_TIMEOUT_MS, PUSH_DEADLINE_MS, PUSH_PER_HOST } from "./outbox-rules.ts";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** Demo mode's VAPID subject: push services want a contact; a demo has none to give. */
const DEMO_SUBJECT = "mailto:demo@tagback.invalid";
type Agent = ReturnType<typeof guardedAgent>;
let agent: Agent | undefined;
/** The push sender's agent: addresses checked everywhere but demo mode (whose push services are on loopback). */
function pushAgent(): Agent {
  agent ??= guardedAgent({
    checkAddresses: !getEnv().demoMode,
    connectTimeoutMs: PUSH_CONNECT_TIMEOUT_MS,
    connectionsPerOrigin: PUSH_PER_HOST,
    maxAnswerBytes: PUSH_ANSWER_BYTES,
  });
  return agent;
}

let demoKeys: VapidKeys | undefined;

type WebPush = typeof import("web-push");
let webPush: Promise<WebPush> | undefined;
/** Imported with the first push, not by every server process at start (it costs ~15 MB of RSS). */
function webPushLibrary(): Promise<WebPush> {
  // A CommonJS package: its exports are the namespace's default under Node, the namespace itself once bundled.
  webPush ??= import("web-push").then((module) => (module as { default?: WebPush }).default ?? module);
  return webPush;
}

/** A P-256 key pair in VAPID's encoding: the public point uncompressed, the private scalar in 32 bytes. */
function newVapidPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const scalar = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString("base64url"),
  };
}

/** The keys pushes are signed with, or null when push is off (production without VAPID_*). */
export function vapidKeysOf(db: Db): VapidKeys | null {
  const env = getEnv();
  if (env.push === "env") return { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: env.VAPID_SUBJECT! };
  if (env.push === "off") return null;
  if (demoKeys) return demoKeys;
  // Insert-or-ignore, then read: two processes starting at once keep the same pair.
  const made = newVapidPair();
  db.insert(vapidKeys).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing().run();
  const row = db.select().from(vapidKeys).where(eq(vapidKeys.id, 1)).get()!;
  demoKeys = { publicKey: row.publicKey, privateKey: row.privateKey, subject: DEMO_SUBJECT };
  return demoKeys;
}

/** Whether this server can push at all (the settings section says so when it cannot). */
export function pushAvailable(): boolean {
  return getEnv().push !== "off";
}

/** What a notification shows, and where a tap goes (a path of this site). */
export type PushNotice = { title: string; body: string; url: string; tag: string };

/** An outbox push row's payload: the notice, for one device, with how the push service should treat it. */
export type PushPayload = PushNotice & {
  subscriptionId: string;
  /** Seconds the push service keeps it for a device that is offline. */
  ttl: number;
  urgency: "normal" | "high";
  /**
   * A conversation's message: not pushed if its recipient has read the conversation since it was
   * sent (they had it open, live: the page marks it read as the message arrives).
   */
  unlessRead?: { userId: string; conversationId: string; since: number };
};

/**
 * How one push ended: "delivered", "read" (its message was read live: not sent), "gone" (the
 * device unsubscribed: its row is deleted), or an error to retry or give up on.
 */
export type PushOutcome = { kind: "delivered" } | { kind: "read" } | { kind: "gone"; error: string } | { kind: "retry"; error: string } | { kind: "refused"; error: string };

/**
 * Sends one push row. Never throws: a network failure, a deadline passed, a 429 or a 5xx is
 * "retry" (and the host's failure: core/outbox.server.ts backs off from it); 404 and 410
 * mean the subscription is no more, and its row is deleted here; another 4xx, a redirect, or an
 * endpoint that leads to an address that is not public is "refused" (sending it again would not
 * help). A subscription already deleted (the owner removed the device) is "gone".
 */
export async function deliverPush(db: Db, payload: PushPayload, now: number): Promise<PushOutcome> {
  const keys = vapidKeysOf(db);
  if (!keys) return { kind: "refused", error: "push is off (no VAPID keys)" };
  const subscription = db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, payload.subscriptionId)).get();
  if (!subscription) return { kind: "gone", error: "the device was removed" };
  if (payload.unlessRead && readSince(db, payload.unlessRead)) return { kind: "read" };
  const { title, body, url, tag } = payload;
  const webpush = await webPushLibrary();
  let request;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify({ title, body, url, tag }),
      { vapidDetails: keys, TTL: payload.ttl, urgency: payload.urgency },
    );
  } catch (error) {
    // Keys a browser would never have made: sending again cannot help.
    return { kind: "refused", error: (error as Error).message };
  }
  let response: { status: number };
  try {
    response = await postBounded(
      request.endpoint,
      { headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])), body: request.body ? new Uint8Array(request.body) : null },
      { agent: pushAgent(), deadlineMs: PUSH_DEADLINE_MS, maxAnswerBytes: PUSH_ANSWER_BYTES },
    );
  } catch (error) {
    // An endpoint that leads inside is not a push service: trying again cannot make it one.
    if (error instanceof RefusedAddressError) return { kind: "refused", error: error.message };
    const cause = (error as Error & { cause?: Error }).cause;
    return { kind: "retry", error: `${(error as Error).message}${cause ? ` (${cause.message})` : ""}`.slice(0, 500) };
  }
  if (response.status >= 200 && response.status < 300) {
    db.update(pushSubscriptions).set({ lastDeliveredAt: new Date(now) }).where(eq(pushSubscriptions.id, subscription.id)).run();
    return { kind: "delivered" };
  }
  const error = `the push service answered ${response.status}`;
  if (response.status === 404 || response.status === 410) {
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id)).run();
    return { kind: "gone", error: `${error}: the device unsubscribed, and was removed` };
  }
  if (response.status === 429 || response.status >= 500) return { kind: "retry", error };
  return { kind: "refused", error };
}

/** Whether the user read the conversation at or after `since` (its read mark, set by opening it). */
function readSince(db: Db, { userId, conversationId, since }: NonNullable<PushPayload["unlessRead"]>): boolean {
  const row = db
    .select({ at: conversationParticipants.lastReadAt })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId), gte(conversationParticipants.lastReadAt, new Date(since))))
    .get();
  return row !== undefined;
}
