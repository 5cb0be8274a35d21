// What an owner prints for themselves from /token (decision 027): a lock-screen card of one of
// their verified tokens, and a reprint of the sticker labels of all of them. Only the signed-in
// owner's own verified tokens are ever drawn; the work itself runs in the print worker
// (sheet-jobs.server.ts), after the owner's per-minute limit.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { profiles, tagbackTokens } from "../../../db/schema";
import { preparedPerConnection } from "~/core/prepared.server";
import { consume } from "~/core/rate-limit.server";
import { WorkerBusyError } from "~/core/worker-pool.server";
import { NO_STORE } from "~/core/no-store";
import { messageIn, type Locale, type MessageKey } from "~/i18n/messages";
import { tokenUrl } from "./mint.server";
import { isToken, LOCK_SCREEN_LINE_DEFAULT, PRINTS_PER_USER_LIMIT, REPRINT_MAX_LABELS, reprintCopiesOf } from "./rules";
import type { Sticker } from "./sheet.server";
import { verifiedTokensOf } from "./tokens.server";

/** A plain-text refusal (these answers are files, not pages): the message's description, in the request's language. */
export function refusal(key: MessageKey, status: number, locale: Locale, headers: Record<string, string> = {}): Response {
  const { title, description } = messageIn(locale, key);
  return new Response(description ?? title, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE, ...headers } });
}

/**
 * For a print's `.catch`: a full queue of the print worker (sheet-jobs.server.ts) is a 503 to retry
 * in a minute, not a 500; in the owner's page language (the admin's sheets pass "en").
 */
export function refuseWhenBusy(locale: Locale): (error: unknown) => never {
  return (error) => {
    if (error instanceof WorkerBusyError) throw refusal("token.printQueueFull", 503, locale, { "Retry-After": "30" });
    throw error;
  };
}

/** Whether `token` is one of the user's verified tokens. */
export async function isOwnVerifiedToken(db: Db, userId: string, token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const row = await db
    .select({ id: tagbackTokens.id })
    .from(tagbackTokens)
    .where(and(eq(tagbackTokens.token, token), eq(tagbackTokens.userId, userId), eq(tagbackTokens.isVerified, true)))
    .get();
  return Boolean(row);
}

/** The line the owner saved for their cards, or null (the default line). */
export async function lockScreenLineOf(db: Db, userId: string): Promise<string | null> {
  return lockScreenLineRead(db).get({ userId })?.line ?? null;
}

// /token shows it on every page: prepared once per connection (core/prepared.server.ts).
const lockScreenLineRead = preparedPerConnection((db) =>
  db.select({ line: profiles.lockScreenLine }).from(profiles).where(eq(profiles.id, sql.placeholder("userId"))).prepare(),
);

/** The line a card prints. */
export async function cardLineOf(db: Db, userId: string): Promise<string> {
  return (await lockScreenLineOf(db, userId)) ?? LOCK_SCREEN_LINE_DEFAULT;
}

export async function saveLockScreenLine(db: Db, userId: string, line: string | null): Promise<void> {
  await db.update(profiles).set({ lockScreenLine: line, updatedAt: new Date() }).where(eq(profiles.id, userId)).run();
}

// Owners with a print being drawn in this process. The print worker's queue is shared by every
// owner and admin (one running, four waiting, then 503): one owner has one print in it at a time,
// so a burst from one account (a double click, a script) cannot fill it for everyone else.
const printing = new Set<string>();

/**
 * Draws one print of the owner's with `draw`: a 429 when the owner has printed
 * PRINTS_PER_USER_LIMIT times this minute, or has a print still being drawn.
 */
export async function printFor<T>(db: Db, userId: string, locale: Locale, draw: () => Promise<T>): Promise<T> {
  if (printing.has(userId)) throw refusal("token.printBusy", 429, locale, { "Retry-After": "5" });
  printing.add(userId);
  try {
    const { allowed, retryAfterSeconds } = await consume(db, PRINTS_PER_USER_LIMIT, userId);
    if (!allowed) throw refusal("token.printsLimited", 429, locale, { "Retry-After": String(retryAfterSeconds) });
    return await draw();
  } finally {
    printing.delete(userId);
  }
}

export type ReprintRequest = { ok: true; copies: number } | { ok: false; response: Response };

/** `copies` from a link's query (reprintCopiesOf). */
export function reprintCopies(params: URLSearchParams, locale: Locale): ReprintRequest {
  const copies = reprintCopiesOf(params.get("copies"));
  return copies === null ? { ok: false, response: refusal("token.badCopies", 400, locale) } : { ok: true, copies };
}

/**
 * The labels of a reprint: each of the owner's verified tokens `copies` times, oldest token
 * first, copies side by side. Throws a 404 when there is none, a 400 past REPRINT_MAX_LABELS.
 */
export async function reprintStickers(db: Db, userId: string, copies: number, appUrl: string, locale: Locale): Promise<Sticker[]> {
  const tokens = (await verifiedTokensOf(db, userId)).reverse();
  if (tokens.length === 0) throw refusal("token.noVerifiedTokens", 404, locale);
  if (tokens.length * copies > REPRINT_MAX_LABELS) throw refusal("token.tooManyLabels", 400, locale);
  return tokens.flatMap((token) => Array.from({ length: copies }, () => ({ token, url: tokenUrl(appUrl, token) })));
}
