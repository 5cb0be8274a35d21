// Admin lookup of an owner's full contact details (spec 001 §3 "Admin lookup result") and its
// audit trail. Every lookup is recorded in admin_lookups before its answer is shown; the trail is
// append-only: this module only inserts and reads it (no delete exists in the app; the one update
// is an erased admin's pseudonym, features/account/erasure.server.ts), and a trigger
// (db/migrations/0005) refuses every other update.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { adminLookups, profiles, tagbackTokens, users } from "../../../db/schema";
import { normalizePhone, normalizeTelegram } from "~/features/finder/contact-links";
import type { SessionUser } from "~/features/account/session.server";
import { ADMIN_DEFAULT_DIGITS, AUDIT_SHOWN, LOOKUP_KIND_LABELS, type LookupKind } from "./rules";
import { istDateTime } from "~/core/india-time";

export type AdminLookupResult = {
  fullName: string | null;
  email: string;
  xUsername: string | null;
  bio: string | null;
  primaryNumber: string | null;
  emergencyNumber: string | null;
  callNumber: string | null;
  telegram: string | null;
  whatsapp: string | null;
};

/**
 * A number as an admin reads it: a 10-digit number gets the default country code (the finder's
 * normalizePhone: +91); anything else is shown as the owner stored it.
 */
export function adminNumber(value: string | null | undefined): string | null {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return null;
  return trimmed.replace(/[\s-]/g, "").length === ADMIN_DEFAULT_DIGITS && /^[\d\s-]+$/.test(trimmed) ? normalizePhone(trimmed) : trimmed;
}

/** Telegram: a phone number as above, a handle as the finder shows it (@name). */
function adminTelegram(value: string | null): string | null {
  return /^[\d\s-]+$/.test((value ?? "").trim()) ? adminNumber(value) : normalizeTelegram(value);
}

const columns = {
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  email: users.email,
  xUsername: profiles.xUsername,
  bio: profiles.bio,
  mobileNumber: profiles.mobileNumber,
  socialSms: profiles.socialSms,
  socialCall: profiles.socialCall,
  socialTelegram: profiles.socialTelegram,
  socialWhatsapp: profiles.socialWhatsapp,
};

/** Only a verified token finds its owner (as in the finder); a metro card finds its profile. */
async function findOwner(db: Db, kind: LookupKind, number: string) {
  if (kind === "token") {
    return db
      .select(columns)
      .from(tagbackTokens)
      .innerJoin(profiles, eq(profiles.id, tagbackTokens.userId))
      .innerJoin(users, eq(users.id, profiles.id))
      .where(and(eq(tagbackTokens.token, number), eq(tagbackTokens.isVerified, true)))
      .get();
  }
  return db.select(columns).from(profiles).innerJoin(users, eq(users.id, profiles.id)).where(eq(profiles.metroCardNumber, number)).get();
}

/**
 * Looks the owner up and records the lookup (which admin, what, found or not). The record is
 * written before the answer is returned: a lookup that cannot be recorded shows nothing.
 */
export async function lookUpOwner(db: Db, admin: SessionUser, kind: LookupKind, number: string): Promise<AdminLookupResult | null> {
  const row = await findOwner(db, kind, number);
  await db.insert(adminLookups).values({ adminUserId: admin.id, adminEmail: admin.email, kind, value: number, found: Boolean(row) }).run();
  if (!row) return null;
  return {
    fullName: [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || null,
    email: row.email,
    xUsername: row.xUsername,
    bio: row.bio,
    primaryNumber: adminNumber(row.mobileNumber),
    emergencyNumber: adminNumber(row.socialSms),
    callNumber: adminNumber(row.socialCall),
    telegram: adminTelegram(row.socialTelegram),
    whatsapp: adminNumber(row.socialWhatsapp),
  };
}

export type AuditEntry = Awaited<ReturnType<typeof listLookups>>[number];

/** The newest lookups, newest first, with their time in India time. */
export async function listLookups(db: Db, limit = AUDIT_SHOWN) {
  const rows = await db.select().from(adminLookups).orderBy(desc(adminLookups.lookedUpAt)).limit(limit).all();
  return rows.map((row) => ({
    id: row.id,
    at: row.lookedUpAt.toISOString(),
    when: istDateTime(row.lookedUpAt),
    adminEmail: row.adminEmail,
    kind: LOOKUP_KIND_LABELS[row.kind],
    value: row.value,
    found: row.found,
  }));
}
