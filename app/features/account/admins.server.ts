// Admin role: a row in admin_users. Granted and revoked by operators (scripts/admin.ts);
// checked by the app in loaders and actions.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection.ts";
import { adminUsers, users } from "../../../db/schema.ts";
import { preparedPerConnection } from "../../core/prepared.server.ts";

export type GrantResult =
  | { status: "granted" | "already-admin"; userId: string; email: string }
  | { status: "unknown-user"; email: string };
export type RevokeResult =
  | { status: "revoked" | "not-admin"; userId: string; email: string }
  | { status: "unknown-user"; email: string };

/** E-mails are stored trimmed and lower-cased; look-ups normalise the same way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findUserId(db: Db, email: string): Promise<string | undefined> {
  const row = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  return row?.id;
}

// Every page of the signed-in area asks (its layout's loader): prepared once per connection.
const adminRowOf = preparedPerConnection((db) =>
  db.select({ userId: adminUsers.userId }).from(adminUsers).where(eq(adminUsers.userId, sql.placeholder("userId"))).prepare(),
);

export async function isAdmin(db: Db, userId: string): Promise<boolean> {
  return (await adminRowOf(db).get({ userId })) !== undefined;
}

/** Makes the user with this e-mail an admin; granting twice is harmless. */
export async function grantAdmin(db: Db, rawEmail: string): Promise<GrantResult> {
  const email = normalizeEmail(rawEmail);
  const userId = await findUserId(db, email);
  if (!userId) return { status: "unknown-user", email };
  const inserted = await db
    .insert(adminUsers)
    .values({ userId })
    .onConflictDoNothing()
    .returning({ userId: adminUsers.userId })
    .all();
  return { status: inserted.length > 0 ? "granted" : "already-admin", userId, email };
}

/** Removes the admin role of the user with this e-mail. */
export async function revokeAdmin(db: Db, rawEmail: string): Promise<RevokeResult> {
  const email = normalizeEmail(rawEmail);
  const userId = await findUserId(db, email);
  if (!userId) return { status: "unknown-user", email };
  const deleted = await db
    .delete(adminUsers)
    .where(eq(adminUsers.userId, userId))
    .returning({ userId: adminUsers.userId })
    .all();
  return { status: deleted.length > 0 ? "revoked" : "not-admin", userId, email };
}
