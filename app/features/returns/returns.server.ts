// "I got it back" (issue 49): the owner marks the item of a finder thread returned, from the
// conversation (with an optional thank-you line) or from /lost's "Mark as Recovered". In one
// transaction: the thread is marked (it takes no new messages, from either side: 409), lost mode
// for that item ends (its pending report becomes recovered, and the thread remembers which), the
// week's count of returns and the time from the finder's scan go to the funnel, and a finder who
// left an e-mail address is owed one mail (its outbox key is the thread's: marking again after an
// undo sends nothing more). Within RETURN_UNDO_HOURS the owner can undo it: the thread opens
// again, the report is pending again (unless the owner reported the item lost anew meanwhile), and
// the counts take their one back. The thread's link keeps working throughout, so the finder reads
// "Returned to its owner" on the page they already have.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { finderThreads, lostItems } from "../../../db/schema";
import { DEFAULT_LOCALE, isLocale } from "~/core/locale";
import { queueMails } from "~/core/outbox.server";
import { containsProfanity } from "~/core/profanity";
import { itemNumber } from "~/features/finder-contact/threads.server";
import { announceOwnerRead } from "~/features/finder-contact/live.server";
import { cleanMessage } from "~/features/messaging/message-input";
import type { MessageKey } from "~/i18n/messages";
import { countReturn, uncountReturn } from "./funnel.server";
import { returnedMail } from "./returned-mail";
import { RETURN_UNDO_HOURS, THANK_YOU_MAX } from "./rules";

/** The thank-you line: one line, tags stripped like a message, at most THANK_YOU_MAX, nothing rude. Empty is none. */
export function parseThankYou(raw: unknown): { ok: true; value: string | null } | { ok: false; error: MessageKey } {
  const text = cleanMessage(String(typeof raw === "string" ? raw : "").replace(/[\s\p{Cc}]+/gu, " "));
  if (text === "") return { ok: true, value: null };
  if (text.length > THANK_YOU_MAX) return { ok: false, error: "returnsOwner.noteTooLong" };
  if (containsProfanity(text)) return { ok: false, error: "common.nsfw" };
  return { ok: true, value: text };
}

/** lost_items.type of a thread's item. */
const LOST_TYPE = { metro_card: "metro", tagback_token: "product" } as const;

export type ReturnOutcome = { ok: true } | { ok: false; reason: "not-open" };

/**
 * Marks the owner's open finder thread returned. False ("not-open") for a thread that is not theirs,
 * closed, or returned already.
 */
export function markReturned(db: Db, ownerId: string, conversationId: string, note: string | null, now = new Date()): ReturnOutcome {
  const outcome = db.transaction((tx) => {
    const thread = tx
      .update(finderThreads)
      .set({ returnedAt: now, returnNote: note })
      .where(
        and(eq(finderThreads.conversationId, conversationId), eq(finderThreads.ownerId, ownerId), isNull(finderThreads.returnedAt), isNull(finderThreads.closedAt)),
      )
      .returning({
        finderUserId: finderThreads.finderUserId,
        itemType: finderThreads.itemType,
        itemValue: finderThreads.itemValue,
        contact: finderThreads.contact,
        locale: finderThreads.locale,
        scannedAt: finderThreads.scannedAt,
        createdAt: finderThreads.createdAt,
      })
      .get();
    if (!thread) return null;
    // Lost mode ends for that item: its pending report (at most one, lost_items_one_pending_idx).
    const report = tx
      .update(lostItems)
      .set({ status: "recovered" })
      .where(
        and(eq(lostItems.userId, ownerId), eq(lostItems.type, LOST_TYPE[thread.itemType]), eq(lostItems.identifier, thread.itemValue), eq(lostItems.status, "pending")),
      )
      .returning({ id: lostItems.id })
      .get();
    if (report) tx.update(finderThreads).set({ returnedLostItemId: report.id }).where(eq(finderThreads.conversationId, conversationId)).run();
    countReturn(tx, now, thread.scannedAt ?? thread.createdAt);
    if (thread.contact?.includes("@")) {
      const mail = returnedMail(isLocale(thread.locale) ? thread.locale : DEFAULT_LOCALE, {
        item: itemNumber({ type: thread.itemType, value: thread.itemValue }),
        note,
      });
      queueMails(tx, [{ key: `returned:${conversationId}`, kind: "finder_returned", userId: thread.finderUserId, conversationId, to: thread.contact, ...mail }], +now);
    }
    return thread;
  });
  if (!outcome) return { ok: false, reason: "not-open" };
  // The finder's open page hears of it (it loads again and says "Returned to its owner").
  announceOwnerRead({ conversationId, finderUserId: outcome.finderUserId, closed: false });
  return { ok: true };
}

export type UndoOutcome = { ok: true } | { ok: false; reason: "not-returned" | "too-late" };

/** Takes a return back within RETURN_UNDO_HOURS of it. */
export function undoReturn(db: Db, ownerId: string, conversationId: string, now = new Date()): UndoOutcome {
  const outcome = db.transaction((tx): UndoOutcome & { finderUserId?: string } => {
    const thread = tx
      .select({
        finderUserId: finderThreads.finderUserId,
        returnedAt: finderThreads.returnedAt,
        scannedAt: finderThreads.scannedAt,
        createdAt: finderThreads.createdAt,
        lostItemId: finderThreads.returnedLostItemId,
      })
      .from(finderThreads)
      .where(and(eq(finderThreads.conversationId, conversationId), eq(finderThreads.ownerId, ownerId), isNull(finderThreads.closedAt)))
      .get();
    if (!thread?.returnedAt) return { ok: false, reason: "not-returned" };
    if (+now - +thread.returnedAt > RETURN_UNDO_HOURS * 60 * 60 * 1000) return { ok: false, reason: "too-late" };
    tx.update(finderThreads).set({ returnedAt: null, returnNote: null, returnedLostItemId: null }).where(eq(finderThreads.conversationId, conversationId)).run();
    // Lost mode again, unless the owner reported the item lost anew meanwhile (one pending report per item).
    if (thread.lostItemId) {
      tx.run(sql`update ${lostItems} set status = 'pending' where id = ${thread.lostItemId} and user_id = ${ownerId} and not exists (
        select 1 from ${lostItems} other where other.user_id = ${lostItems.userId} and other.type = ${lostItems.type}
          and other.identifier = ${lostItems.identifier} and other.status = 'pending')`);
    }
    uncountReturn(tx, thread.returnedAt, thread.scannedAt ?? thread.createdAt);
    return { ok: true, finderUserId: thread.finderUserId };
  });
  if (outcome.ok && outcome.finderUserId) announceOwnerRead({ conversationId, finderUserId: outcome.finderUserId, closed: false });
  return outcome.ok ? { ok: true } : outcome;
}

/**
 * /lost's "Mark as Recovered" of a report: the newest open finder thread about that item is marked
 * returned too (without a thank-you line), so its finder hears of it. Null when there is none.
 */
export function returnFromLostReport(db: Db, ownerId: string, report: { type: "metro" | "product"; identifier: string }, now = new Date()): ReturnOutcome | null {
  const thread = db
    .select({ conversationId: finderThreads.conversationId })
    .from(finderThreads)
    .where(
      and(
        eq(finderThreads.ownerId, ownerId),
        eq(finderThreads.itemType, report.type === "metro" ? "metro_card" : "tagback_token"),
        eq(finderThreads.itemValue, report.identifier),
        isNull(finderThreads.returnedAt),
        isNull(finderThreads.closedAt),
      ),
    )
    .orderBy(desc(finderThreads.createdAt))
    .get();
  return thread ? markReturned(db, ownerId, thread.conversationId, null, now) : null;
}
