// Unlocking a masked bio: the four digits are characters 5 to 8 of the owner's first verified
// token. Wrong digits count against this client (unlockPerClient, per profile and IP) and against
// the profile from everyone (unlockPerProfile); see core/rate-limit.server.ts for the numbers.
import type { Db } from "../../../db/connection";
import { clearFailures, isLocked, recordFailure } from "~/core/rate-limit.server";
import { safeEqual } from "~/core/safe-equal.server";
import { unlockDigitsOf } from "~/features/stickers/rules";
import { DEMO_UNLOCK_DIGITS, demoProfile, isDemoSearch } from "./demo";
import { findOwner, toPublicProfile } from "./owner-search.server";
import type { PublicProfile } from "./public-profile";
import { UNLOCK_DIGIT_COUNT } from "./rules";
import type { SearchQuery } from "./search-input";

export type UnlockOutcome =
  | { ok: true; profile: PublicProfile }
  | { ok: false; reason: "wrong" | "locked" | "notMasked" };

export async function unlockBio(db: Db, query: SearchQuery, digits: string, ip: string): Promise<UnlockOutcome> {
  if (isDemoSearch(query)) {
    return safeEqual(digits, DEMO_UNLOCK_DIGITS) ? { ok: true, profile: demoProfile({ unlocked: true }) } : { ok: false, reason: "wrong" };
  }
  const row = await findOwner(db, query);
  if (!row || !row.maskBio) return { ok: false, reason: "notMasked" };
  const clientKey = `${row.id}:${ip}`;
  if ((await isLocked(db, "unlockPerClient", clientKey)) || (await isLocked(db, "unlockPerProfile", row.id))) {
    return { ok: false, reason: "locked" };
  }
  const expected = unlockDigitsOf(row.firstToken);
  if (expected && digits.length === UNLOCK_DIGIT_COUNT && safeEqual(digits, expected)) {
    await clearFailures(db, "unlockPerClient", clientKey);
    return { ok: true, profile: toPublicProfile(row, { unlocked: true }) };
  }
  const [clientLocked, profileLocked] = await Promise.all([
    recordFailure(db, "unlockPerClient", clientKey),
    recordFailure(db, "unlockPerProfile", row.id),
  ]);
  return { ok: false, reason: clientLocked || profileLocked ? "locked" : "wrong" };
}
