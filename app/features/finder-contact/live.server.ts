// The finder's live stream (GET /f/{secret}/events): the same event stream as a chat's
// (core/event-stream.server.ts, the messaging hub, the same wire format as
// features/messaging/live.server.ts, so the page uses the same useLiveUpdates hook), authorised by
// the link instead of a session. It carries the conversation's messages, and on the finder's user
// topic `activity` (the owner read the thread: the read receipt) and `deleted` (the owner closed
// or deleted the thread: the stream ends, the page's link is dead).
import { data } from "react-router";
import type { Db } from "../../../db/connection";
import { NO_STORE } from "~/core/no-store";
import { streamSlots } from "~/core/stream-slots.server";
import { conversationTopic, messagingHub, userTopic, type MessagingHub } from "~/features/messaging/hub.server";
import { liveEventStream, requireEventStreamRequest } from "~/features/messaging/live.server";
import { RECONNECT_MS } from "~/features/messaging/rules";
import { FINDER_STREAMS_PER_THREAD } from "./rules";
import { asFinderSees, threadBySecret, type OwnerFinderThread } from "./threads.server";

/**
 * The owner opened the thread: the finder's page shows the read receipt. Published on the finder's
 * own topic only (no session ever listens there), so no owner page reloads and nothing loops.
 */
export function announceOwnerRead(thread: Pick<OwnerFinderThread, "conversationId" | "finderUserId" | "closed">, hub: MessagingHub = messagingHub()) {
  if (!thread.closed) hub.publish(userTopic(thread.finderUserId), { type: "activity", conversationId: thread.conversationId });
}

/** The owner closed the thread: the finder's open streams end and their page shows the dead link. */
export function announceClosed(conversationId: string, finderUserId: string, hub: MessagingHub = messagingHub()) {
  hub.publish(userTopic(finderUserId), { type: "deleted", conversationId });
}

const threadStreams = streamSlots("finder-thread", FINDER_STREAMS_PER_THREAD);

export async function finderStream(db: Db, request: Request, secret: string): Promise<Response> {
  requireEventStreamRequest(request);
  const thread = await threadBySecret(db, secret);
  if (!thread) throw data("Not Found", { status: 404, headers: NO_STORE });
  // Gone while we checked: take no slot (a stream never started would never give it back).
  if (request.signal.aborted) return new Response(null, { status: 204 });
  if (!threadStreams.take(thread.conversationId)) throw data("Too Many Requests", { status: 429, headers: { "Retry-After": String(RECONNECT_MS / 1000) } });
  const lastEventId = request.headers.get("Last-Event-ID");
  return liveEventStream(
    request,
    {
      db,
      topics: [conversationTopic(thread.conversationId), userTopic(thread.finderUserId)],
      replay: lastEventId ? { conversationId: thread.conversationId, lastEventId } : null,
      // The finder's user topic also says when another of their threads is deleted: only this one ends it.
      accept: (event) => event.type !== "deleted" || event.conversationId === thread.conversationId,
      present: (message) => asFinderSees(thread, message),
    },
    { onClose: () => threadStreams.release(thread.conversationId), headers: NO_STORE },
  );
}
