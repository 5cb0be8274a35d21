// Users and their (one) profile.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { profiles, users } from "../../../db/schema";
import { preparedPerConnection } from "~/core/prepared.server";
import { normalizeEmail } from "~/features/account/admins.server";
import { DEFAULT_LOCALE, type Locale } from "~/core/locale";

// /settings reads it on every page: prepared once per connection (core/prepared.server.ts).
const credentialsOf = preparedPerConnection((db) =>
  db.select({ googleSub: users.googleSub, passwordHash: users.passwordHash }).from(users).where(eq(users.id, sql.placeholder("userId"))).prepare(),
);

/** How a user can sign in: with Google, with an e-mail and password (developer mode), or both. */
export async function signInMethods(db: Db, userId: string): Promise<{ google: boolean; password: boolean }> {
  const row = await credentialsOf(db).get({ userId });
  return { google: Boolean(row?.googleSub), password: Boolean(row?.passwordHash) };
}

export type GoogleIdentity = { sub: string; email: string; picture: string | null; name: string | null };

/**
 * Finds the user by Google's subject id, or creates the user and an empty profile on the first
 * sign-in. An existing account with the same e-mail (developer mode) is linked to the Google id.
 * A profile without a photo takes the Google picture. A new account's language is `locale`, the
 * language of the page the sign-in started from (decision 048).
 */
export async function upsertGoogleUser(db: Db, identity: GoogleIdentity, locale: Locale = DEFAULT_LOCALE): Promise<{ userId: string; created: boolean }> {
    const email = normalizeEmail(identity.email);
  let created = false;
  const userId = db.transaction((tx) => {
    const bySub = tx.select({ id: users.id }).from(users).where(eq(users.googleSub, identity.sub)).get();
    if (bySub) return bySub.id;
    const byEmail = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (byEmail) {
      tx.update(users).set({ googleSub: identity.sub, emailConfirmedAt: new Date() }).where(eq(users.id, byEmail.id)).run();
      return byEmail.id;
    }
    created = true;
    const [user] = tx
      .insert(users)
      .values({ email, googleSub: identity.sub, emailConfirmedAt: new Date(), locale })
      .returning({ id: users.id })
      .all();
    const [firstName, ...rest] = (identity.name ?? "").trim().split(/\s+/);
    tx.insert(profiles)
      .values({ id: user.id, firstName: firstName || null, lastName: rest.join(" ") || null })
      .run();
    return user.id;
  });
  if (identity.picture) {
    const profile = await db.select({ photoUrl: profiles.photoUrl }).from(profiles).where(eq(profiles.id, userId)).get();
    if (profile && !profile.photoUrl) {
      await db.update(profiles).set({ photoUrl: identity.picture }).where(eq(profiles.id, userId));
    }
  }
  return { userId, created };
}
