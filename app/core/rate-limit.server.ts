// Limits and lockouts, counted in our own SQLite database (table rate_limits), so they hold across
// restarts and are checked before any expensive work. Fixed windows go through rate-limiter-flexible
// (LIMITS); the profile-wide unlock counts are sliding windows of one row per wrong try (WINDOWS).
// Every per-client limit counts the request's clientKey: an IPv4 address or an IPv6 /64
// (core/client-key.ts), never a whole IPv6 address.
//
// The numbers (documented in README.md, "Limits and lockouts"; the rules modules hold them):
// - finder searches: 10 per minute per client (the spec's number)
// - unlock digits of a masked bio (features/finder/rules.ts): 5 wrong 4-digit tries per profile
//   per client, then that client is locked out of that profile for 1 hour. Per profile from
//   everyone: once it has had 10 wrong 4-digit tries in any 24 hours, or 20 in any 365 days, its
//   4 digits are refused until the window has room again and only the full 12-digit token printed
//   on the sticker unlocks it (5 wrong tokens per profile per client, then 1 hour locked). So
//   nobody can lock the rightful finder out, and a guesser gets at most 10 of the 10,000 codes a
//   day (a 0.1 % chance) and 20 a year (0.2 %); a token is one of 10^12.
// - token-claim passwords: 5 wrong per token per day and 10 wrong per user per day, then locked
//   until the day is over.
// - developer-mode password: 5 wrong per client, then locked for 15 minutes.
// - password sign-in: 5 wrong per e-mail per 15 minutes, and 20 per client, then locked 15 minutes.
// - photos of QR codes decoded on /found (features/lost-found/rules.ts): 6 per client per minute.
// - messaging (features/messaging/rules.ts): 30 messages a minute and 20 new conversations a day
//   per user.
// - "I found this" (features/finder-contact/rules.ts): 5 messages an hour per client and 20 a day
//   per owner through the form; 60 replies an hour per client on private thread pages.
import { sql } from "drizzle-orm";
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import type { Db } from "../../db/connection";
import { rateLimits } from "../../db/schema";
import { SIGN_IN_LOCK_MINUTES } from "~/features/account/rules";
import {
  SEARCHES_PER_MINUTE,
  UNLOCK_CLIENT_LOCK_HOURS,
  UNLOCK_WRONG_PER_CLIENT,
  UNLOCK_WRONG_PER_PROFILE_PER_DAY,
  UNLOCK_WRONG_PER_PROFILE_PER_YEAR,
  UNLOCK_WRONG_TOKENS_PER_CLIENT,
} from "~/features/finder/rules";
import { TOKEN_CLAIM_LOCK_HOURS } from "~/features/stickers/rules";
import { PHOTO_DECODES_PER_MINUTE } from "~/features/lost-found/rules";
import { MESSAGES_PER_MINUTE, NEW_CONVERSATIONS_PER_DAY } from "~/features/messaging/rules";
import {
  FINDER_MESSAGES_PER_CLIENT_PER_HOUR,
  FINDER_MESSAGES_PER_OWNER_PER_DAY,
  FINDER_REPLIES_PER_CLIENT_PER_HOUR,
} from "~/features/finder-contact/rules";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
const SIGN_IN_LOCK = SIGN_IN_LOCK_MINUTES * 60;
const CLAIM_LOCK = TOKEN_CLAIM_LOCK_HOURS * HOUR;
const UNLOCK_LOCK = UNLOCK_CLIENT_LOCK_HOURS * HOUR;

type LimitOptions = { points: number; duration: number; blockDuration?: number };

export const LIMITS = {
  search: { points: SEARCHES_PER_MINUTE, duration: 60 },
  unlockPerClient: { points: UNLOCK_WRONG_PER_CLIENT, duration: UNLOCK_LOCK, blockDuration: UNLOCK_LOCK },
  unlockTokenPerClient: { points: UNLOCK_WRONG_TOKENS_PER_CLIENT, duration: UNLOCK_LOCK, blockDuration: UNLOCK_LOCK },
  tokenClaimPerToken: { points: 5, duration: CLAIM_LOCK, blockDuration: CLAIM_LOCK },
  tokenClaimPerUser: { points: 10, duration: CLAIM_LOCK, blockDuration: CLAIM_LOCK },
  devModePerIp: { points: 5, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK },
  signInPerEmail: { points: 5, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK },
  signInPerIp: { points: 20, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK },
  photoDecodesPerClient: { points: PHOTO_DECODES_PER_MINUTE, duration: 60 },
  messagesPerUser: { points: MESSAGES_PER_MINUTE, duration: 60 },
  newConversationsPerUser: { points: NEW_CONVERSATIONS_PER_DAY, duration: DAY },
  finderMessagesPerClient: { points: FINDER_MESSAGES_PER_CLIENT_PER_HOUR, duration: HOUR },
  finderMessagesPerOwner: { points: FINDER_MESSAGES_PER_OWNER_PER_DAY, duration: DAY },
  finderRepliesPerClient: { points: FINDER_REPLIES_PER_CLIENT_PER_HOUR, duration: HOUR },
} as const satisfies Record<string, LimitOptions>;

export type LimitName = keyof typeof LIMITS;

// One limiter per database connection and limit (tests open several databases in one process).
const limiters = new WeakMap<Db["$client"], Map<LimitName, RateLimiterSQLite>>();

function limiter(db: Db, name: LimitName) {
  let byName = limiters.get(db.$client);
  if (!byName) limiters.set(db.$client, (byName = new Map()));
  let found = byName.get(name);
  if (!found) {
    found = new RateLimiterSQLite({
      storeClient: db.$client,
      storeType: "better-sqlite3",
      tableName: "rate_limits",
      tableCreated: true, // created by our migrations
      keyPrefix: name,
      ...LIMITS[name],
    });
    byName.set(name, found);
  }
  return found;
}

/** Spends one point; false when the limit is used up (the request must be refused). */
export async function consume(db: Db, name: LimitName, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  try {
    await limiter(db, name).consume(key);
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    }
    throw error;
  }
}

/** For consecutive-failure lockouts: is this key locked right now (all points spent)? */
export async function isLocked(db: Db, name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(db, name).get(key);
  return res !== null && res.consumedPoints >= LIMITS[name].points;
}

/** Records one failure. Returns true when this failure used up the last try. */
export async function recordFailure(db: Db, name: LimitName, key: string): Promise<boolean> {
  const { allowed } = await consume(db, name, key);
  return !allowed || (await isLocked(db, name, key));
}

/** A success clears the failures counted for the key. */
export async function clearFailures(db: Db, name: LimitName, key: string): Promise<void> {
  await limiter(db, name).delete(key);
}

// ---------------------------------------------------------------------------------------------
// Sliding windows. Each try is one row of rate_limits ("name:key:time:random", points 1, expiring
// when the longest window has passed; the retention sweep deletes expired rows, server/retention.ts),
// so "at most 10 in any 24 hours and 20 in any 365 days" holds exactly, not per calendar window.
// A profile has at most as many rows as its longest window allows.

type WindowOptions = { points: number; duration: number };

export const WINDOWS = {
  /** Wrong 4-digit unlock tries on one profile, from everyone. */
  unlockDigitsPerProfile: [
    { points: UNLOCK_WRONG_PER_PROFILE_PER_DAY, duration: DAY },
    { points: UNLOCK_WRONG_PER_PROFILE_PER_YEAR, duration: YEAR },
  ],
} as const satisfies Record<string, readonly WindowOptions[]>;

export type WindowName = keyof typeof WINDOWS;

/** The key range of one name and key: every row key starting "name:key:". */
function rowRange(name: WindowName, key: string) {
  const prefix = `${name}:${key}:`;
  return { prefix, from: prefix, to: `${prefix.slice(0, -1)};` };
}

/** For each window: "this window still has room" (fewer rows than points within its duration). */
function roomIn(name: WindowName, key: string, now: number) {
  const { from, to } = rowRange(name, key);
  const windows: readonly WindowOptions[] = WINDOWS[name];
  const longest = Math.max(...windows.map((w) => w.duration)) * 1000;
  // A row expires `longest` after its try, so a try within `duration` has expire > this.
  return windows.map(
    (w) =>
      sql`(select count(*) from ${rateLimits} where "key" >= ${from} and "key" < ${to} and "expire" > ${now - w.duration * 1000 + longest}) < ${w.points}`,
  );
}

/** Is any window of `name` full for `key` (a try must be refused)? */
export async function windowFull(db: Db, name: WindowName, key: string, now = Date.now()): Promise<boolean> {
  const row = await db.get<{ room: number }>(sql`select (${sql.join(roomIn(name, key, now), sql` and `)}) as room`);
  return !row?.room;
}

/**
 * Spends one try in every window of `name` if each has room, in one statement (so concurrent tries
 * can never overshoot). Returns a receipt for `refundWindow`, or null when a window is full.
 */
export async function spendWindow(db: Db, name: WindowName, key: string, now = Date.now()): Promise<string | null> {
  const windows: readonly WindowOptions[] = WINDOWS[name];
  const longest = Math.max(...windows.map((w) => w.duration)) * 1000;
  const rowKey = `${rowRange(name, key).prefix}${now}:${crypto.randomUUID()}`;
  const rows = await db.all<{ key: string }>(sql`
    insert into ${rateLimits} ("key", "points", "expire")
    select ${rowKey}, 1, ${now + longest}
    where ${sql.join(roomIn(name, key, now), sql` and `)}
    returning "key"`);
  return rows[0]?.key ?? null;
}

/** Gives a spent try back (a right answer is not a wrong try). */
export async function refundWindow(db: Db, receipt: string): Promise<void> {
  await db.run(sql`delete from ${rateLimits} where "key" = ${receipt}`);
}
