// The live-message hub: in-process publish/subscribe between the request that stores a message and
// the event streams of the people who should see it. Deliberately small (publish, subscribe, a
// count), so that a hub shared between processes or machines — SQLite-backed, or a pub/sub service
// — can stand behind the same interface later (docs/decisions/012-messaging-and-the-live-hub.md).
//
// Topics are strings: `conversation:{id}` carries the messages of one conversation, `user:{id}`
// tells one user that a conversation of theirs changed (the contact list). A listener that throws
// is dropped, so one broken stream never stops the others.

import { broadcast, onBroadcast } from "~/core/cross-process.server";
import type { LiveMessage } from "./live-message";

export type { LiveMessage };

export type LiveEvent =
  | { type: "message"; message: LiveMessage }
  /** Something changed in this conversation of the user's: a message, a new conversation, a deletion. */
  | { type: "activity"; conversationId: string }
  | { type: "deleted"; conversationId: string }
  /** The user's sessions are gone (their account was erased): every stream of theirs ends. */
  | { type: "signed-out" };

export type Listener = (event: LiveEvent) => void;

export interface MessagingHub {
  publish(topic: string, event: LiveEvent): void;
  /** Returns the unsubscribe function; calling it twice is harmless. */
  subscribe(topic: string, listener: Listener): () => void;
  /** Listeners subscribed right now, over all topics (health and leak checks). */
  listenerCount(): number;
}

export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;
export const userTopic = (userId: string) => `user:${userId}`;

export function createHub(): MessagingHub {
  const topics = new Map<string, Set<Listener>>();
  let count = 0;

  function remove(topic: string, listener: Listener) {
    const listeners = topics.get(topic);
    if (!listeners?.delete(listener)) return;
    count -= 1;
    if (listeners.size === 0) topics.delete(topic);
  }

  return {
    publish(topic, event) {
      const listeners = topics.get(topic);
      if (!listeners) return;
      // A copy: a listener may unsubscribe (itself or another) while we deliver.
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          remove(topic, listener);
        }
      }
    },
    subscribe(topic, listener) {
      let listeners = topics.get(topic);
      if (!listeners) topics.set(topic, (listeners = new Set()));
      if (!listeners.has(listener)) {
        listeners.add(listener);
        count += 1;
      }
      return () => remove(topic, listener);
    },
    listenerCount() {
      return count;
    },
  };
}

// One hub per process. On globalThis, so a second copy of this module (the dev server's reloads)
// shares it rather than splitting publishers from subscribers.
const holder = globalThis as typeof globalThis & { __tagbackMessagingHub?: MessagingHub };

/** The relay channel (core/cross-process.server.ts) that carries hub events between workers. */
const RELAY_CHANNEL = "messaging-hub";

/**
 * The process's hub. Publishing goes through the cross-process relay: delivered here at once and,
 * when several workers serve the port (WEB_CONCURRENCY > 1), to the streams held by the others.
 */
export function messagingHub(): MessagingHub {
  if (!holder.__tagbackMessagingHub) {
    const local = createHub();
    onBroadcast(RELAY_CHANNEL, (payload) => {
      const { topic, event } = payload as { topic: string; event: LiveEvent };
      local.publish(topic, event);
    });
    holder.__tagbackMessagingHub = {
      publish: (topic, event) => broadcast(RELAY_CHANNEL, { topic, event }),
      subscribe: local.subscribe,
      listenerCount: local.listenerCount,
    };
  }
  return holder.__tagbackMessagingHub;
}
