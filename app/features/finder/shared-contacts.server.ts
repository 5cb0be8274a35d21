// What an owner shares beyond the public profile: the e-mail and mobile number, each only when the
// owner turned it on in Settings, and only for a signed-in finder who has unlocked the profile
// with the sticker's digits or token (see unlock.server.ts). Anonymous finders never get here.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { profiles, users } from "../../../db/schema";
import type { SharedContacts } from "./finder";

export async function sharedContactsOf(db: Db, ownerId: string): Promise<SharedContacts | null> {
  const row = await db
    .select({ email: users.email, mobile: profiles.mobileNumber, showEmail: profiles.showEmail, showMobile: profiles.showMobile })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.id, ownerId))
    .get();
  if (!row) return null;
  const shared = { email: row.showEmail ? row.email : null, mobile: row.showMobile ? row.mobile || null : null };
  return shared.email || shared.mobile ? shared : null;
}
