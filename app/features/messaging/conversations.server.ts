// Messaging data: conversations between two users, their participants and messages (spec 001 §3,
// §4, §7). Every function takes the database first and the acting user's id, and touches only
// conversations that user takes part in: a foreign or made-up conversation id reads as "none".
//
// One conversation per pair of users is the database's doing: conversations.pair_key (the two ids
// sorted, joined with ':') is unique, and a start inserts with ON CONFLICT DO NOTHING, so two
// simultaneous first contacts end in one conversation. A message form's idempotency key is unique
// per sender (messages.client_key), so a form posted twice stores its text once.
import { and, asc, desc, eq, gt, gte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { conversationParticipants, conversations, messages, profiles, tagbackTokens, users } from "../../../db/schema";
import { preparedPerConnection, prepareSqlQuery } from "~/core/prepared.server";
import { consume } from "~/core/rate-limit.server";
import { istTime } from "~/core/india-time";
import { avatarDataUri } from "~/features/finder/avatar";
import { SEARCH_LIMIT } from "~/features/finder/rules";
import type { MessageKey } from "~/i18n/messages";
import type { LiveMessage } from "./hub.server";
import { messageProblem, type MessagingSearch } from "./message-input";
import { MESSAGE_LIMIT, MESSAGES_SHOWN, NEW_CONVERSATION_LIMIT, REPLAY_MAX } from "./rules";
import { queueMessagePush } from "~/features/push/message-push.server";

/** The key of a pair of users, whichever of them starts. */
export function pairKeyOf(userA: string, userB: string): string {
  return [userA, userB].sort().join(":");
}

/** Someone as the contact list and the chat header show them: never an e-mail or a number. */
export type Person = { id: string | null; name: string; avatarUrl: string };

function displayName(first: string | null, last: string | null) {
  return [first, last].filter(Boolean).join(" ").trim() || "Tagback user";
}

function person(id: string | null, first: string | null, last: string | null, photoUrl: string | null): Person {
  if (!id) return { id: null, name: "Deleted user", avatarUrl: avatarDataUri("deleted") };
  return { id, name: displayName(first, last), avatarUrl: photoUrl || avatarDataUri(id) };
}

// ---------------------------------------------------------------------------------------------
// People

/** A user as a contact, or null when there is no such user. */
export async function personOf(db: Db, userId: string): Promise<Person | null> {
  const row = await db
    .select({ id: users.id, firstName: profiles.firstName, lastName: profiles.lastName, photoUrl: profiles.photoUrl })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    // An anonymous finder ("I found this", features/finder-contact/) is nobody one can look up.
    .where(and(eq(users.id, userId), eq(users.anonymousFinder, false)))
    .get();
  return row ? person(row.id, row.firstName, row.lastName, row.photoUrl) : null;
}

/** A lookup by number: whom it found (null: nobody), or refused by the search limit. */
export type NumberLookup = { refused: false; person: Person | null } | { refused: true; retryAfterSeconds: number };

/**
 * The user behind a metro card or a token, by its exact number (no prefix search: a number is the
 * finder's proof of holding the thing). Tokens count only when verified, as in the finder search.
 * Each lookup spends one of the finder's searches of this client (the same limit and key): a name
 * for a number is what the finder search gives, and signing in must not lift its limit.
 */
export async function findUserByNumber(db: Db, search: MessagingSearch, clientKey: string): Promise<NumberLookup> {
  const { allowed, retryAfterSeconds } = await consume(db, SEARCH_LIMIT, clientKey);
  if (!allowed) return { refused: true, retryAfterSeconds };
  const row =
    search.type === "metrocard"
      ? await db
          .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName, photoUrl: profiles.photoUrl })
          .from(profiles)
          .where(eq(profiles.metroCardNumber, search.number))
          .get()
      : await db
          .select({ id: profiles.id, firstName: profiles.firstName, lastName: profiles.lastName, photoUrl: profiles.photoUrl })
          .from(tagbackTokens)
          .innerJoin(profiles, eq(profiles.id, tagbackTokens.userId))
          .where(and(eq(tagbackTokens.token, search.number), eq(tagbackTokens.isVerified, true)))
          .get();
  return { refused: false, person: row ? person(row.id, row.firstName, row.lastName, row.photoUrl) : null };
}

// ---------------------------------------------------------------------------------------------
// Conversations

export type StartOutcome =
  | { ok: true; conversationId: string; created: boolean }
  | { ok: false; reason: "self" | "unknown-user" | "limit" };

/** The conversation between two users, if they have one. */
export async function conversationBetween(db: Db, userA: string, userB: string): Promise<string | null> {
  const row = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, pairKeyOf(userA, userB))).get();
  return row?.id ?? null;
}

/**
 * Opens the conversation of `userId` with `otherId`: the one they have, or a new one with both as
 * participants. A new one counts against the starter's daily limit; reusing one does not.
 */
export async function startConversation(db: Db, userId: string, otherId: string): Promise<StartOutcome> {
  if (userId === otherId) return { ok: false, reason: "self" };
  // Nobody starts a conversation with an anonymous finder: only their own "I found this" thread exists.
  const other = await db.select({ id: users.id }).from(users).where(and(eq(users.id, otherId), eq(users.anonymousFinder, false))).get();
  if (!other) return { ok: false, reason: "unknown-user" };
  const existing = await conversationBetween(db, userId, otherId);
  if (existing) return { ok: true, conversationId: existing, created: false };
  const { allowed } = await consume(db, NEW_CONVERSATION_LIMIT, userId);
  if (!allowed) return { ok: false, reason: "limit" };
  const pairKey = pairKeyOf(userId, otherId);
  const created = db.transaction((tx) => {
    const row = tx
      .insert(conversations)
      .values({ pairKey })
      .onConflictDoNothing({ target: conversations.pairKey })
      .returning({ id: conversations.id })
      .get();
    if (!row) return null;
    tx.insert(conversationParticipants)
      .values([
        { conversationId: row.id, userId },
        { conversationId: row.id, userId: otherId },
      ])
      .run();
    return row.id;
  });
  if (created) return { ok: true, conversationId: created, created: true };
  // The other user (or this one, in another tab) started it a moment earlier: theirs is the one.
  const winner = await conversationBetween(db, userId, otherId);
  return winner ? { ok: true, conversationId: winner, created: false } : { ok: false, reason: "unknown-user" };
}

export async function isParticipant(db: Db, userId: string, conversationId: string): Promise<boolean> {
  const row = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
    .get();
  return Boolean(row);
}

export async function participantIdsOf(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, conversationId))
    .all();
  return rows.map((row) => row.userId);
}

export type OpenConversation = { id: string; other: Person };

/** The conversation, seen by one of its participants; null for anyone else or an unknown id. */
export async function conversationFor(db: Db, userId: string, conversationId: string): Promise<OpenConversation | null> {
  if (!(await isParticipant(db, userId, conversationId))) return null;
  const other = await db
    .select({
      id: conversationParticipants.userId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      photoUrl: profiles.photoUrl,
    })
    .from(conversationParticipants)
    .leftJoin(profiles, eq(profiles.id, conversationParticipants.userId))
    .where(and(eq(conversationParticipants.conversationId, conversationId), ne(conversationParticipants.userId, userId)))
    .get();
  return { id: conversationId, other: person(other?.id ?? null, other?.firstName ?? null, other?.lastName ?? null, other?.photoUrl ?? null) };
}

export type ConversationSummary = {
  id: string;
  other: Person;
  lastMessage: { content: string; senderId: string; createdAt: Date } | null;
  /** Messages from the other participant since this user last opened the conversation. */
  unread: number;
  /** The last message's time, or when the conversation started. */
  updatedAt: Date;
};

type SummaryRow = {
  id: string;
  createdAt: number;
  otherId: string | null;
  firstName: string | null;
  lastName: string | null;
  photoUrl: string | null;
  lastContent: string | null;
  lastSenderId: string | null;
  lastAt: number | null;
  unread: number;
};

// The last message by (created_at, rowid): two messages in one millisecond keep their order.
const lastMessage = (column: string) =>
  sql.raw(`(select m.${column} from messages m where m.conversation_id = c.id order by m.created_at desc, m.rowid desc limit 1)`);

// /messaging lists them on every page: prepared once per connection (core/prepared.server.ts).
const conversationListOf = preparedPerConnection((db) =>
  prepareSqlQuery<SummaryRow>(
    db,
    sql`
    select c.id as id, c.created_at as createdAt,
      other.user_id as otherId, p.first_name as firstName, p.last_name as lastName, p.photo_url as photoUrl,
      ${lastMessage("content")} as lastContent, ${lastMessage("sender_id")} as lastSenderId, ${lastMessage("created_at")} as lastAt,
      (select count(*) from messages m
        where m.conversation_id = c.id and m.sender_id <> mine.user_id
          and m.created_at > coalesce(mine.last_read_at, 0)) as unread
    from ${conversationParticipants} mine
    join ${conversations} c on c.id = mine.conversation_id
    left join ${conversationParticipants} other on other.conversation_id = c.id and other.user_id <> mine.user_id
    left join ${profiles} p on p.id = other.user_id
    where mine.user_id = ${sql.placeholder("userId")}
    order by coalesce(lastAt, c.created_at) desc, c.id`,
  ),
);

/** The user's conversations, latest activity first: the contact list. */
export async function listConversations(db: Db, userId: string): Promise<ConversationSummary[]> {
  const rows = conversationListOf(db).all({ userId });
  return rows.map((row) => ({
    id: row.id,
    other: person(row.otherId, row.firstName, row.lastName, row.photoUrl),
    lastMessage:
      row.lastContent !== null && row.lastSenderId !== null && row.lastAt !== null
        ? { content: row.lastContent, senderId: row.lastSenderId, createdAt: new Date(row.lastAt) }
        : null,
    unread: Number(row.unread),
    updatedAt: new Date(row.lastAt ?? row.createdAt),
  }));
}

/** The user has read the conversation up to now (unread counts start again from here). */
export async function markRead(db: Db, userId: string, conversationId: string): Promise<void> {
  await db
    .update(conversationParticipants)
    .set({ lastReadAt: new Date() })
    .where(and(eq(conversationParticipants.conversationId, conversationId), eq(conversationParticipants.userId, userId)))
    .run();
}

/**
 * Deletes the conversation with its messages and participants, in one transaction (messages, then
 * participants, then the conversation, as the spec orders it). False, and nothing deleted, when
 * the user is not a participant. Returns who took part, to tell their open pages.
 */
export async function deleteConversation(db: Db, userId: string, conversationId: string): Promise<{ ok: true; participantIds: string[] } | { ok: false }> {
  return db.transaction((tx) => {
    const participants = tx
      .select({ userId: conversationParticipants.userId })
      .from(conversationParticipants)
      .where(eq(conversationParticipants.conversationId, conversationId))
      .all()
      .map((row) => row.userId);
    if (!participants.includes(userId)) return { ok: false } as const;
    tx.delete(messages).where(eq(messages.conversationId, conversationId)).run();
    tx.delete(conversationParticipants).where(eq(conversationParticipants.conversationId, conversationId)).run();
    tx.delete(conversations).where(eq(conversations.id, conversationId)).run();
    return { ok: true, participantIds: participants } as const;
  });
}

// ---------------------------------------------------------------------------------------------
// Messages

type MessageRow = { id: string; conversationId: string; senderId: string; content: string; createdAt: Date };

export function toLiveMessage(row: MessageRow): LiveMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    time: istTime(row.createdAt),
  };
}

const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  content: messages.content,
  createdAt: messages.createdAt,
};
const rowid = sql`"messages"."rowid"`;

/** The latest `limit` messages of a conversation, oldest first. The caller checked the reader is a participant. */
export async function readMessages(db: Db, conversationId: string, limit = MESSAGES_SHOWN): Promise<LiveMessage[]> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.createdAt), desc(rowid))
    .limit(limit)
    .all();
  return rows.reverse().map(toLiveMessage);
}

/**
 * What a reconnecting stream missed: the messages after `lastMessageId` (the Last-Event-ID),
 * oldest first. Messages of the same millisecond may come again; browsers drop what they have.
 * An id that is not a message of this conversation gives nothing.
 */
export async function messagesAfter(db: Db, conversationId: string, lastMessageId: string, limit = REPLAY_MAX): Promise<LiveMessage[]> {
  const seen = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.id, lastMessageId), eq(messages.conversationId, conversationId)))
    .get();
  if (!seen) return [];
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        or(gt(messages.createdAt, seen.createdAt), and(gte(messages.createdAt, seen.createdAt), ne(messages.id, lastMessageId))),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(rowid))
    .limit(limit)
    .all();
  return rows.map(toLiveMessage);
}

export type SendOutcome =
  | { ok: true; message: LiveMessage; duplicate: boolean; participantIds: string[] }
  | { ok: false; reason: "not-participant" | "limit" | "invalid"; problem?: MessageKey };

/**
 * Stores a message from `senderId`. The text must already be cleaned (cleanMessage) and is checked
 * again here. A `clientKey` the sender used before returns that message (a form posted twice),
 * without storing or counting anything.
 */
export async function sendMessage(
  db: Db,
  input: { conversationId: string; senderId: string; content: string; clientKey?: string },
  /** Runs in the message's transaction when it is stored (not for a duplicate): the mails it owes. */
  notify: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], message: LiveMessage) => void = () => {},
): Promise<SendOutcome> {
  const { conversationId, senderId, content, clientKey } = input;
  const participantIds = await participantIdsOf(db, conversationId);
  if (!participantIds.includes(senderId)) return { ok: false, reason: "not-participant" };
  const problem = messageProblem(content);
  if (problem || content !== content.trim()) return { ok: false, reason: "invalid", problem: problem ?? "messaging.sendFailed" };
  const earlier = clientKey ? await sentWithKey(db, senderId, clientKey) : null;
  if (earlier) return { ok: true, message: toLiveMessage(earlier), duplicate: true, participantIds };
  const { allowed } = await consume(db, MESSAGE_LIMIT, senderId);
  if (!allowed) return { ok: false, reason: "limit" };
  // The message with what it owes, in one transaction: the caller's mails (notify) and pushes to
  // its other participants (decision 035).
  const row = db.transaction((tx) => {
    const stored = tx
      .insert(messages)
      .values({ conversationId, senderId, content, clientKey: clientKey ?? null, createdAt: new Date() })
      .onConflictDoNothing({ target: [messages.senderId, messages.clientKey] })
      .returning(messageColumns)
      .get();
    if (stored) {
      notify(tx, toLiveMessage(stored));
      queueMessagePush(tx, { ...stored, recipientIds: participantIds });
    }
    return stored;
  });
  if (row) return { ok: true, message: toLiveMessage(row), duplicate: false, participantIds };
  // The same form's other post won the insert a moment ago.
  const winner = clientKey ? await sentWithKey(db, senderId, clientKey) : null;
  return winner ? { ok: true, message: toLiveMessage(winner), duplicate: true, participantIds } : { ok: false, reason: "invalid" };
}

async function sentWithKey(db: Db, senderId: string, clientKey: string) {
  return (
    (await db
      .select(messageColumns)
      .from(messages)
      .where(and(eq(messages.senderId, senderId), eq(messages.clientKey, clientKey)))
      .get()) ?? null
  );
}
