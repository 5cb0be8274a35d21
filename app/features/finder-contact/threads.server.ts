// "I found this" threads (issue 12). A finder without an account becomes a users row marked
// anonymous_finder (a made-up address, no Google id, no password: it never signs in), so the
// thread is an ordinary two-person conversation the owner answers in /messaging. The finder reaches
// it through a capability link: only the SHA-256 of the link's 256-bit secret is stored
// (finder_threads.capability_hash), and a closed thread's link is dead.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { conversationParticipants, conversations, finderThreads, messages, profiles, searchHistory, users } from "../../../db/schema";
import { toLiveMessage, pairKeyOf } from "~/features/messaging/conversations.server";
import type { LiveMessage } from "~/features/messaging/live-message";
import { SEARCH_TYPE_COLUMN, type SearchQuery } from "~/features/finder/search-input";
import { preparedPerConnection } from "~/core/prepared.server";
import type { Locale } from "~/core/locale";
import type { ContactInput } from "./contact-input";
import { countStep } from "~/features/returns/funnel.server";
import type { FinderLocation } from "./finder-location";
import { CAPABILITY_BYTES, type Handover } from "./rules";

// ---------------------------------------------------------------------------------------------
// The capability

/** A new link secret (base64url, 256 bits) and the hash that is stored in its place. */
export function newCapability(): { secret: string; hash: string } {
  const secret = randomBytes(CAPABILITY_BYTES).toString("base64url");
  return { secret, hash: capabilityHash(secret) };
}

export function capabilityHash(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}

/** A secret as newCapability makes them; anything else is not looked up at all. */
export function isCapabilityShape(secret: string): boolean {
  return new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((CAPABILITY_BYTES * 8) / 6)}}$`).test(secret);
}

export function privatePath(secret: string) {
  return `/f/${secret}`;
}

// ---------------------------------------------------------------------------------------------
// Delivery

export type NewThread = { conversationId: string; secret: string; finderUserId: string; message: LiveMessage };

/**
 * Everything of a first message in one transaction: the anonymous finder, the conversation with
 * both participants, the thread with its link's hash, the message, and the visit it came from
 * marked 'messaged' (only a row of this owner's history) — and, through `notify`, the mails it owes
 * (queued in the outbox, so they exist exactly when the message does).
 */
export function createFinderThread(
  db: Db,
  /** `locale`: the language the finder wrote in, kept for the owner's answers by mail. */
  input: { ownerId: string; item: SearchQuery; visitId: string | null; form: ContactInput; locale?: Locale },
  notify: (tx: Parameters<Parameters<Db["transaction"]>[0]>[0], thread: Omit<NewThread, "message">) => void = () => {},
): NewThread {
  const { ownerId, item, visitId, form, locale = null } = input;
  const { secret, hash } = newCapability();
  const finderUserId = crypto.randomUUID();
  const now = new Date();
  return db.transaction((tx) => {
    // Where the way home starts: the finder's scan this form came from (this owner's row only).
    const visit = visitId
      ? tx.select({ at: searchHistory.searchedAt }).from(searchHistory).where(and(eq(searchHistory.id, visitId), eq(searchHistory.userId, ownerId))).get()
      : undefined;
    tx.insert(users)
      .values({ id: finderUserId, email: `finder-${finderUserId}@finder.invalid`, anonymousFinder: true, createdAt: now })
      .run();
    const conversation = tx
      .insert(conversations)
      .values({ pairKey: pairKeyOf(ownerId, finderUserId), createdAt: now })
      .returning({ id: conversations.id })
      .get();
    tx.insert(conversationParticipants)
      .values([
        { conversationId: conversation.id, userId: ownerId },
        // The finder has read what they wrote.
        { conversationId: conversation.id, userId: finderUserId, lastReadAt: now },
      ])
      .run();
    tx.insert(finderThreads)
      .values({
        conversationId: conversation.id,
        ownerId,
        finderUserId,
        capabilityHash: hash,
        contact: form.contact,
        foundWhere: form.foundWhere,
        handover: form.handover,
        handoverPlace: form.place,
        itemType: SEARCH_TYPE_COLUMN[item.type],
        itemValue: item.number,
        locale,
        createdAt: now,
        scannedAt: visit?.at ?? now,
        ...locationColumns(form.location ?? null, now),
      })
      .run();
    // The way home, counted (features/returns/): a message, and a hand-over when the finder chose
    // one (not "I'll keep it until you reply").
    countStep(tx, "messaged", now);
    if (form.handover !== "keep") countStep(tx, "handovers", now);
    const row = tx
      .insert(messages)
      .values({ conversationId: conversation.id, senderId: finderUserId, content: form.message, createdAt: now })
      .returning({ id: messages.id, conversationId: messages.conversationId, senderId: messages.senderId, content: messages.content, createdAt: messages.createdAt })
      .get();
    if (visitId) {
      tx.update(searchHistory)
        .set({ kind: "messaged" })
        .where(and(eq(searchHistory.id, visitId), eq(searchHistory.userId, ownerId)))
        .run();
    }
    notify(tx, { conversationId: conversation.id, secret, finderUserId });
    return { conversationId: conversation.id, secret, finderUserId, message: toLiveMessage(row) };
  });
}

/** The columns of a shared position (all null: none, or withdrawn). */
function locationColumns(location: FinderLocation | null, at: Date) {
  return location
    ? { latitude: location.latitude, longitude: location.longitude, locationAccuracy: location.accuracy, locationSharedAt: at }
    : { latitude: null, longitude: null, locationAccuracy: null, locationSharedAt: null };
}

/** The finder shares where they are from their private page, or withdraws it (null). */
export async function setFinderLocation(db: Db, conversationId: string, location: FinderLocation | null, at = new Date()): Promise<void> {
  await db.update(finderThreads).set(locationColumns(location, at)).where(eq(finderThreads.conversationId, conversationId)).run();
}

// ---------------------------------------------------------------------------------------------
// Reading a thread

export type ItemRef = { type: "metro_card" | "tagback_token"; value: string };

/** The item's number as printed on it ("1000-0000-0001", a metro card's digits): the same in every language. */
export function itemNumber(item: ItemRef): string {
  if (item.type === "metro_card") return item.value;
  return item.value.length === 12 ? item.value.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3") : item.value;
}

export type FinderThread = {
  conversationId: string;
  ownerId: string;
  finderUserId: string;
  handover: Handover;
  handoverPlace: string | null;
  foundWhere: string | null;
  item: ItemRef;
  /** Whether the finder gave an e-mail (the page says the link was mailed; the address is never shown). */
  mailed: boolean;
  /** Where the finder said they are (rounded when stored), and when; null when not shared. */
  location: (FinderLocation & { sharedAt: Date }) | null;
  /** The owner marked the item returned: when, and their thank-you line. */
  returned: { at: Date; note: string | null } | null;
};

const threadColumns = {
  conversationId: finderThreads.conversationId,
  ownerId: finderThreads.ownerId,
  finderUserId: finderThreads.finderUserId,
  handover: finderThreads.handover,
  handoverPlace: finderThreads.handoverPlace,
  foundWhere: finderThreads.foundWhere,
  itemType: finderThreads.itemType,
  itemValue: finderThreads.itemValue,
  contact: finderThreads.contact,
  closedAt: finderThreads.closedAt,
  latitude: finderThreads.latitude,
  longitude: finderThreads.longitude,
  locationAccuracy: finderThreads.locationAccuracy,
  locationSharedAt: finderThreads.locationSharedAt,
  returnedAt: finderThreads.returnedAt,
  returnNote: finderThreads.returnNote,
};


function toThread(row: {
  conversationId: string;
  ownerId: string;
  finderUserId: string;
  handover: Handover;
  handoverPlace: string | null;
  foundWhere: string | null;
  itemType: ItemRef["type"];
  itemValue: string;
  contact: string | null;
  latitude: number | null;
  longitude: number | null;
  locationAccuracy: number | null;
  locationSharedAt: Date | null;
  returnedAt: Date | null;
  returnNote: string | null;
}): FinderThread {
  return {
    conversationId: row.conversationId,
    ownerId: row.ownerId,
    finderUserId: row.finderUserId,
    handover: row.handover,
    handoverPlace: row.handoverPlace,
    foundWhere: row.foundWhere,
    item: { type: row.itemType, value: row.itemValue },
    mailed: Boolean(row.contact?.includes("@")),
    location:
      row.latitude !== null && row.longitude !== null && row.locationSharedAt
        ? { latitude: row.latitude, longitude: row.longitude, accuracy: row.locationAccuracy ?? 0, sharedAt: row.locationSharedAt }
        : null,
    returned: row.returnedAt ? { at: row.returnedAt, note: row.returnNote } : null,
  };
}

/**
 * A message as the finder's page and stream show it: the finder's own keep their sender, the
 * owner's say "owner". The link is anonymous, so nothing it returns holds the owner's user id.
 */
export function asFinderSees(thread: Pick<FinderThread, "finderUserId">, message: LiveMessage): LiveMessage {
  return message.senderId === thread.finderUserId ? message : { ...message, senderId: "owner" };
}

/** The open thread a link's secret opens; null for a wrong, malformed or closed link. */
export async function threadBySecret(db: Db, secret: string): Promise<FinderThread | null> {
  if (!isCapabilityShape(secret)) return null;
  const row = await db
    .select(threadColumns)
    .from(finderThreads)
    .where(and(eq(finderThreads.capabilityHash, capabilityHash(secret)), isNull(finderThreads.closedAt)))
    .get();
  return row ? toThread(row) : null;
}

/**
 * The finder wrote again, in `locale`: the owner's next answers are mailed in it. Inside the
 * message's transaction.
 */
export function keepFinderLocale(tx: Pick<Db, "update">, conversationId: string, locale: Locale) {
  tx.update(finderThreads).set({ locale }).where(eq(finderThreads.conversationId, conversationId)).run();
}

/** The owner's view of one of their finder threads (with how to reach the finder); null otherwise. */
export async function finderThreadForOwner(db: Db, ownerId: string, conversationId: string) {
  const row = await db
    .select({ ...threadColumns, createdAt: finderThreads.createdAt, locale: finderThreads.locale })
    .from(finderThreads)
    .where(and(eq(finderThreads.conversationId, conversationId), eq(finderThreads.ownerId, ownerId)))
    .get();
  if (!row) return null;
  const thread = toThread(row);
  return { ...thread, contact: row.contact, locale: row.locale, closed: row.closedAt !== null };
}
export type OwnerFinderThread = NonNullable<Awaited<ReturnType<typeof finderThreadForOwner>>>;

// /messaging reads them on every page: prepared once per connection (core/prepared.server.ts).
const ownerThreadsOf = preparedPerConnection((db) =>
  db
    .select({
      conversationId: finderThreads.conversationId,
      itemType: finderThreads.itemType,
      itemValue: finderThreads.itemValue,
      closedAt: finderThreads.closedAt,
      returnedAt: finderThreads.returnedAt,
    })
    .from(finderThreads)
    .where(eq(finderThreads.ownerId, sql.placeholder("ownerId")))
    .prepare(),
);

/** The owner's finder threads by conversation: what the contact list shows instead of a name (owner-view.ts words it). */
export async function finderThreadLabels(db: Db, ownerId: string): Promise<Map<string, { item: ItemRef; closed: boolean; returned?: boolean }>> {
  const rows = await ownerThreadsOf(db).all({ ownerId });
  return new Map(
    rows.map((row) => [
      row.conversationId,
      { item: { type: row.itemType, value: row.itemValue }, closed: row.closedAt !== null, returned: row.returnedAt !== null },
    ]),
  );
}

export type ThreadState = "sent" | "read" | "answered";

/**
 * Where the thread stands for the finder: the owner answered (the last message is theirs), read
 * it (their last_read_at is at or after the finder's last message), or not yet.
 */
export async function threadState(db: Db, thread: FinderThread, shown: LiveMessage[]): Promise<{ state: ThreadState; ownerReadAt: Date | null }> {
  const owner = await db
    .select({ lastReadAt: conversationParticipants.lastReadAt })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, thread.conversationId), eq(conversationParticipants.userId, thread.ownerId)))
    .get();
  const ownerReadAt = owner?.lastReadAt ?? null;
  const last = shown.at(-1);
  if (last && last.senderId === thread.ownerId) return { state: "answered", ownerReadAt };
  const lastFromFinder = await db
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.conversationId, thread.conversationId), eq(messages.senderId, thread.finderUserId)))
    .orderBy(desc(messages.createdAt))
    .get();
  const read = Boolean(ownerReadAt && lastFromFinder && ownerReadAt.getTime() >= lastFromFinder.createdAt.getTime());
  return { state: read ? "read" : "sent", ownerReadAt };
}

/** The owner's public name, as the finder already saw it on the scan result ("" for none: the page says so in its language). */
export async function ownerNameOf(db: Db, ownerId: string): Promise<string> {
  const row = await db.select({ first: profiles.firstName, last: profiles.lastName }).from(profiles).where(eq(profiles.id, ownerId)).get();
  return [row?.first, row?.last].filter(Boolean).join(" ").trim();
}

/** Closes the owner's thread: its link stops working at once. False when it is not theirs. */
export async function closeFinderThread(db: Db, ownerId: string, conversationId: string): Promise<{ ok: true; finderUserId: string } | { ok: false }> {
  const row = await db
    .update(finderThreads)
    .set({ closedAt: sql`coalesce(${finderThreads.closedAt}, ${Date.now()})` })
    .where(and(eq(finderThreads.conversationId, conversationId), eq(finderThreads.ownerId, ownerId)))
    .returning({ finderUserId: finderThreads.finderUserId })
    .get();
  return row ? { ok: true, finderUserId: row.finderUserId } : { ok: false };
}

/** Whether a user is an anonymous finder (never a contact one can search for or start with). */
export async function isAnonymousFinder(db: Db, userId: string): Promise<boolean> {
  const row = await db.select({ anonymous: users.anonymousFinder }).from(users).where(eq(users.id, userId)).get();
  return row?.anonymous === true;
}
