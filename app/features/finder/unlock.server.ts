// Unlocking a masked bio: with the four digits (characters 5 to 8 of the owner's first verified
// token), or with that whole token as printed on the sticker. The numbers and limits are in
// ./rules.ts, counted by core/rate-limit.server.ts:
// - wrong 4-digit tries count against this client on this profile (UNLOCK_PER_CLIENT_LIMIT) and
//   against the profile from everyone (UNLOCK_PER_PROFILE_WINDOWS, sliding windows of a day and a
//   year). Once the profile's windows are full its 4 digits are refused ("useToken"): only the
//   full token unlocks, so a guesser's chance stays bounded and nobody can lock the rightful
//   finder out.
// - wrong full tokens count against this client on this profile only (UNLOCK_TOKEN_PER_CLIENT_LIMIT);
//   a right token unlocks whatever the profile's digit count.
// The demo profile has no limits: its digits are printed on the page.
// What an unlock opens: the masked bio, and, for a signed-in finder the owner shares contact details
// with (owner-search.server.ts sharesWith), the e-mail and mobile number the owner chose to show.
import type { Db } from "../../../db/connection";
import { clearFailures, isLocked, recordFailure, refundWindow, spendWindow, windowFull } from "~/core/rate-limit.server";
import { safeEqual } from "~/core/safe-equal.server";
import { DEMO_TOKEN, TOKEN_LENGTH, unlockDigitsOf } from "~/features/stickers/rules";
import { DEMO_UNLOCK_DIGITS, demoProfile, isDemoSearch } from "./demo";
import type { SharedContacts, UnlockMode } from "./finder";
import { findOwner, sharesWith, toPublicProfile } from "./owner-search.server";
import { sharedContactsOf } from "./shared-contacts.server";
import type { PublicProfile } from "./public-profile";
import { UNLOCK_DIGIT_COUNT, UNLOCK_PER_CLIENT_LIMIT, UNLOCK_PER_PROFILE_WINDOWS, UNLOCK_TOKEN_PER_CLIENT_LIMIT } from "./rules";
import type { SearchQuery } from "./search-input";

export type UnlockRefusal =
  /** Wrong 4 digits. */
  | "wrong"
  /** This client had too many wrong 4-digit tries on this profile. */
  | "locked"
  /** The profile had too many wrong 4-digit tries from everyone: enter the full token. */
  | "useToken"
  /** A full token that is not the owner's. */
  | "wrongToken"
  /** This client had too many wrong full tokens on this profile. */
  | "tokenLocked"
  | "notMasked";

export type UnlockOutcome =
  | { ok: true; profile: PublicProfile; sharedContacts: SharedContacts | null }
  | { ok: false; reason: UnlockRefusal };

/** Which form the finder gets after a refusal: the 4 digits, or the full token. */
export function unlockModeAfter(reason: UnlockRefusal): UnlockMode {
  return reason === "useToken" || reason === "wrongToken" || reason === "tokenLocked" ? "token" : "digits";
}

/**
 * `typed` is what the finder entered, digits only: TOKEN_LENGTH digits are a full token, anything
 * else a try at the 4 digits. `clientKey` is the request's per-client key (core/client-key.ts);
 * `finderId` the signed-in finder, if any.
 */
export async function unlockBio(db: Db, query: SearchQuery, typed: string, clientKey: string, finderId: string | null = null): Promise<UnlockOutcome> {
  if (isDemoSearch(query)) {
    const right = typed.length === TOKEN_LENGTH ? safeEqual(typed, DEMO_TOKEN) : safeEqual(typed, DEMO_UNLOCK_DIGITS);
    return right ? { ok: true, profile: demoProfile({ unlocked: true }), sharedContacts: null } : { ok: false, reason: "wrong" };
  }
  const row = await findOwner(db, query);
  const sharing = row ? sharesWith(row, finderId) : false;
  if (!row || (!row.maskBio && !sharing)) return { ok: false, reason: "notMasked" };
  const unlockedAnswer = async (): Promise<UnlockOutcome> => ({
    ok: true,
    profile: toPublicProfile(row, { unlocked: true }),
    sharedContacts: sharing ? await sharedContactsOf(db, row.id) : null,
  });
  const clientOnProfile = `${row.id}:${clientKey}`;

  if (typed.length === TOKEN_LENGTH) {
    if (await isLocked(db, UNLOCK_TOKEN_PER_CLIENT_LIMIT, clientOnProfile)) return { ok: false, reason: "tokenLocked" };
    const token = row.firstToken?.replace(/\D/g, "") ?? "";
    if (token.length === TOKEN_LENGTH && safeEqual(typed, token)) {
      await clearFailures(db, UNLOCK_TOKEN_PER_CLIENT_LIMIT, clientOnProfile);
      return unlockedAnswer();
    }
    const locked = await recordFailure(db, UNLOCK_TOKEN_PER_CLIENT_LIMIT, clientOnProfile);
    return { ok: false, reason: locked ? "tokenLocked" : "wrongToken" };
  }

  // The profile's refusal comes first: the full token works for this client even when locked here.
  if (await windowFull(db, UNLOCK_PER_PROFILE_WINDOWS, row.id)) return { ok: false, reason: "useToken" };
  if (await isLocked(db, UNLOCK_PER_CLIENT_LIMIT, clientOnProfile)) return { ok: false, reason: "locked" };
  if (typed.length !== UNLOCK_DIGIT_COUNT) {
    // Not a guess at the code (too short, too long): a wrong try for this client only.
    const locked = await recordFailure(db, UNLOCK_PER_CLIENT_LIMIT, clientOnProfile);
    return { ok: false, reason: locked ? "locked" : "wrong" };
  }
  // Every 4-digit try is counted before it is checked, so no burst of tries overshoots the windows.
  const receipt = await spendWindow(db, UNLOCK_PER_PROFILE_WINDOWS, row.id);
  if (!receipt) return { ok: false, reason: "useToken" };
  const expected = unlockDigitsOf(row.firstToken);
  if (expected && safeEqual(typed, expected)) {
    await Promise.all([refundWindow(db, receipt), clearFailures(db, UNLOCK_PER_CLIENT_LIMIT, clientOnProfile)]);
    return unlockedAnswer();
  }
  const clientLocked = await recordFailure(db, UNLOCK_PER_CLIENT_LIMIT, clientOnProfile);
  if (await windowFull(db, UNLOCK_PER_PROFILE_WINDOWS, row.id)) return { ok: false, reason: "useToken" };
  return { ok: false, reason: clientLocked ? "locked" : "wrong" };
}
