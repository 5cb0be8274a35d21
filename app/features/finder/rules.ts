// Rules of the finder search (spec 000 §5, §9; DESIGN §7) and the limits that hold them (declared
// here, counted by core/rate-limit.server.ts); app/i18n/en.ts quotes the numbers; docs/limits.md
// explains them.

/** Searches per minute from one client (an IPv4 address or an IPv6 /64). */
export const SEARCHES_PER_MINUTE = 10;
/**
 * The finder's search limit, keyed by the client (`consume(db, SEARCH_LIMIT, clientKey)`): every
 * page that looks an owner up by a number spends it, so none becomes a way around it.
 */
export const SEARCH_LIMIT = { name: "search", points: SEARCHES_PER_MINUTE, duration: 60 } as const;
/** How many digits unlock a masked bio. */
export const UNLOCK_DIGIT_COUNT = 4;

// Unlocking a masked bio. The 4 digits are one of 10,000 codes, so wrong 4-digit tries are counted
// per client and, from everyone, per profile. Once a profile has had too many, its 4 digits stop
// working for the rest of that window and only the full token printed on the sticker unlocks it:
// the finder holding the sticker has it, and nobody guesses one of 10^12. So nobody can lock the
// rightful finder out, and the chance of guessing the digits stays bounded:
//   per day:  UNLOCK_WRONG_PER_PROFILE_PER_DAY / 10,000  = 10 / 10,000 = 0.1 %
//   per year: UNLOCK_WRONG_PER_PROFILE_PER_YEAR / 10,000 = 20 / 10,000 = 0.2 %

/** Wrong 4-digit tries from one client on one profile before that client is locked out of it. */
export const UNLOCK_WRONG_PER_CLIENT = 5;
/** How long that lock (and the full-token lock below) lasts. */
export const UNLOCK_CLIENT_LOCK_HOURS = 1;
/** Wrong 4-digit tries on one profile, from everyone, in any 24 hours: then only the full token. */
export const UNLOCK_WRONG_PER_PROFILE_PER_DAY = 10;
/** Wrong 4-digit tries on one profile, from everyone, in any 365 days: then only the full token. */
export const UNLOCK_WRONG_PER_PROFILE_PER_YEAR = 20;
/** Wrong full tokens from one client on one profile before that client is locked out of it. */
export const UNLOCK_WRONG_TOKENS_PER_CLIENT = 5;

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
const UNLOCK_LOCK = UNLOCK_CLIENT_LOCK_HOURS * HOUR;

/** Wrong 4-digit tries, keyed by client and profile. */
export const UNLOCK_PER_CLIENT_LIMIT = { name: "unlockPerClient", points: UNLOCK_WRONG_PER_CLIENT, duration: UNLOCK_LOCK, blockDuration: UNLOCK_LOCK } as const;
/** Wrong full tokens, keyed by client and profile. */
export const UNLOCK_TOKEN_PER_CLIENT_LIMIT = {
  name: "unlockTokenPerClient",
  points: UNLOCK_WRONG_TOKENS_PER_CLIENT,
  duration: UNLOCK_LOCK,
  blockDuration: UNLOCK_LOCK,
} as const;
/** Wrong 4-digit tries on one profile from everyone, keyed by profile: sliding windows. */
export const UNLOCK_PER_PROFILE_WINDOWS = {
  name: "unlockDigitsPerProfile",
  windows: [
    { points: UNLOCK_WRONG_PER_PROFILE_PER_DAY, duration: DAY },
    { points: UNLOCK_WRONG_PER_PROFILE_PER_YEAR, duration: 365 * DAY },
  ],
} as const;

/**
 * The visits kept in one owner's search history (docs/data-retention.md): past it, the
 * oldest plain views go first; visits that went on to message the owner are kept. ~410 bytes a
 * row: an owner's history stays under ~2 MB however many strangers scan the sticker.
 */
export const HISTORY_VIEWS_KEPT_PER_OWNER = 5_000;
/** The history is trimmed on every this-many-th human search of an owner (one indexed delete). */
export const HISTORY_TRIM_EVERY = 100;
