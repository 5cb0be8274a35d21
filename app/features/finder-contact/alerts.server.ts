// The e-mails of "I found this" (issue 12). Each is queued in the outbox in the transaction of the
// event that causes it (core/outbox.server.ts, decision 032), and delivered from there:
// - contact alerts, always on: a finder's message to the owner's address and to the backup
//   address from /settings, the handover first, with a link to the conversation; and/or a push to
//   each of the owner's devices, as the owner chose in /settings (features/push, decision 035);
// - the finder's own private link, when they gave an e-mail address;
// - scan alerts, opt-in: an e-mail when a person opens the owner's profile by scan or search. Bots
//   and link previews never get here (features/finder/visitor.ts); the owner's own signed-in
//   scans, a reload by the same client within the hour, and anything within the hour after the
//   last alert send nothing. The hourly rule is one conditional UPDATE, so two scans at once
//   cannot both alert. By e-mail and/or push, like contact alerts.
// A push says what happened, never the finder's words or where the scan was, unless the owner
// turned previews on: a phone's lock screen is public.
// Every mail and push to the owner is in the owner's language, the account's (decision 048), not
// the finder's: owner-mail.server.ts and features/push/owner-push.ts compose them. The finder's
// own mails follow the finder's language (finder-mail.ts).
import { and, eq, gt, isNull, lte, ne, or } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { conversationParticipants, profiles, searchHistory, users } from "../../../db/schema";
import { getEnv } from "~/core/env.server";
import { queueMails, queuePushes, queuedWithin, type QueuedMail } from "~/core/outbox.server";
import { alertTargets, productName } from "~/features/push/devices.server";
import { preview } from "~/features/push/message-push.server";
import { contactPush, scanPush } from "~/features/push/owner-push";
import { CONTACT_PUSH, SCAN_PUSH } from "~/features/push/rules";
import { accountLocaleOf } from "~/features/account/account-locale.server";
import type { SearchQuery } from "~/features/finder/search-input";
import type { ContactInput } from "./contact-input";
import { itemNumber, privatePath, type ItemRef } from "./threads.server";
import { REPLY_ALERT_EVERY_MINUTES, REPLY_ALERT_QUIET_MINUTES, SAME_CLIENT_MINUTES, SCAN_ALERT_INTERVAL_MINUTES } from "./rules";
import { finderLinkMail, ownerAnswerMail } from "./finder-mail";
import { contactAlertMail, finderReplyMail, ownerItemLabel, scanAlertMail as composeScanAlertMail } from "./owner-mail.server";
import { withLocationPreview } from "./finder-location";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/core/locale";

function addressesOf(tx: Pick<Db, "select">, ownerId: string): string[] {
  const row = tx
    .select({ email: users.email, backup: profiles.backupEmail })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, ownerId))
    .get();
  if (!row) return [];
  return [...new Set([row.email, row.backup].filter((address): address is string => Boolean(address)))];
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A finder's first message: to the owner and their backup address, the handover first. Inside the message's transaction. */
export function queueContactAlert(tx: Tx, alert: { ownerId: string; conversationId: string; item: ItemRef; form: ContactInput }) {
  const { form } = alert;
  const locale = accountLocaleOf(tx, alert.ownerId);
  const { subject, text } = contactAlertMail(
    {
      item: alert.item,
      handover: form.handover,
      place: form.place,
      foundWhere: form.foundWhere,
      contact: form.contact,
      location: form.location,
      message: form.message,
      link: `${getEnv().APP_URL}/messaging/${alert.conversationId}`,
    },
    locale,
  );
  const targets = alertTargets(tx, alert.ownerId, "contact");
  const named = alert.item.type === "tagback_token" ? productName(tx, alert.ownerId, alert.item.value) : null;
  const mails: QueuedMail[] = addressesOf(tx, alert.ownerId).map((address, i) => ({
    key: `contact:${alert.conversationId}:${i}`,
    kind: "contact",
    userId: alert.ownerId,
    conversationId: alert.conversationId,
    to: address,
    subject,
    text,
  }));
  queuePushes(
    tx,
    targets.deviceIds.map((subscriptionId) => ({
      key: `contact:${alert.conversationId}:push:${subscriptionId}`,
      kind: "contact",
      userId: alert.ownerId,
      conversationId: alert.conversationId,
      subscriptionId,
      ...CONTACT_PUSH,
      ...contactPush({ item: named ?? ownerItemLabel(alert.item, locale), preview: targets.previews ? withLocationPreview(preview(form.message), form.location, locale) : null }, locale),
      url: `/messaging/${alert.conversationId}`,
      tag: `contact:${alert.conversationId}`,
    })),
    undefined,
    // "Push only": if no device takes it, the mail goes after all.
    targets.email ? undefined : { group: `contact:${alert.conversationId}:push:`, mails },
  );
  if (targets.email) queueMails(tx, mails);
}

/**
 * The finder's own copy of their private link (only when they gave an e-mail address), in the
 * language of their request (finder-mail.ts). Inside the message's transaction.
 */
export function queueFinderLink(tx: Tx, thread: { finderUserId: string; conversationId: string; email: string; secret: string; locale: Locale }) {
  const { email, secret } = thread;
  const { subject, text } = finderLinkMail(thread.locale, { link: `${getEnv().APP_URL}${privatePath(secret)}` });
  const mail: QueuedMail = {
    key: `finder-link:${thread.conversationId}`,
    kind: "finder_link",
    userId: thread.finderUserId,
    conversationId: thread.conversationId,
    to: email,
    subject,
    text,
  };
  queueMails(tx, [mail]);
}

/**
 * A finder's later message on their private page: one mail to the owner, unless the owner read the
 * conversation within REPLY_ALERT_QUIET_MINUTES (they are on it: the chat shows it live) or a reply
 * mail for this conversation went out within REPLY_ALERT_EVERY_MINUTES (a finder typing five lines
 * is one mail). Not when the owner chose push only for a finder's messages. Inside the message's
 * transaction.
 */
export function queueFinderReplyAlert(tx: Tx, reply: { ownerId: string; conversationId: string; messageId: string; item: ItemRef; content: string }, now = Date.now()) {
  // By e-mail as the owner chose for a finder's messages (the push, if any, is queued with every
  // conversation's message: features/push/message-push.server.ts).
  if (!alertTargets(tx, reply.ownerId, "contact").email) return;
  const read = tx
    .select({ at: conversationParticipants.lastReadAt })
    .from(conversationParticipants)
    .where(and(eq(conversationParticipants.conversationId, reply.conversationId), eq(conversationParticipants.userId, reply.ownerId)))
    .get();
  if (read?.at && read.at.getTime() > now - REPLY_ALERT_QUIET_MINUTES * 60_000) return;
  if (queuedWithin(tx, { conversationId: reply.conversationId, kind: "finder_reply" }, REPLY_ALERT_EVERY_MINUTES, now)) return;
  const { subject, text } = finderReplyMail(
    { item: reply.item, content: reply.content, link: `${getEnv().APP_URL}/messaging/${reply.conversationId}` },
    accountLocaleOf(tx, reply.ownerId),
  );
  queueMails(
    tx,
    addressesOf(tx, reply.ownerId).map((address, i) => ({
      key: `reply:${reply.conversationId}:${reply.messageId}:${i}`,
      // Not "contact": the finder's page tells of the first alert only (ownerNotified).
      kind: "finder_reply" as const,
      userId: reply.ownerId,
      conversationId: reply.conversationId,
      to: address,
      subject,
      text,
    })),
    now,
  );
}

/**
 * The owner's answer in an "I found this" thread, mailed to the finder when they left an e-mail
 * address: the answer quoted, and where to read and reply (their private link, from the first
 * mail: only its hash is stored, so it cannot be sent again). At most one a quarter hour per
 * conversation. (No "reading along" rule as for the owner: the finder's read mark is set when they
 * write, so it says nothing about whether they are still there.) In the language the finder last
 * wrote in (`finder_threads.locale`; English for a thread from before it was kept). Inside the
 * message's transaction.
 */
export function queueOwnerAnswerMail(
  tx: Tx,
  answer: { finderUserId: string; conversationId: string; contact: string | null; locale: string | null; item: ItemRef; content: string; messageId: string },
  now = Date.now(),
) {
  if (!answer.contact?.includes("@")) return;
  if (queuedWithin(tx, { conversationId: answer.conversationId, kind: "owner_answer" }, REPLY_ALERT_EVERY_MINUTES, now)) return;
  const { subject, text } = ownerAnswerMail(isLocale(answer.locale) ? answer.locale : DEFAULT_LOCALE, { item: itemNumber(answer.item), answer: answer.content });
  queueMails(
    tx,
    [
      {
        key: `answer:${answer.conversationId}:${answer.messageId}`,
        kind: "owner_answer",
        userId: answer.finderUserId,
        conversationId: answer.conversationId,
        to: answer.contact,
        subject,
        text,
      },
    ],
    now,
  );
}

type Scan = { ownerId: string; historyId: string; clientKey: string; query: SearchQuery; city: string | null; at: Date };

/**
 * After a human's search was logged for an owner who turned scan alerts on: one e-mail, unless the
 * same client searched this owner within the hour or an alert went out within the hour. Sent in
 * the background: the finder's page never waits for a mail server.
 */
export async function maybeQueueScanAlert(db: Db, scan: Scan, now = Date.now()): Promise<boolean> {
  const sameClient = await db
    .select({ id: searchHistory.id })
    .from(searchHistory)
    .where(
      and(
        eq(searchHistory.userId, scan.ownerId),
        eq(searchHistory.clientKey, scan.clientKey),
        gt(searchHistory.searchedAt, new Date(now - SAME_CLIENT_MINUTES * 60_000)),
        ne(searchHistory.id, scan.historyId),
      ),
    )
    .get();
  if (sameClient) return false;
  // The claim and the mail in one transaction: a mail is owed exactly when the hour is claimed.
  return db.transaction((tx) => {
    const claimed = tx
      .update(profiles)
      .set({ lastScanAlertAt: new Date(now) })
      .where(
        and(
          eq(profiles.id, scan.ownerId),
          eq(profiles.scanAlerts, true),
          or(isNull(profiles.lastScanAlertAt), lte(profiles.lastScanAlertAt, new Date(now - SCAN_ALERT_INTERVAL_MINUTES * 60_000))),
        ),
      )
      .returning({ id: profiles.id })
      .get();
    if (!claimed) return false;
    const owner = tx.select({ email: users.email }).from(users).where(eq(users.id, scan.ownerId)).get();
    if (!owner) return false;
    const targets = alertTargets(tx, scan.ownerId, "scan");
    const locale = accountLocaleOf(tx, scan.ownerId);
    const mail = scanAlertMail(scan, locale);
    const scanMail: QueuedMail = { ...mail, key: `scan:${scan.historyId}`, kind: "scan", userId: scan.ownerId, to: owner.email };
    queuePushes(
      tx,
      targets.deviceIds.map((subscriptionId) => ({
        key: `scan:${scan.historyId}:push:${subscriptionId}`,
        kind: "scan",
        userId: scan.ownerId,
        subscriptionId,
        ...SCAN_PUSH,
        ...scanPush({ subject: mail.subject, place: targets.previews ? scan.city : null }, locale),
        url: "/profile",
        tag: "scan",
      })),
      now,
      // "Push only": if no device takes it, the mail goes after all.
      targets.email ? undefined : { group: `scan:${scan.historyId}:push:`, mails: [scanMail] },
    );
    if (targets.email) queueMails(tx, [scanMail], now);
    return true;
  });
}

/** The scan alert's mail, in the owner's language (owner-mail.server.ts). */
function scanAlertMail(scan: Scan, locale: Locale): { subject: string; text: string } {
  return composeScanAlertMail(
    {
      item: { type: scan.query.type === "metrocard" ? "metro_card" : "tagback_token", value: scan.query.number },
      at: scan.at,
      city: scan.city,
      historyLink: `${getEnv().APP_URL}/profile`,
      settingsLink: `${getEnv().APP_URL}/settings`,
    },
    locale,
  );
}
