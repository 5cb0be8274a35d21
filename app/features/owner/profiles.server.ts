// The signed-in owner's own profile: read it, save the profile form, save one privacy setting,
// and preview it as a finder sees it. Every query is keyed by the session's user id.
import { and, asc, eq, ne } from "drizzle-orm";
import { getDb } from "../../../db/connection";
import { profiles, tagbackTokens } from "../../../db/schema";
import { metroCardLookup, tokenLookup, toPublicProfile } from "~/features/finder/owner-search.server";
import type { ProfileUpdate } from "~/features/owner/profile-schema";
import type { PublicProfile } from "~/features/finder/public-profile";
import type { PrivacySetting } from "~/features/owner/privacy";

const ownProfileColumns = {
  id: profiles.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  photoUrl: profiles.photoUrl,
  xUsername: profiles.xUsername,
  bio: profiles.bio,
  maskBio: profiles.maskBio,
  metroCardNumber: profiles.metroCardNumber,
  mobileNumber: profiles.mobileNumber,
  showEmail: profiles.showEmail,
  showMobile: profiles.showMobile,
  socialSms: profiles.socialSms,
  socialCall: profiles.socialCall,
  socialTelegram: profiles.socialTelegram,
  socialWhatsapp: profiles.socialWhatsapp,
  useSocialIcons: profiles.useSocialIcons,
  useMobileForSocials: profiles.useMobileForSocials,
  totalSearches: profiles.totalSearches,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
};

export type OwnProfile = NonNullable<Awaited<ReturnType<typeof getOwnProfile>>>;

export async function getOwnProfile(userId: string) {
  return (await getDb().select(ownProfileColumns).from(profiles).where(eq(profiles.id, userId)).get()) ?? null;
}

/** Every user has a profile row; one made before profiles existed gets an empty one. */
export async function ensureProfile(userId: string) {
  await getDb().insert(profiles).values({ id: userId }).onConflictDoNothing().run();
}

/** Is this metro card number held by an account other than `userId`? */
export async function metroCardHeldByOther(userId: string, metroCardNumber: string): Promise<boolean> {
  const row = await getDb()
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.metroCardNumber, metroCardNumber), ne(profiles.id, userId)))
    .get();
  return row !== undefined;
}

function isUniqueViolation(error: unknown) {
  return (
    typeof error === "object" &&
    error !== null &&
    "code" in error &&
    (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE"
  );
}

function causeOf(error: unknown): unknown {
  return typeof error === "object" && error !== null && "cause" in error ? (error as { cause: unknown }).cause : undefined;
}

/**
 * Saves the profile form. A changed metro card number resets created_at (spec 001 §4). The unique
 * index is the last word on metro cards: a number taken between the check and the write is
 * refused the same way, and nothing is changed.
 */
export async function updateOwnProfile(userId: string, update: ProfileUpdate): Promise<{ ok: true } | { ok: false; reason: "metro-taken" }> {
  const db = getDb();
  await ensureProfile(userId);
  const current = await db.select({ metroCardNumber: profiles.metroCardNumber }).from(profiles).where(eq(profiles.id, userId)).get();
  const now = new Date();
  const metroChanged = (current?.metroCardNumber ?? null) !== update.metroCardNumber;
  try {
    await db
      .update(profiles)
      .set({ ...update, updatedAt: now, ...(metroChanged ? { createdAt: now } : {}) })
      .where(eq(profiles.id, userId))
      .run();
  } catch (error) {
    if (isUniqueViolation(error) || isUniqueViolation(causeOf(error))) return { ok: false, reason: "metro-taken" };
    throw error;
  }
  return { ok: true };
}

export async function updatePrivacySetting(userId: string, setting: PrivacySetting, on: boolean) {
  await ensureProfile(userId);
  await getDb()
    .update(profiles)
    .set({ [setting]: on, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .run();
}

/** The owner's first verified token (the one a finder's result names), or null. */
export async function firstVerifiedToken(userId: string): Promise<string | null> {
  const row = await getDb()
    .select({ token: tagbackTokens.token })
    .from(tagbackTokens)
    .where(and(eq(tagbackTokens.userId, userId), eq(tagbackTokens.isVerified, true)))
    .orderBy(asc(tagbackTokens.createdAt))
    .limit(1)
    .get();
  return row?.token ?? null;
}

/**
 * The owner's profile exactly as a finder's search shows it: the finder search's own lookup and
 * mapping, run with the owner's metro card or first verified token. Null when the owner has
 * neither ('No Identifiers Found').
 */
export async function previewOwnProfile(userId: string): Promise<PublicProfile | null> {
  const own = await getDb().select({ metroCardNumber: profiles.metroCardNumber }).from(profiles).where(eq(profiles.id, userId)).get();
  const token = own?.metroCardNumber ? null : await firstVerifiedToken(userId);
  const statement = own?.metroCardNumber ? metroCardLookup(own.metroCardNumber) : token ? tokenLookup(token) : null;
  const row = statement ? await statement.get() : undefined;
  if (!row || row.id !== userId) return null;
  return toPublicProfile(row, { unlocked: false });
}
