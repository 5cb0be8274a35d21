// The rules of "I found this" (issue 12): a finder without an account writes to the owner from the
// scan result, and comes back to the thread through a private link. Written once, used by the
// schema, the server modules, the messages of app/i18n/en.ts and hi.ts, docs/finder-contact.md and the tests.
import { EMAIL_MAX_LENGTH } from "../../core/email-address.ts";

/** The first message: at most this many characters after cleaning (a chat reply stays at 160). */
export const FINDER_MESSAGE_MAX = 500;
/** How the finder can be reached: an e-mail address (at most core/email-address.ts's length) or a phone number. */
export const FINDER_CONTACT_MAX = EMAIL_MAX_LENGTH;
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX_DIGITS = 15;
/** "Where I found it", and the place they will leave it when they choose their own. */
export const FOUND_WHERE_MAX = 200;
export const HANDOVER_PLACE_MAX = 120;

/** How the finder will hand the item back (the form offers exactly these). */
export const HANDOVERS = ["keep", "metro_counter", "police", "place"] as const;
export type Handover = (typeof HANDOVERS)[number];

/** A form sent sooner than this after it was shown is a script's, not a person's. */
export const MIN_FILL_SECONDS = 3;
/** A form older than this must be opened again (its sealed time stamp has expired). */
export const FORM_TTL_HOURS = 2;
/** Each form's ticket delivers one message at most, keyed by the ticket's random id. */
export const FORM_TICKET_USE = { name: "finderFormTicket" } as const;

/** Messages sent through the form from one client (IPv4 address or IPv6 /64) in an hour. */
export const FINDER_MESSAGES_PER_CLIENT_PER_HOUR = 5;
/** Messages one owner can receive through the form in a day, from everyone. */
export const FINDER_MESSAGES_PER_OWNER_PER_DAY = 20;
/** Replies on private pages from one client in an hour. */
export const FINDER_REPLIES_PER_CLIENT_PER_HOUR = 60;
/**
 * Private links mailed to one e-mail address in a day (counted on the address's canonical form,
 * core/email-address.ts `mailboxOf`): the form mails whatever address is typed, so without this anyone
 * could flood a stranger's inbox through Tagback.
 */
export const FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY = 3;

const HOUR = 60 * 60;
export const FINDER_MESSAGE_CLIENT_LIMIT = { name: "finderMessagesPerClient", points: FINDER_MESSAGES_PER_CLIENT_PER_HOUR, duration: HOUR } as const;
export const FINDER_MESSAGE_OWNER_LIMIT = { name: "finderMessagesPerOwner", points: FINDER_MESSAGES_PER_OWNER_PER_DAY, duration: 24 * HOUR } as const;
export const FINDER_REPLY_CLIENT_LIMIT = { name: "finderRepliesPerClient", points: FINDER_REPLIES_PER_CLIENT_PER_HOUR, duration: HOUR } as const;
export const FINDER_LINK_MAIL_LIMIT = { name: "finderLinkMailsPerAddress", points: FINDER_LINK_MAILS_PER_ADDRESS_PER_DAY, duration: 24 * HOUR } as const;

/** Random bytes in a private link's secret: 256 bits, base64url (43 characters). */
export const CAPABILITY_BYTES = 32;

/** Scan alerts: at most one an hour per owner; the same client within the hour never alerts. */
export const SCAN_ALERT_INTERVAL_MINUTES = 60;
export const SAME_CLIENT_MINUTES = 60;

/** Live connections one private thread may hold open at once. */
export const FINDER_STREAMS_PER_THREAD = 3;

/** A finder's later messages mail the owner at most once in this many minutes per conversation. */
export const REPLY_ALERT_EVERY_MINUTES = 15;
/** ...and not at all when the owner read the conversation this recently (they are on it). */
export const REPLY_ALERT_QUIET_MINUTES = 2;

// ---- "Share where I am" (issue 49; decision 047) ----

/**
 * A shared position is rounded to a grid of this many degrees before it is stored: 0.0005° is
 * 55 m of latitude and about 49 m of longitude in Delhi (less further north), so what is kept says
 * "about here" (a metro exit, a shop front), never a doorstep. Four decimals at most.
 */
export const LOCATION_GRID_DEGREES = 0.0005;
export const LOCATION_DECIMALS = 4;
/** The accuracy stored is the phone's, in whole metres, never below what the rounding itself adds. */
export const LOCATION_MIN_ACCURACY_M = 50;
/** A fix worse than this (a phone's guess by cell towers across a city) tells the owner nothing: refused. */
export const LOCATION_MAX_ACCURACY_M = 5_000;
/** How long the button waits for the phone's position before it says it could not get one. */
export const LOCATION_TIMEOUT_MS = 20_000;
/** A position the phone already has, up to this old, is answer enough (a fresh GPS fix can take long). */
export const LOCATION_MAX_AGE_MS = 60_000;
