// Server-side sessions: a row per session; the cookie carries only the signed session id.
import { and, eq, gt } from "drizzle-orm";
import { getDb } from "../../../db/connection";
import { sessions } from "../../../db/schema";
import { signedCookie } from "~/core/cookies.server";

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

function sessionCookie() {
  return signedCookie("tb_session", { maxAge: SESSION_MAX_AGE_SECONDS });
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** Creates a session row for the user and returns the Set-Cookie header value. */
export async function createSession(userId: string): Promise<string> {
  const [session] = await getDb()
    .insert(sessions)
    .values({ userId, expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000) })
    .returning({ id: sessions.id });
  return sessionCookie().serialize(session.id);
}

/** The user id of a live session, or null. Expired and deleted sessions grant nothing. */
export async function getSessionUserId(request: Request): Promise<string | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const row = await getDb()
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .get();
  return row?.userId ?? null;
}

/** Deletes the session row (if any) and returns the header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  try {
    const sessionId = await readSessionId(request);
    if (sessionId) await getDb().delete(sessions).where(eq(sessions.id, sessionId));
  } catch (error) {
    // Sign-out must always clear the cookie and leave, even when the database fails.
    console.error("session delete failed", error);
  }
  return sessionCookie().serialize("", { maxAge: 0 });
}
