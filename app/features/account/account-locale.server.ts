// The account's language (issue 48, decision 048): what every mail and push to the account is
// written in, whoever caused it — a finder writing in Hindi to an owner who reads Tamil gets the
// owner a Tamil mail. Chosen once at sign-up from the language the page was in (the request's,
// middleware/i18n.ts), changed by the language switch while signed in (routes/language.ts) and in
// /settings. Read inside the transactions that queue a notification, so these are synchronous
// (better-sqlite3 answers at once; an `await` would leave the transaction).
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { users } from "../../../db/schema";
import { DEFAULT_LOCALE, isLocale, type Locale } from "~/core/locale";
import { normalizeEmail } from "./admins.server";

type Reader = Pick<Db, "select">;

/** The language the account is written to in; English for an unknown account. */
export function accountLocaleOf(tx: Reader, userId: string): Locale {
  const row = tx.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).get();
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

/**
 * The language of the account an address belongs to, or null when no account has it (a sign-in
 * code to an address that has none yet goes in the language of the page that asked for it).
 */
export function accountLocaleOfEmail(tx: Reader, email: string): Locale | null {
  const row = tx.select({ locale: users.locale }).from(users).where(eq(users.email, normalizeEmail(email))).get();
  return row && isLocale(row.locale) ? row.locale : null;
}

/** Keeps `locale` as the account's language. */
export async function setAccountLocale(db: Db, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
