// The signed-in owner's own profile: read it, save the profile form, save one privacy setting,
// and preview it as a finder sees it. Every query is keyed by the session's user id.
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { profiles } from "../../../db/schema";
import { preparedPerConnection } from "~/core/prepared.server";
import { findOwner, toPublicProfile } from "~/features/finder/owner-search.server";
import type { PublicProfile } from "~/features/finder/public-profile";
import type { SearchQuery } from "~/features/finder/search-input";
import { firstVerifiedToken } from "~/features/stickers/tokens.server";
import type { PrivacySetting } from "./privacy";
import type { ProfileUpdate } from "./profile-schema";

export type OwnProfile = NonNullable<Awaited<ReturnType<typeof getOwnProfile>>>;

// /profile and /settings read it on every page: prepared once per connection (core/prepared.server.ts).
const ownProfileOf = preparedPerConnection((db) => db.select().from(profiles).where(eq(profiles.id, sql.placeholder("userId"))).prepare());

/** The owner's whole row: every column is theirs to see (it never leaves the owner's own pages). */
export async function getOwnProfile(db: Db, userId: string) {
  return (await ownProfileOf(db).get({ userId })) ?? null;
}

/** Is this metro card number held by an account other than `userId`? */
export async function metroCardHeldByOther(db: Db, userId: string, metroCardNumber: string): Promise<boolean> {
  const row = await db
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
export async function updateOwnProfile(db: Db, userId: string, update: ProfileUpdate): Promise<{ ok: true } | { ok: false; reason: "metro-taken" }> {
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

export async function updatePrivacySetting(db: Db, userId: string, setting: PrivacySetting, on: boolean) {
  await db
    .update(profiles)
    .set({ [setting]: on, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .run();
}

/**
 * The owner's profile exactly as a finder's search shows it: the finder search's own lookup and
 * mapping, run with the owner's metro card or first verified token. Null when the owner has
 * neither ('No Identifiers Found').
 */
export async function previewOwnProfile(db: Db, userId: string): Promise<PublicProfile | null> {
  const own = await db.select({ metroCardNumber: profiles.metroCardNumber }).from(profiles).where(eq(profiles.id, userId)).get();
  const token = own?.metroCardNumber ? null : await firstVerifiedToken(db, userId);
  const query: SearchQuery | null = own?.metroCardNumber
    ? { type: "metrocard", number: own.metroCardNumber }
    : token
      ? { type: "tagbacktoken", number: token }
      : null;
  const row = query ? await findOwner(db, query) : null;
  if (!row || row.id !== userId) return null;
  return toPublicProfile(row, { unlocked: false });
}
