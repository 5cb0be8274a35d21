// Server-side sessions: a row per session; the cookie carries only the signed session id.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { sessions, users } from "../../../db/schema";
import { readSignedString, signedCookie } from "~/core/cookies.server";
import { preparedPerConnection } from "~/core/prepared.server";

/** A session ends this long after sign-in, and the retention sweep then deletes its row. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Who is signed in: what the session middleware puts in the context for every request. */
export type SessionUser = { id: string; email: string };

function sessionCookie() {
  return signedCookie("tb_session", { maxAge: SESSION_MAX_AGE_SECONDS });
}

function readSessionId(request: Request): Promise<string | null> {
  return readSignedString(sessionCookie(), request.headers.get("Cookie"));
}

/** Creates a session row for the user and returns the Set-Cookie header value. */
export async function createSession(db: Db, userId: string): Promise<string> {
  const [session] = await db
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) })
    .returning({ id: sessions.id });
  return sessionCookie().serialize(session.id);
}

// Every request with a session cookie reads it: prepared once per connection (core/prepared.server.ts).
const liveSessionUserOf = preparedPerConnection((db) =>
  db
    .select({ id: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
);

/** The user of a live session, or null. Expired and deleted sessions grant nothing. */
export async function getSessionUser(db: Db, request: Request): Promise<SessionUser | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  // A placeholder is bound as it is given (no column mapping): expires_at is milliseconds.
  return (await liveSessionUserOf(db).get({ sessionId, now: Date.now() })) ?? null;
}

/** Deletes the session row (if any) and returns the header that clears the cookie. */
export async function destroySession(db: Db, request: Request): Promise<string> {
  try {
    const sessionId = await readSessionId(request);
    if (sessionId) await db.delete(sessions).where(eq(sessions.id, sessionId));
  } catch (error) {
    // Sign-out must always clear the cookie and leave, even when the database fails.
    console.error("session delete failed", error);
  }
  return sessionCookie().serialize("", { maxAge: 0 });
}
