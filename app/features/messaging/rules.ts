// The rules of messaging (spec 001 §5 "Messaging", §9; issue 11): written once, used by the
// schemas, the server modules, the messages of app/i18n/en.ts and the tests.
import { METRO_CARD_MAX } from "~/features/owner/rules";
import { TOKEN_LENGTH } from "~/features/stickers/rules";

/** A message is at most this many characters, after tags are stripped and it is trimmed. */
export const MESSAGE_MAX_LENGTH = 160;

/**
 * The search on /messaging: digits only, at least this many. Each lookup by number spends one of
 * the finder's searches of the client (SEARCHES_PER_MINUTE, features/finder/rules.ts).
 */
export const SEARCH_MIN_DIGITS = 6;
/** At most this many digits for a metro card, and for a token. */
export const SEARCH_METRO_MAX_DIGITS = METRO_CARD_MAX;
export const SEARCH_TOKEN_MAX_DIGITS = TOKEN_LENGTH;

/** Messages one user may send in a minute, and new conversations one user may start in a day. */
export const MESSAGES_PER_MINUTE = 30;
export const NEW_CONVERSATIONS_PER_DAY = 20;
/** Those two limits, keyed by user. */
export const MESSAGE_LIMIT = { name: "messagesPerUser", points: MESSAGES_PER_MINUTE, duration: 60 } as const;
export const NEW_CONVERSATION_LIMIT = { name: "newConversationsPerUser", points: NEW_CONVERSATIONS_PER_DAY, duration: 24 * 60 * 60 } as const;

/** Live connections (event streams) one user may hold open at once: a few tabs and phones. */
export const STREAMS_PER_USER = 5;
/** A comment line on every open stream this often, so proxies keep it open (at most 25 s). */
export const HEARTBEAT_SECONDS = 15;
/** Live events one stream passes on in any second; more wait their turn (spec 000 §7, §9). */
export const LIVE_EVENTS_PER_SECOND = 10;
/** How long a browser waits before it reconnects a dropped stream (the `retry:` field). */
export const RECONNECT_MS = 3_000;

/** A conversation page shows its latest this many messages. */
export const MESSAGES_SHOWN = 200;
/** On reconnect (Last-Event-ID) at most this many missed messages are sent again. */
export const REPLAY_MAX = 200;
