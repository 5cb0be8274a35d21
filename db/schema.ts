// The database schema: the spec's entities (both documents) plus users, sessions and rate limits.
// Column names follow the spec so a reader can map a field to its rule.
import { sql } from "drizzle-orm";
import {
  blob,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date());
const flag = (name: string) =>
  integer(name, { mode: "boolean" }).notNull().default(false);

export const users = sqliteTable("users", {
  id: id(),
  email: text("email").notNull().unique(),
  googleSub: text("google_sub").unique(),
  // Developer mode only: scrypt hash of the e-mail/password account's password.
  passwordHash: text("password_hash"),
  emailConfirmedAt: integer("email_confirmed_at", { mode: "timestamp_ms" }),
  // Hash of the one-time e-mail confirmation secret; the secret itself is only ever in the mail.
  confirmationTokenHash: text("confirmation_token_hash").unique(),
  /**
   * A finder who wrote through "I found this" without an account: a user row only so the thread is
   * an ordinary two-person conversation. Never signs in (no Google id, no password, no session);
   * the e-mail is a made-up placeholder, never mailed. See finder_threads.
   */
  anonymousFinder: flag("anonymous_finder"),
  /**
   * The language of everything Tagback writes to this account (issue 48, decision 048): its mails
   * and pushes, whoever caused them. Set at sign-up from the page's language, changed by the
   * language switch and in Settings. English for the accounts from before it was kept.
   */
  locale: text("locale").notNull().default("en"),
  createdAt: createdAt(),
});

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    // The retention sweep deletes expired sessions by this (core/retention.server.ts).
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

// One profile per user, sharing the user's id (the spec's avatar is "derived from the user id").
// Sign-in codes sent by e-mail (features/account/sign-in-codes.server.ts): the latest pending code
// of an address. Keyed by the address, not a user: the first code of a new address creates the
// account only when it is used. Only an HMAC of the code is kept (keyed with SESSION_SECRET, so a
// copy of the database alone cannot recover a 6-digit code by trying them all); `wrong_tries` counts
// wrong guesses, and at the rule's limit the code is dead. Used or dead rows are deleted; expired
// ones by the retention sweep.
export const signInCodes = sqliteTable(
  "sign_in_codes",
  {
    id: id(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending code per address: a new code replaces the one before (a unique index, so two
    // requests at once cannot leave two live codes).
    uniqueIndex("sign_in_codes_email_idx").on(t.email),
    index("sign_in_codes_expires_at_idx").on(t.expiresAt),
  ],
);

// Passkeys (WebAuthn credentials, features/account/passkeys.server.ts): a passkey belongs to the
// account that registered it and goes with it. `id` is the credential id (base64url) the
// authenticator gives; the public key verifies its signatures; `counter` is the signature counter
// last seen (a counter that goes back means a cloned authenticator and is refused). `name` is the
// device it was added on, as its browser said (for the owner's list); nothing else about the device.
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: blob("public_key", { mode: "buffer" }).notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports"),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

// WebAuthn challenges, kept on the server: each is used once (deleted when a response comes back)
// and lives a few minutes (expired ones are swept). A registration's challenge names its account.
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("webauthn_challenges_expires_at_idx").on(t.expiresAt)],
);

export const profiles = sqliteTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name"),
  lastName: text("last_name"),
  photoUrl: text("photo_url"),
  xUsername: text("x_username"),
  bio: text("bio"),
  maskBio: flag("mask_bio"),
  metroCardNumber: text("metro_card_number").unique(),
  mobileNumber: text("mobile_number"),
  showEmail: flag("show_email"),
  showMobile: flag("show_mobile"),
  socialSms: text("social_sms"),
  socialCall: text("social_call"),
  socialTelegram: text("social_telegram"),
  socialWhatsapp: text("social_whatsapp"),
  useSocialIcons: flag("use_social_icons"),
  // The 'use mobile number for all socials' switch, remembered so later mobile edits follow it.
  useMobileForSocials: flag("use_mobile_for_socials"),
  /** Human searches only; bots and link previews are counted in botSearches instead. */
  totalSearches: integer("total_searches").notNull().default(0),
  botSearches: integer("bot_searches").notNull().default(0),
  /** A second address that also receives contact alerts (for when the lost item is the phone). */
  backupEmail: text("backup_email"),
  /** Opt-in: an e-mail when a person opens the profile by scan or search (at most one an hour). */
  scanAlerts: flag("scan_alerts"),
  lastScanAlertAt: integer("last_scan_alert_at", { mode: "timestamp_ms" }),
  /** The owner's line on their lock-screen cards (/token); null: the default line. */
  lockScreenLine: text("lock_screen_line"),
  /**
   * How a finder's message and a scan alert reach the owner (decision 033): "email", "push" or
   * "both"; null until the owner chooses: e-mail alone while no device is subscribed, both once one
   * is. Push without a device falls back to e-mail, so no alert is owed to nowhere.
   */
  contactChannels: text("contact_channels", { enum: ["email", "push", "both"] }),
  scanChannels: text("scan_channels", { enum: ["email", "push", "both"] }),
  /** Opt-in: a push notification shows the finder's words (a lock screen is public). */
  pushPreviews: flag("push_previews"),
  /** A push for each new message in the owner's conversations (never by e-mail); on unless turned off. */
  messagePush: integer("message_push", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

// A batch of stickers minted together (CLI or admin page): what an inventory lists and a sheet prints.
// A batch minted from the admin page is a background job (features/stickers/mint-job.server.ts):
// `minting` while its passwords are hashed and its tokens written, then `done` (or `failed`).
export const mintBatches = sqliteTable(
  "mint_batches",
  {
    id: id(),
    count: integer("count").notNull(),
    /** The admin who minted it from the page; null for the operator CLI. */
    mintedBy: text("minted_by").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["minting", "done", "failed"] }).notNull().default("done"),
    /** Stickers prepared so far, for the progress bar (equals `count` once done). */
    progress: integer("progress").notNull().default(0),
    /** The mint form's idempotency key: a form submitted twice mints one batch. */
    requestKey: text("request_key"),
    /**
     * The new tokens' passwords as CSV, sealed (AES-GCM, a key derived from SESSION_SECRET) until
     * the admin downloads them once; then, or an hour after the batch is done, set back to null.
     */
    sealedPasswords: blob("sealed_passwords", { mode: "buffer" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("mint_batches_request_key_idx").on(t.mintedBy, t.requestKey)],
);

/**
 * A mint's passwords while it runs, one row per slice of tokens written (mint-job.server.ts): sealed
 * like `mint_batches.sealed_passwords`, written in the slice's own transaction, so a mint a stop cut
 * short resumes where it stopped. When the batch is done they become its one sealed CSV and go.
 */
export const mintSlices = sqliteTable(
  "mint_slices",
  {
    batchId: text("batch_id")
      .notNull()
      .references(() => mintBatches.id, { onDelete: "cascade" }),
    /** The slice's first position in the batch (0, 25, 50, …). */
    start: integer("start").notNull(),
    /** Its `token,password,url` lines (no header), sealed. */
    sealedPasswords: blob("sealed_passwords", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.start] })],
);

export const tagbackTokens = sqliteTable(
  "tagback_tokens",
  {
    id: id(),
    token: text("token").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    isClaimed: flag("is_claimed"),
    isVerified: flag("is_verified"),
    /** The batch it was minted in; null for tokens minted before batches were kept. */
    batchId: text("batch_id").references(() => mintBatches.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("tagback_tokens_user_id_idx").on(t.userId, t.createdAt),
    index("tagback_tokens_batch_id_idx").on(t.batchId),
    check("tagback_tokens_token_12_digits", sql`length(${t.token}) = 12 AND ${t.token} NOT GLOB '*[^0-9]*'`),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("products_user_id_idx").on(t.userId, t.createdAt)],
);

export const searchHistory = sqliteTable(
  "search_history",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    searchType: text("search_type", { enum: ["metro_card", "tagback_token"] }).notNull(),
    searchValue: text("search_value").notNull(),
    searchedAt: integer("searched_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    city: text("city"),
    region: text("region"),
    country: text("country"),
    address: text("address"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    /** What the visit was: a view, or a view that went on to message the owner. */
    kind: text("kind", { enum: ["viewed", "messaged"] })
      .notNull()
      .default("viewed"),
    /**
     * The client's limit key (core/client-key.ts: an IPv4 address or an IPv6 /64): a reload by the
     * same client within the hour is not a new alert. Emptied once that hour is over (server/retention.ts).
     */
    clientKey: text("client_key"),
  },
  (t) => [
    index("search_history_user_id_idx").on(t.userId, t.searchedAt),
    index("search_history_client_idx").on(t.userId, t.clientKey, t.searchedAt),
    // Only the last hour's rows hold a client key: the sweep that empties it finds them here.
    index("search_history_client_kept_idx").on(t.searchedAt).where(sql`${t.clientKey} is not null`),
  ],
);

export const lostItems = sqliteTable(
  "lost_items",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["metro", "product"] }).notNull(),
    name: text("name").notNull(),
    identifier: text("identifier").notNull(),
    dateLost: text("date_lost").notNull(),
    status: text("status", { enum: ["pending", "recovered"] })
      .notNull()
      .default("pending"),
    /** Lost mode: what the owner tells a finder who scans the item while it is pending. */
    message: text("message"),
    reward: text("reward"),
    createdAt: createdAt(),
  },
  (t) => [
    index("lost_items_user_id_idx").on(t.userId, t.createdAt),
    // One pending report per item: the database refuses a second one, not only a check before insert.
    uniqueIndex("lost_items_one_pending_idx")
      .on(t.userId, t.type, t.identifier)
      .where(sql`${t.status} = 'pending'`),
    index("lost_items_identifier_idx").on(t.identifier, t.status),
  ],
);

export const conversations = sqliteTable("conversations", {
  id: id(),
  /**
   * The two participants' user ids, sorted and joined with ':'. Unique, so two simultaneous
   * first contacts between the same pair end in one conversation (insert … on conflict).
   */
  pairKey: text("pair_key").unique(),
  createdAt: createdAt(),
});

export const conversationParticipants = sqliteTable(
  "conversation_participants",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** When this participant last opened the conversation: unread counts are messages after it. */
    lastReadAt: integer("last_read_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_id_idx").on(t.userId),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: text("content").notNull(),
    /** The send form's idempotency key: a form submitted twice stores its text once. */
    clientKey: text("client_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_id_idx").on(t.conversationId, t.createdAt),
    uniqueIndex("messages_client_key_idx").on(t.senderId, t.clientKey),
  ],
);

// An "I found this" thread: a conversation between the owner and an anonymous finder (a users row
// with anonymous_finder set). The finder reaches it through a capability link; only the SHA-256 of
// the link's secret is stored. Closing the thread (closed_at) ends the link.
export const finderThreads = sqliteTable(
  "finder_threads",
  {
    conversationId: text("conversation_id")
      .primaryKey()
      .references(() => conversations.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    finderUserId: text("finder_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    capabilityHash: text("capability_hash").notNull().unique(),
    /** How the finder can be reached (e-mail or phone); shown to the owner only. */
    contact: text("contact"),
    foundWhere: text("found_where"),
    handover: text("handover", { enum: ["keep", "metro_counter", "police", "place"] }).notNull(),
    handoverPlace: text("handover_place"),
    /** The number the finder searched: which item this is about. */
    itemType: text("item_type", { enum: ["metro_card", "tagback_token"] }).notNull(),
    itemValue: text("item_value").notNull(),
    /**
     * The language the finder last wrote in (a locale of app/core/locale.ts): the owner's answers
     * are mailed to them in it. Null for threads from before it was kept (English then).
     */
    locale: text("locale"),
    closedAt: integer("closed_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    /**
     * Where the finder is, when they chose to share it (issue 49): rounded to a grid of about 50 m
     * (at most 4 decimals, features/finder-contact/finder-location.ts) before it is stored, with
     * the phone's accuracy in metres (never below the rounding). Null when not shared or withdrawn.
     */
    latitude: real("latitude"),
    longitude: real("longitude"),
    locationAccuracy: integer("location_accuracy"),
    locationSharedAt: integer("location_shared_at", { mode: "timestamp_ms" }),
    /** The finder's scan this thread came from (or its first message without one): where the way home starts. */
    scannedAt: integer("scanned_at", { mode: "timestamp_ms" }),
    /**
     * The owner marked the item returned (features/returns/): the thread takes no new messages, the
     * finder's page says so; undone within a day it is open again. `return_note` is the owner's
     * thank-you line; `returned_lost_item_id` the lost report the return ended (pending again on undo).
     */
    returnedAt: integer("returned_at", { mode: "timestamp_ms" }),
    returnNote: text("return_note"),
    returnedLostItemId: text("returned_lost_item_id"),
  },
  (t) => [index("finder_threads_owner_id_idx").on(t.ownerId, t.createdAt)],
);

// The way home, counted (issue 49, features/returns/funnel.server.ts): per week (from Monday, India
// time), how many scans by people became messages, hand-overs and returns. Only counts: nothing in
// these tables names an owner, a finder or an item, so they outlive the threads and accounts they
// counted (an erased account's return stays a number).
export const returnFunnelWeeks = sqliteTable("return_funnel_weeks", {
  /** The week's Monday in India time, "2026-11-23". */
  week: text("week").primaryKey(),
  scans: integer("scans").notNull().default(0),
  messaged: integer("messaged").notNull().default(0),
  handovers: integer("handovers").notNull().default(0),
  returned: integer("returned").notNull().default(0),
});

/** One row per return: the seconds from the finder's scan to "I got it back", for the week's median. */
export const returnTimes = sqliteTable(
  "return_times",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    week: text("week").notNull(),
    seconds: integer("seconds").notNull(),
  },
  (t) => [index("return_times_week_idx").on(t.week, t.seconds)],
);

// Settings an admin changes on a page rather than through the environment (issue 49: the landing
// page's count of returns is shown from this many on). One row per setting.
export const siteSettings = sqliteTable("site_settings", {
  name: text("name").primaryKey(),
  value: integer("value"),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

export const adminUsers = sqliteTable("admin_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

// Every admin lookup of an owner (spec 001 §2 "Admin panel"): who looked up what, when, and whether
// it found someone. Append-only: the app only inserts and reads, and a trigger (migration 0005)
// refuses updates, but one: an erased admin's id and e-mail become a pseudonym. The admin is kept by
// id and e-mail, not as a foreign key, so the trail outlives the admin's account.
export const adminLookups = sqliteTable(
  "admin_lookups",
  {
    id: id(),
    adminUserId: text("admin_user_id").notNull(),
    adminEmail: text("admin_email").notNull(),
    kind: text("kind", { enum: ["token", "metrocard"] }).notNull(),
    value: text("value").notNull(),
    found: flag("found"),
    lookedUpAt: integer("looked_up_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [index("admin_lookups_looked_up_at_idx").on(t.lookedUpAt)],
);

export const demoLocations = sqliteTable("demo_locations", {
  // Stored lower-cased (spec: admin demo management).
  locationName: text("location_name").primaryKey(),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .$defaultFn(() => new Date()),
});

export const demoSearchLogs = sqliteTable(
  "demo_search_logs",
  {
    id: id(),
    demoLocation: text("demo_location")
      .notNull()
      .references(() => demoLocations.locationName, { onDelete: "cascade" }),
    searchedAt: integer("searched_at", { mode: "timestamp_ms" })
      .notNull()
      .$defaultFn(() => new Date()),
    ipAddress: text("ip_address"),
  },
  (t) => [
    index("demo_search_logs_location_idx").on(t.demoLocation, t.searchedAt),
    // The retention sweep deletes old demo logs by this (core/retention.server.ts).
    index("demo_search_logs_searched_at_idx").on(t.searchedAt),
  ],
);

// The table rate-limiter-flexible's SQLite store reads and writes (its own shape). Expired rows are
// deleted in small batches by the retention sweep, found through the index on `expire`.
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    expire: integer("expire"),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);


// The outbox (decision 032): every notification the service owes someone, written in the same
// transaction as the event that causes it, then delivered by one loop off the request path
// (app/core/outbox.server.ts). A row is one event × recipient × channel; `key` names it, so an
// event cannot be queued twice. What was not marked delivered is sent again after a restart.
export const outbox = sqliteTable(
  "outbox",
  {
    /** Also the mail's Message-ID: a copy sent again after a kill folds into the first. */
    id: id(),
    key: text("key").notNull().unique(),
    /**
     * What it tells: "contact" is a finder's first message only (what the finder's page asks
     * about: "the owner was notified at …"), "finder_reply" a finder's later message mailed to the
     * owner, "owner_answer" the owner's answer mailed to the finder, "finder_link" the finder's
     * private link, "finder_returned" the finder's "returned to its owner", "message" a conversation's push.
     */
    kind: text("kind", { enum: ["contact", "finder_reply", "owner_answer", "finder_link", "finder_returned", "scan", "account", "message"] }).notNull(),
    channel: text("channel", { enum: ["email", "push"] }).notNull(),
    /** The account it is for: deleting the account deletes what is still owed to it. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The conversation it tells of, for the finder's "the owner was notified at …". */
    conversationId: text("conversation_id"),
    /**
     * The mail as composed at the event ({ to, subject, text }), or a push's notification
     * ({ subscriptionId, title, body, url, … }); emptied once settled.
     */
    payload: text("payload"),
    state: text("state", { enum: ["pending", "delivered", "failed", "off"] })
      .notNull()
      .default("pending"),
    createdAt: integer("created_at").notNull(),
    /** When the next try is due (milliseconds since the epoch). */
    dueAt: integer("due_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When it was delivered, given up, or set aside (MAIL_DELIVERY=off): the retention sweep's clock. */
    settledAt: integer("settled_at"),
    /**
     * The lane that delivers it (decision 042), each with its own concurrency: "urgent" (a mail
     * someone waits for on a screen: a sign-in code), "mail" (every other mail), "push".
     */
    lane: text("lane", { enum: ["urgent", "mail", "push"] })
      .notNull()
      .default("mail"),
    /** A push's destination, the push service's host (with its port): its per-host cap and backoff. */
    destination: text("destination"),
    /** When the try in flight began (set before the send, cleared with its outcome); null between tries. */
    tryingSince: integer("trying_since"),
    /** Tries begun and never finished (the process died in the send): parked as failed at a few. */
    interruptions: integer("interruptions").notNull().default(0),
  },
  (t) => [
    index("outbox_lane_due_idx").on(t.lane, t.dueAt).where(sql`${t.state} = 'pending'`),
    index("outbox_settled_idx").on(t.settledAt),
    index("outbox_user_idx").on(t.userId, t.state),
    index("outbox_conversation_idx").on(t.conversationId),
  ],
);

// A device that turned on "Notify me on this device" in /settings (decision 033): its browser's push
// subscription. The endpoint is the push service's URL for that browser (unique: a browser signed in
// to another account moves to it); p256dh and auth are the keys a payload is encrypted to. A push
// service answering 404 or 410 deletes the row (app/core/push.server.ts).
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** What the owner recognises it by: browser and system, from the User-Agent at subscription. */
    deviceLabel: text("device_label").notNull(),
    createdAt: createdAt(),
    lastDeliveredAt: integer("last_delivered_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

// Demo mode's VAPID key pair (decision 033), made once and kept here so the browsers' subscriptions
// (bound to the public key) survive a restart. Production takes its keys from the environment and
// never writes this table.
export const vapidKeys = sqliteTable("vapid_keys", {
  id: integer("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: createdAt(),
});
