// Pushes for new messages in a conversation (decision 033): to each other participant who has a
// device and has not turned them off, queued in the message's transaction. Never by e-mail. A
// message waits LIVE_GRACE_MS before it is pushed, and is not pushed at all if its recipient read
// the conversation meanwhile: someone reading it live is not told again on their phone.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { finderThreads, profiles, pushSubscriptions } from "../../../db/schema";
import { queuePushes, type QueuedPush } from "~/core/outbox.server";
import { pushAvailable } from "~/core/push.server";
import { CONTACT_PUSH, LIVE_GRACE_MS, MESSAGE_PUSH, PREVIEW_CHARS } from "./rules";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The start of a message on one line, for a notification the owner allowed previews in. */
export function preview(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > PREVIEW_CHARS ? `${line.slice(0, PREVIEW_CHARS - 1)}…` : line;
}

export function queueMessagePush(
  tx: Tx,
  message: { id: string; conversationId: string; senderId: string; content: string; createdAt: Date; recipientIds: readonly string[] },
) {
  if (!pushAvailable()) return;
  const { conversationId, senderId } = message;
  const fromFinder = tx
    .select({ id: finderThreads.conversationId })
    .from(finderThreads)
    .where(and(eq(finderThreads.conversationId, conversationId), eq(finderThreads.finderUserId, senderId)))
    .get();
  const pushes: QueuedPush[] = [];
  for (const userId of message.recipientIds) {
    if (userId === senderId) continue;
    const prefs = tx.select({ on: profiles.messagePush, previews: profiles.pushPreviews }).from(profiles).where(eq(profiles.id, userId)).get();
    if (!prefs?.on) continue;
    const devices = tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).all();
    for (const device of devices) {
      pushes.push({
        key: `message:${message.id}:push:${device.id}`,
        kind: "message",
        userId,
        conversationId,
        subscriptionId: device.id,
        ...(fromFinder ? CONTACT_PUSH : MESSAGE_PUSH),
        delayMs: LIVE_GRACE_MS,
        unlessRead: { userId, conversationId, since: message.createdAt.getTime() },
        title: fromFinder ? "The finder wrote to you again" : "New message on Tagback",
        body: prefs.previews ? preview(message.content) : "Tap to read it.",
        url: `/messaging/${conversationId}`,
        // One notification per conversation on the device: a newer message replaces the older.
        tag: `message:${conversationId}`,
      });
    }
  }
  queuePushes(tx, pushes, message.createdAt.getTime());
}
