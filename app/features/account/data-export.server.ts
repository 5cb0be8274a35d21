// "Download my data" (issue 25, India's DPDP Act's right to a summary of one's data): everything
// Tagback holds about the signed-in owner, read by their user id only, as one JSON document.
//
// What it leaves out, and why: secrets (password and token-password hashes, the e-mail
// confirmation hash, a pending sign-in code's hash, a passkey's credential id and public key —
// passkeys are listed by name and dates only — session ids — a session id is a bearer secret that would sign its holder in —
// a finder link's capability hash, a mint batch's sealed passwords), and whatever belongs to someone
// else: the other party of a conversation is their display name only (never their e-mail, mobile
// number or user id), the client key of a search (the searcher's network address: an IPv4 address
// or an IPv6 /64) and the number an admin looked up (another owner's metro card or token). Internal ids are
// left out too: they mean nothing to the owner, and a conversation's pair key names the other user.
import { and, asc, eq, getTableColumns, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../../../db/connection";
import {
  adminLookups,
  adminUsers,
  conversationParticipants,
  finderThreads,
  lostItems,
  messages,
  mintBatches,
  outbox,
  passkeys,
  products,
  profiles,
  pushSubscriptions,
  searchHistory,
  sessions,
  tagbackTokens,
  users,
} from "../../../db/schema";
import { FINDER_NAME } from "~/features/finder-contact/owner-view";
import { listConversations } from "~/features/messaging/conversations.server";
import { SESSION_MAX_AGE_SECONDS } from "./session.server";
import { OUTBOX_KEEP_DAYS } from "~/core/outbox-rules";
import type { MessageKey, MessageValues } from "~/i18n/messages";

/**
 * The columns of `table` named in `names`, as a select. The export lists what it takes, so a
 * column added later (a secret, someone else's id) stays out until someone decides it belongs.
 * Fields keep the schema's names; dates become ISO strings in the JSON.
 */
function only<T extends SQLiteTable, K extends keyof T["_"]["columns"] & string>(table: T, names: readonly K[]) {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T["_"]["columns"], K>;
}

export type DataExport = Awaited<ReturnType<typeof exportOwnData>>;

/** The owner's data, as the JSON download holds it. */
export async function exportOwnData(db: Db, userId: string, now = new Date()) {
  const [account, profile, admin, tokens, ownProducts, history, reports, conversations, ownSessions, batches, lookups, notifications, ownPasskeys, devices] = await Promise.all([
    db.select(only(users, ["email", "googleSub", "passwordHash", "emailConfirmedAt", "locale", "createdAt"])).from(users).where(eq(users.id, userId)).get(),
    db.select().from(profiles).where(eq(profiles.id, userId)).get(),
    db.select(only(adminUsers, ["createdAt"])).from(adminUsers).where(eq(adminUsers.userId, userId)).get(),
    db.select(only(tagbackTokens, ["token", "isVerified", "createdAt"])).from(tagbackTokens).where(eq(tagbackTokens.userId, userId)).orderBy(asc(tagbackTokens.createdAt)).all(),
    db.select(only(products, ["name", "token", "createdAt"])).from(products).where(eq(products.userId, userId)).orderBy(asc(products.createdAt)).all(),
    db
      // Not client_key: the searcher's network address.
      .select(only(searchHistory, ["searchType", "searchValue", "kind", "searchedAt", "city", "region", "country", "address", "latitude", "longitude"]))
      .from(searchHistory)
      .where(eq(searchHistory.userId, userId))
      .orderBy(asc(searchHistory.searchedAt))
      .all(),
    db
      .select(only(lostItems, ["type", "name", "identifier", "dateLost", "status", "message", "reward", "createdAt"]))
      .from(lostItems)
      .where(eq(lostItems.userId, userId))
      .orderBy(asc(lostItems.createdAt))
      .all(),
    conversationsOf(db, userId),
    db.select(only(sessions, ["createdAt", "expiresAt"])).from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)).all(),
    db.select(only(mintBatches, ["count", "status", "createdAt"])).from(mintBatches).where(eq(mintBatches.mintedBy, userId)).orderBy(asc(mintBatches.createdAt)).all(),
    // Not the number looked up: that is another owner's metro card or token.
    db.select(only(adminLookups, ["kind", "found", "lookedUpAt"])).from(adminLookups).where(eq(adminLookups.adminUserId, userId)).orderBy(asc(adminLookups.lookedUpAt)).all(),
    // What we told you and when: not the mail's text (a pending one holds a finder's words, and
    // the mail itself is in your inbox).
    db
      .select(only(outbox, ["kind", "channel", "state", "createdAt", "settledAt", "attempts"]))
      .from(outbox)
      .where(eq(outbox.userId, userId))
      .orderBy(asc(outbox.createdAt))
      .all(),
    // By name and dates only: the credential id and public key are of no use to the owner, and the
    // id would let anyone who sees the file match the passkey elsewhere.
    db.select(only(passkeys, ["name", "createdAt", "lastUsedAt"])).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)).all(),
    // Devices that get push notifications: not the push service's address or the keys (what
    // would let someone else send to the device), only what the owner knows them by.
    db
      .select(only(pushSubscriptions, ["deviceLabel", "createdAt", "lastDeliveredAt"]))
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt))
      .all(),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: {
      email: account?.email ?? null,
      signsInWith: { google: Boolean(account?.googleSub), password: Boolean(account?.passwordHash), emailCode: true, passkeys: ownPasskeys.length },
      emailConfirmedAt: account?.emailConfirmedAt ?? null,
      // The language its mails and pushes are written in (decision 048).
      language: account?.locale ?? null,
      createdAt: account?.createdAt ?? null,
    },
    profile: profile
      ? {
          firstName: profile.firstName,
          lastName: profile.lastName,
          photoUrl: profile.photoUrl,
          xUsername: profile.xUsername,
          bio: profile.bio,
          metroCardNumber: profile.metroCardNumber,
          mobileNumber: profile.mobileNumber,
          socialSms: profile.socialSms,
          socialCall: profile.socialCall,
          socialTelegram: profile.socialTelegram,
          socialWhatsapp: profile.socialWhatsapp,
          lockScreenLine: profile.lockScreenLine,
          totalSearches: profile.totalSearches,
          botSearches: profile.botSearches,
          createdAt: profile.createdAt,
          updatedAt: profile.updatedAt,
        }
      : null,
    privacySettings: profile
      ? {
          maskBio: profile.maskBio,
          useSocialIcons: profile.useSocialIcons,
          useMobileForSocials: profile.useMobileForSocials,
          showEmail: profile.showEmail,
          showMobile: profile.showMobile,
        }
      : null,
    alertSettings: profile
      ? {
          backupEmail: profile.backupEmail,
          scanAlerts: profile.scanAlerts,
          lastScanAlertAt: profile.lastScanAlertAt,
          // null: not chosen (e-mail until a device gets push, then both).
          contactChannels: profile.contactChannels,
          scanChannels: profile.scanChannels,
          pushPreviews: profile.pushPreviews,
          messagePush: profile.messagePush,
        }
      : null,
    tokens,
    products: ownProducts,
    searchHistory: history,
    lostReports: reports,
    conversations,
    sessions: ownSessions,
    passkeys: ownPasskeys,
    pushDevices: devices,
    notifications: notifications.map((row) => ({ ...row, createdAt: new Date(row.createdAt), settledAt: row.settledAt === null ? null : new Date(row.settledAt) })),
    admin: admin ? { since: admin.createdAt, stickerBatchesMinted: batches, lookups } : null,
  };
}

/**
 * The owner's conversations with every message, oldest first. The other party is named as
 * /messaging names them (their display name, 'Deleted user', or 'Finder (no account)' for an "I
 * found this" thread, with what that finder chose to share); messages say "you" or that name.
 */
async function conversationsOf(db: Db, userId: string) {
  const [list, threads] = await Promise.all([
    listConversations(db, userId),
    db
      .select(
        only(finderThreads, [
          "conversationId",
          "itemType",
          "itemValue",
          "contact",
          "foundWhere",
          "handover",
          "handoverPlace",
          "closedAt",
          "locationSharedAt",
          "returnedAt",
          "returnNote",
        ]),
      )
      .from(finderThreads)
      .where(eq(finderThreads.ownerId, userId))
      .all(),
  ]);
  const threadOf = new Map(threads.map((thread) => [thread.conversationId, thread]));
  return Promise.all(
    list.map(async (conversation) => {
      const thread = threadOf.get(conversation.id);
      const withName = thread ? FINDER_NAME : conversation.other.name;
      const [mine, rows] = await Promise.all([
        db
          .select(only(conversationParticipants, ["lastReadAt"]))
          .from(conversationParticipants)
          .where(and(eq(conversationParticipants.conversationId, conversation.id), eq(conversationParticipants.userId, userId)))
          .get(),
        db
          .select(only(messages, ["senderId", "content", "createdAt"]))
          .from(messages)
          .where(eq(messages.conversationId, conversation.id))
          // Two messages of one millisecond keep the order they were stored in.
          .orderBy(asc(messages.createdAt), asc(sql`"messages"."rowid"`))
          .all(),
      ]);
      return {
        with: withName,
        lastReadAt: mine?.lastReadAt ?? null,
        foundThis: thread
          ? {
              item: { type: thread.itemType, number: thread.itemValue },
              contact: thread.contact,
              foundWhere: thread.foundWhere,
              handover: thread.handover,
              handoverPlace: thread.handoverPlace,
              closedAt: thread.closedAt,
              // The finder's position is the finder's data: the download says that one was shared, and when, never where (issue 49).
              sharedLocation: thread.locationSharedAt ? { what: "a location the finder shared", sharedAt: thread.locationSharedAt } : null,
              returned: thread.returnedAt ? { at: thread.returnedAt, yourThankYou: thread.returnNote } : null,
            }
          : null,
        messages: rows.map((row) => ({ from: row.senderId === userId ? "you" : withName, text: row.content, sentAt: row.createdAt })),
      };
    }),
  );
}

const SESSION_DAYS = SESSION_MAX_AGE_SECONDS / (24 * 60 * 60);
/** A row of the summary page: its message (what, and why as the description), how many, and how long it is kept. */
export type HeldRow = { what: MessageKey; count: number; kept: MessageKey; keptFor?: MessageValues };

const WHILE_ACCOUNT = "accountData.keptWhileAccount" satisfies MessageKey;

/**
 * The export said briefly for the summary page: what we hold, why, and for how long, as message
 * keys the page says in its language. The "kept" texts are docs/data-retention.md's, said to the owner.
 */
export function summaryOf(data: DataExport): HeldRow[] {
  const finderThreads = data.conversations.filter((conversation) => conversation.foundThis).length;
  const rows: HeldRow[] = [
    { what: "accountData.account", count: 1, kept: WHILE_ACCOUNT },
    { what: "accountData.profile", count: data.profile ? 1 : 0, kept: WHILE_ACCOUNT },
    { what: "accountData.alertSettings", count: data.alertSettings?.backupEmail ? 1 : 0, kept: WHILE_ACCOUNT },
    { what: "accountData.tokens", count: data.tokens.length, kept: WHILE_ACCOUNT },
    { what: "accountData.products", count: data.products.length, kept: WHILE_ACCOUNT },
    { what: "accountData.searchHistory", count: data.searchHistory.length, kept: WHILE_ACCOUNT },
    { what: "accountData.lostReports", count: data.lostReports.length, kept: WHILE_ACCOUNT },
    { what: "accountData.conversations", count: data.conversations.length - finderThreads, kept: "accountData.keptConversation" },
    { what: "accountData.finderThreads", count: finderThreads, kept: WHILE_ACCOUNT },
    { what: "accountData.notifications", count: data.notifications.length, kept: "accountData.keptNotifications", keptFor: { days: OUTBOX_KEEP_DAYS } },
    { what: "accountData.pushDevices", count: data.pushDevices.length, kept: "accountData.keptDevices" },
    { what: "accountData.sessions", count: data.sessions.length, kept: "accountData.keptSessions", keptFor: { days: SESSION_DAYS } },
    { what: "accountData.passkeys", count: data.passkeys.length, kept: "accountData.keptPasskeys" },
  ];
  if (data.admin) rows.push({ what: "accountData.adminLookups", count: data.admin.lookups.length, kept: "accountData.keptAdmin" });
  return rows;
}
