// Erasing an account (issue 25, decision 026): what `POST /settings` with intent=delete-account does
// once the owner has typed their e-mail. One immediate transaction, so it is all or nothing, and two
// admins erasing themselves at the same moment cannot both pass the last-admin check.
// - The user row goes, and with it, by the schema's cascades, everything that is only theirs: the
//   profile (privacy and alert settings, the backup e-mail), products, search history, lost reports,
//   sessions (signed out everywhere at once), their places in conversations (read marks), the
//   messages they sent, their admin role.
// - Their stickers are released: unclaimed and unverified, so whoever holds one claims it anew with
//   the password printed with it (the foreign key alone would only empty user_id).
// - "I found this" threads addressed to them are erased whole: the anonymous finder (a users row
//   that only that thread needed), the conversation and its messages. The finder's private link
//   then shows the page of a link that no longer works.
// - A conversation with another person keeps that person and their own messages (they see
//   "Deleted user"); its pair key, which names both ids, is emptied; one nobody is left in goes.
// - Limit rows whose key names the user's id or e-mail are forgotten, and so are pending sign-in
//   codes sent to the address (keyed by the address, so no cascade reaches them).
// - The admin audit trail keeps its rows (who looked up whom); an erased admin is named there by a
//   pseudonym, the one update its trigger allows (db/migrations/0005).
// Afterwards the user's open live streams end, in every process, and the pages of the people they
// talked to refresh, and the WAL is checkpointed and truncated off the request path, so the erased
// rows' earlier copies leave the `-wal` file too within the minute (decision 045).
import { and, eq, inArray, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import type { Db } from "../../../db/connection";
import { adminLookups, adminUsers, conversationParticipants, conversations, finderThreads, tagbackTokens, users } from "../../../db/schema";
import { forgetKeysNaming } from "~/core/rate-limit.server";
import { truncateWalSoon } from "~/core/wal-truncate.server";
import { announceClosed } from "~/features/finder-contact/live.server";
import { announceActivity, announceSignedOut } from "~/features/messaging/live.server";
import type { MessageKey } from "~/i18n/messages";
import { isEmailTooLong, mailboxOf } from "~/core/email-address";
import { normalizeEmail } from "./admins.server";
import { DELETE_ACCOUNT_INTENT } from "./delete-account";
import { destroySession, type SessionUser } from "./session.server";
import { forgetCodesOf } from "./sign-in-codes.server";

/** The plain page that says what was erased and what remains. */
const ACCOUNT_DELETED_PATH = "/account-deleted";

export type ErasureOutcome = { ok: true } | { ok: false; reason: "last-admin" | "unknown-user" };

type Erased = {
  ok: true;
  finderThreads: { conversationId: string; finderUserId: string }[];
  partners: { conversationId: string; partnerId: string }[];
};

/** Erases the account of `userId`; refused for an unknown user and for the last admin. */
export function eraseAccount(db: Db, userId: string): ErasureOutcome {
  const outcome = db.transaction(
    (tx): Erased | Extract<ErasureOutcome, { ok: false }> => {
      const user = tx.select({ email: users.email }).from(users).where(and(eq(users.id, userId), eq(users.anonymousFinder, false))).get();
      if (!user) return { ok: false, reason: "unknown-user" };
      const admins = tx.select({ userId: adminUsers.userId }).from(adminUsers).all();
      if (admins.length === 1 && admins[0]!.userId === userId) return { ok: false, reason: "last-admin" };

      const threads = tx
        .select({ conversationId: finderThreads.conversationId, finderUserId: finderThreads.finderUserId })
        .from(finderThreads)
        .where(eq(finderThreads.ownerId, userId))
        .all();
      if (threads.length > 0) {
        // The conversations take their participants, messages and thread rows with them.
        tx.delete(conversations).where(inArray(conversations.id, threads.map((t) => t.conversationId))).run();
        tx.delete(users).where(inArray(users.id, threads.map((t) => t.finderUserId))).run();
      }

      // Their conversations, each with the other person if one is still there.
      const places = tx.all<{ conversationId: string; partnerId: string | null }>(sql`
        select mine.conversation_id as conversationId, other.user_id as partnerId
        from ${conversationParticipants} mine
        left join ${conversationParticipants} other on other.conversation_id = mine.conversation_id and other.user_id <> mine.user_id
        where mine.user_id = ${userId}`);
      const mine = places.map((place) => place.conversationId);
      const partners = places.flatMap(({ conversationId, partnerId }) => (partnerId ? [{ conversationId, partnerId }] : []));
      if (mine.length > 0) tx.update(conversations).set({ pairKey: null }).where(inArray(conversations.id, mine)).run();

      tx.update(tagbackTokens).set({ userId: null, isClaimed: false, isVerified: false }).where(eq(tagbackTokens.userId, userId)).run();

      // One pseudonym for all of the admin's rows: the trail still shows which lookups one person made.
      const pseudonym = `deleted admin ${crypto.randomUUID().slice(0, 8)}`;
      tx.update(adminLookups).set({ adminUserId: pseudonym, adminEmail: pseudonym }).where(eq(adminLookups.adminUserId, userId)).run();

      // The address as kept, and its mailbox: the per-address code limits count the latter.
      forgetKeysNaming(tx, [userId, user.email, mailboxOf(user.email), ...threads.map((t) => t.finderUserId)]);
      // A pending sign-in code is keyed by the address, not the user: no cascade reaches it.
      forgetCodesOf(tx, user.email);
      tx.delete(users).where(eq(users.id, userId)).run();

      // A conversation whose other side had erased their account before: nobody is left to read it.
      if (mine.length > 0) {
        tx.run(sql`delete from ${conversations} where ${inArray(conversations.id, mine)}
          and not exists (select 1 from ${conversationParticipants} p where p.conversation_id = ${conversations}.id)`);
      }
      return { ok: true, finderThreads: threads, partners };
    },
    { behavior: "immediate" },
  );
  if (!outcome.ok) return outcome;
  truncateWalSoon();
  announceSignedOut(userId);
  for (const thread of outcome.finderThreads) announceClosed(thread.conversationId, thread.finderUserId);
  for (const { conversationId, partnerId } of outcome.partners) announceActivity(conversationId, [partnerId]);
  return { ok: true };
}

/**
 * The Danger Zone's form (`intent=delete-account`, `confirm=` the account's e-mail): a wrong
 * confirmation is a 400 and the last admin a 409, both changing nothing; an erasure signs this
 * browser out too and goes to the page that says what was erased.
 */
export async function deleteAccountAction(db: Db, request: Request, user: SessionUser, formData: FormData) {
  const raw = formData.get("confirm");
  const typed = typeof raw === "string" ? raw : "";
  const refuse = (error: MessageKey, status: number) => data({ intent: DELETE_ACCOUNT_INTENT, deleteError: error, typed }, { status });
  if (isEmailTooLong(typed.trim())) return refuse("common.emailTooLong", 400);
  if (normalizeEmail(typed) !== normalizeEmail(user.email)) return refuse("deleteAccount.confirmMismatch", 400);
  let outcome;
  try {
    outcome = eraseAccount(db, user.id);
  } catch (error) {
    console.error("erasing an account failed", error);
    return refuse("deleteAccount.failed", 503);
  }
  if (!outcome.ok && outcome.reason === "last-admin") return refuse("deleteAccount.lastAdmin", 409);
  // Erased now, or a moment ago from another tab: either way the account is gone.
  return redirect(ACCOUNT_DELETED_PATH, { headers: { "Set-Cookie": await destroySession(db, request) } });
}
