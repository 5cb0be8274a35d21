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
import { getDb } from "../../db/connection";

type LimitOptions = { points: number; duration: number; blockDuration?: number };

export const LIMITS = {
  search: { points: 10, duration: 60 },
  unlockPerClient: { points: 5, duration: 60 * 60, blockDuration: 60 * 60 },
  unlockPerProfile: { points: 20, duration: 24 * 60 * 60, blockDuration: 24 * 60 * 60 },
  tokenClaimPerToken: { points: 5, duration: 24 * 60 * 60, blockDuration: 24 * 60 * 60 },
  tokenClaimPerUser: { points: 10, duration: 24 * 60 * 60, blockDuration: 24 * 60 * 60 },
  devModePerIp: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  signInPerEmail: { points: 5, duration: 15 * 60, blockDuration: 15 * 60 },
  signInPerIp: { points: 20, duration: 15 * 60, blockDuration: 15 * 60 },
} as const satisfies Record<string, LimitOptions>;

export type LimitName = keyof typeof LIMITS;

const limiters = new Map<LimitName, RateLimiterSQLite>();

function limiter(name: LimitName) {
  let found = limiters.get(name);
  if (!found) {
    found = new RateLimiterSQLite({
      storeClient: getDb().$client,
      storeType: "better-sqlite3",
      tableName: "rate_limits",
      tableCreated: true, // created by our migrations
      keyPrefix: name,
      ...LIMITS[name],
    });
    limiters.set(name, found);
  }
  return found;
}

/** Spends one point; false when the limit is used up (the request must be refused). */
export async function consume(name: LimitName, key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  try {
    await limiter(name).consume(key);
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    }
    throw error;
  }
}

/** For consecutive-failure lockouts: is this key locked right now (all points spent)? */
export async function isLocked(name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(name).get(key);
  return res !== null && res.consumedPoints >= LIMITS[name].points;
}

/** Records one failure. Returns true when this failure used up the last try. */
export async function recordFailure(name: LimitName, key: string): Promise<boolean> {
  const { allowed } = await consume(name, key);
  return !allowed || (await isLocked(name, key));
}

/** A success clears the failures counted for the key. */
export async function clearFailures(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/** Tests and the CLI start from a clean slate. */
export function resetLimitersForTests() {
  limiters.clear();
}
