// Limits and lockouts, counted in our own SQLite database (table rate_limits) by
// rate-limiter-flexible, so they hold across restarts and are checked before any expensive work.
//
// The numbers (documented in README.md, "Limits and lockouts"):
// - finder searches: 10 per minute per client IP (the spec's number)
// - unlock digits: 5 wrong tries per profile per client IP, then locked for 1 hour; and at most
//   20 wrong tries per profile from all clients per day. 4 digits = 10,000 codes, so a guesser
//   needs years.
// - token-claim passwords: 5 wrong per token per day and 10 wrong per user per day, then locked
//   until the day is over.
// - developer-mode password: 5 wrong per IP, then locked for 15 minutes.
// - password sign-in: 5 wrong per e-mail per 15 minutes, and 20 per IP, then locked 15 minutes.
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import type { Db } from "../../db/connection";
import { SIGN_IN_LOCK_MINUTES } from "~/features/account/rules";
import { SEARCHES_PER_MINUTE } from "~/features/finder/rules";
import { TOKEN_CLAIM_LOCK_HOURS } from "~/features/stickers/rules";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const SIGN_IN_LOCK = SIGN_IN_LOCK_MINUTES * 60;
const CLAIM_LOCK = TOKEN_CLAIM_LOCK_HOURS * HOUR;

type LimitOptions = { points: number; duration: number; blockDuration?: number };

export const LIMITS = {
  search: { points: SEARCHES_PER_MINUTE, duration: 60 },
  unlockPerClient: { points: 5, duration: HOUR, blockDuration: HOUR },
  unlockPerProfile: { points: 20, duration: DAY, blockDuration: DAY },
  tokenClaimPerToken: { points: 5, duration: CLAIM_LOCK, blockDuration: CLAIM_LOCK },
  tokenClaimPerUser: { points: 10, duration: CLAIM_LOCK, blockDuration: CLAIM_LOCK },
  devModePerIp: { points: 5, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK },
  signInPerEmail: { points: 5, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK },
  signInPerIp: { points: 20, duration: SIGN_IN_LOCK, blockDuration: SIGN_IN_LOCK },
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
