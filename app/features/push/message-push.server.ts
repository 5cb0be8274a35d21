// Pushes for new messages in a conversation (decision 035): to each other participant's devices,
// queued in the message's transaction. A finder's reply follows the owner's choice for a finder's
// messages; another owner's message is pushed unless turned off, never e-mailed. A
// message waits LIVE_GRACE_MS before it is pushed, and is not pushed at all if its recipient read
// the conversation meanwhile: someone reading it live is not told again on their phone. Each in
// its recipient's language, the account's (decision 048), whoever wrote the message.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { finderThreads, profiles, pushSubscriptions } from "../../../db/schema";
import { queuePushes, type QueuedPush } from "~/core/outbox.server";
import { pushAvailable } from "~/core/push.server";
import { accountLocaleOf } from "~/features/account/account-locale.server";
import { alertTargets } from "./devices.server";
import { messagePush } from "./owner-push";
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
    if (!prefs) continue;
    // A finder's reply goes as the owner chose for a finder's messages (push, e-mail or both: its
    // mail is queued by features/finder-contact); another owner's message by push if left on.
    const deviceIds = fromFinder
      ? alertTargets(tx, userId, "contact").deviceIds
      : prefs.on
        ? tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).all().map((device) => device.id)
        : [];
    if (deviceIds.length === 0) continue;
    const text = messagePush({ fromFinder: Boolean(fromFinder), preview: prefs.previews ? preview(message.content) : null }, accountLocaleOf(tx, userId));
    for (const deviceId of deviceIds) {
      pushes.push({
        key: `message:${message.id}:push:${deviceId}`,
        kind: "message",
        userId,
        conversationId,
        subscriptionId: deviceId,
        ...(fromFinder ? CONTACT_PUSH : MESSAGE_PUSH),
        delayMs: LIVE_GRACE_MS,
        unlessRead: { userId, conversationId, since: message.createdAt.getTime() },
        ...text,
        url: `/messaging/${conversationId}`,
        // One notification per conversation on the device: a newer message replaces the older.
        tag: `message:${conversationId}`,
      });
    }
  }
  queuePushes(tx, pushes, message.createdAt.getTime());
}
