// What the rest of the app tells the hub, and the event stream a browser reads it from
// (GET /messaging/events and /messaging/{conversationId}/events).
//
// Wire format: `event: message` with the message as JSON and its id as the event id (so a browser
// that reconnects sends Last-Event-ID and gets what it missed); `event: activity` with a
// conversation id (the contact list should refresh); `event: deleted` (the open conversation is
// gone); `event: signed-out` (the user's sessions are gone; the stream ends); `event: ready` once
// the stream is subscribed. A `: ping` comment every HEARTBEAT_SECONDS keeps proxies from closing an idle stream.
import { data, type RouterContextProvider } from "react-router";
import type { Db } from "../../../db/connection";
import { dbContext } from "~/core/context";
import { eventStream, type Send } from "~/core/event-stream.server";
import { streamSlots } from "~/core/stream-slots.server";
import { message } from "~/i18n/messages";
import { userContext } from "~/middleware/session";
import { isParticipant, messagesAfter } from "./conversations.server";
import { conversationTopic, messagingHub, userTopic, type LiveEvent, type LiveMessage, type MessagingHub } from "./hub.server";
import { HEARTBEAT_SECONDS, LIVE_EVENTS_PER_SECOND, RECONNECT_MS, STREAMS_PER_USER } from "./rules";

export function announceMessage(live: LiveMessage, participantIds: string[], hub: MessagingHub = messagingHub()) {
  hub.publish(conversationTopic(live.conversationId), { type: "message", message: live });
  for (const id of participantIds) hub.publish(userTopic(id), { type: "activity", conversationId: live.conversationId });
}

/** A conversation started, or otherwise changed for its participants' contact lists. */
export function announceActivity(conversationId: string, participantIds: string[], hub: MessagingHub = messagingHub()) {
  for (const id of participantIds) hub.publish(userTopic(id), { type: "activity", conversationId });
}

export function announceDeleted(conversationId: string, participantIds: string[], hub: MessagingHub = messagingHub()) {
  hub.publish(conversationTopic(conversationId), { type: "deleted", conversationId });
  announceActivity(conversationId, participantIds, hub);
}

/**
 * Every open stream of this user ends, in every process: a stream checks the session only when it
 * opens, so an erased account's streams would otherwise go on delivering.
 */
export function announceSignedOut(userId: string, hub: MessagingHub = messagingHub()) {
  hub.publish(userTopic(userId), { type: "signed-out" });
}

// Open streams per user, in this process (like the hub itself).
const userStreams = streamSlots("messaging-user", STREAMS_PER_USER);

/** Open streams right now, over all users (the hub's listeners are the other half of a leak check). */
export function openStreamCount(): number {
  return userStreams.total();
}

/**
 * One event on the wire. `seq` (counted per stream) makes each activity event's data new, so a
 * browser that keeps only the latest data of an event name still sees two in a row.
 */
function sendEvent(send: Send, event: LiveEvent, seq: number) {
  switch (event.type) {
    case "message":
      return send({ event: "message", id: event.message.id, data: JSON.stringify(event.message) });
    case "activity":
      return send({ event: "activity", data: JSON.stringify({ conversationId: event.conversationId, seq }) });
    case "deleted":
      return send({ event: "deleted", data: event.conversationId });
    case "signed-out":
      return send({ event: "signed-out", data: "" });
  }
}

/**
 * Only a client that asked for a stream (EventSource always does) gets one that never ends; a page
 * visit or a crawler gets a quick 406 instead.
 */
export function requireEventStreamRequest(request: Request) {
  if (!/\btext\/event-stream\b/i.test(request.headers.get("Accept") ?? "")) {
    throw data("This address is a live event stream: request it with Accept: text/event-stream.", { status: 406 });
  }
}

type Relay = {
  db: Db;
  hub: MessagingHub;
  topics: string[];
  /** The conversation whose messages a reconnect (Last-Event-ID) gets replayed. */
  replay: { conversationId: string; lastEventId: string } | null;
  /** Which events this stream passes on (default: all). */
  accept?: (event: LiveEvent) => boolean;
  /** How this stream shows a message (default: as stored). */
  present?: (message: LiveMessage) => LiveMessage;
};

/**
 * Passes the hub's events on `topics` to one event stream: `ready` once subscribed, then, on a
 * reconnect, the messages the browser missed. Subscribed first, then the replay, so a message
 * stored in between comes twice (the browser merges), never not at all. A `deleted` or
 * `signed-out` event ends the stream. Returns what unsubscribes.
 */
export function relayLiveEvents(send: Send, close: () => void, { db, hub, topics, replay, accept, present }: Relay): () => void {
  let seq = 0;
  const shown = (live: LiveMessage) => (present ? present(live) : live);
  const forward = (event: LiveEvent) => {
    if (accept && !accept(event)) return;
    // A send that fails has closed the stream, and with it unsubscribed this listener.
    sendEvent(send, event.type === "message" ? { ...event, message: shown(event.message) } : event, (seq += 1));
    if (event.type === "deleted" || event.type === "signed-out") close();
  };
  const stops = topics.map((topic) => hub.subscribe(topic, forward));
  // Subscribed: from now on nothing is missed (the page shows it is live).
  send({ event: "ready", data: String(Date.now()) });
  if (replay) {
    messagesAfter(db, replay.conversationId, replay.lastEventId)
      .then((missed) => {
        for (const live of missed) if (!sendEvent(send, { type: "message", message: shown(live) }, (seq += 1))) return;
      })
      .catch((error: unknown) => {
        console.error("replaying missed messages failed", error);
        close();
      });
  }
  return () => {
    for (const stop of stops) stop();
  };
}

type StreamArgs = { request: Request; context: Readonly<RouterContextProvider>; conversationId: string | null };

/**
 * The stream of a signed-in user: their contact list's activity and, with a conversation id, that
 * conversation's messages. A request without `Accept: text/event-stream` gets 406, an anonymous one
 * 401; someone who is not a participant gets 404, exactly as for a conversation that does not
 * exist; more than STREAMS_PER_USER open streams of one user get 429.
 */
export async function messagingStream({ request, context, conversationId }: StreamArgs): Promise<Response> {
  requireEventStreamRequest(request);
  const user = context.get(userContext);
  if (!user) throw data("Sign in to receive messages.", { status: 401 });
  const db = context.get(dbContext);
  if (conversationId !== null && !(await isParticipant(db, user.id, conversationId))) throw data("Not Found", { status: 404 });
  // Gone while we checked: take no slot (a stream never started would never give it back).
  if (request.signal.aborted) return new Response(null, { status: 204 });
  if (!userStreams.take(user.id)) {
    throw data(message("messaging.tooManyStreams").title, { status: 429, headers: { "Retry-After": String(RECONNECT_MS / 1000) } });
  }
  const lastEventId = request.headers.get("Last-Event-ID");
  const topics = [userTopic(user.id)];
  if (conversationId !== null) topics.push(conversationTopic(conversationId));
  return liveEventStream(
    request,
    { db, topics, replay: conversationId !== null && lastEventId ? { conversationId, lastEventId } : null },
    { onClose: () => userStreams.release(user.id) },
  );
}

/**
 * The response of every live stream (chats and finders' threads): this process's hub relayed on
 * `relay.topics`, with the wire options they all share — heartbeat, reconnect delay, the realtime
 * throttle. `onClose` runs once when the stream ends, whatever ends it.
 */
export function liveEventStream(request: Request, relay: Omit<Relay, "hub">, { onClose, headers }: { onClose: () => void; headers?: HeadersInit }): Response {
  return eventStream(
    request.signal,
    (send, close) => {
      const stop = relayLiveEvents(send, close, { ...relay, hub: messagingHub() });
      return () => {
        stop();
        onClose();
      };
    },
    { heartbeatMs: HEARTBEAT_SECONDS * 1000, retryMs: RECONNECT_MS, eventsPerSecond: LIVE_EVENTS_PER_SECOND, headers },
  );
}
