// Passkeys (issue 33, decision 034), through @simplewebauthn/server: adding one to the signed-in
// account, signing in with one, listing and removing them.
//
// - The relying party is APP_URL: its host is the RP id, its origin the expected origin. An IP
//   address cannot be an RP id, so a loopback APP_URL (demo mode, tests) on 127.0.0.1 or [::1]
//   uses "localhost" and accepts http://localhost:PORT (a secure context for browsers).
// - Challenges are rows of `webauthn_challenges`: handed out by the server, answered within
//   PASSKEY_CHALLENGE_MINUTES, used once (deleted when the answer is checked, whatever it says).
// - User verification is preferred, not required (a security key without a PIN still works);
//   signature counters are checked by the library (a counter that goes back is refused) and stored.
// - Sign-in asks for a discoverable credential (no e-mail typed first), so the browser can offer
//   the account's passkeys itself, also in the e-mail field's autofill (conditional mediation).
//
// @simplewebauthn/server is imported where a ceremony starts or is checked, not at start: with its
// ASN.1 and X.509 libraries it is ~0.5 MB of code every process would otherwise parse and keep,
// for the few requests that add or use a passkey (decision 020). Listing and removing need none of it.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { passkeys, users, webauthnChallenges } from "../../../db/schema";
import { getEnv } from "~/core/env.server";
import { preparedPerConnection } from "~/core/prepared.server";
import { consume } from "~/core/rate-limit.server";
import { PASSKEY_CHALLENGE_MINUTES, PASSKEY_CHALLENGES_PER_CLIENT_LIMIT, PASSKEYS_PER_ACCOUNT } from "./rules";

const RP_NAME = "Tagback";

/** The relying party: RP id and the origins a response may come from. */
export function relyingParty(): { id: string; origins: string[] } {
  const appUrl = new URL(getEnv().APP_URL);
  const host = appUrl.hostname;
  if (host === "127.0.0.1" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host)) {
    const localhost = new URL(appUrl);
    localhost.hostname = "localhost";
    return { id: "localhost", origins: [localhost.origin] };
  }
  return { id: host, origins: [appUrl.origin] };
}

/** Spends one of the client's challenges for this hour; false when they are used up. */
export async function allowChallenge(db: Db, clientKey: string): Promise<boolean> {
  return (await consume(db, PASSKEY_CHALLENGES_PER_CLIENT_LIMIT, clientKey)).allowed;
}

async function keepChallenge(db: Db, challenge: string, purpose: "register" | "sign-in", userId: string | null) {
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_MINUTES * 60_000);
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt });
}

/**
 * The check the library runs on the challenge a response carries: true once for a live challenge
 * of this purpose (and account), which is deleted by the check, so it never answers twice.
 */
function takeChallenge(db: Db, purpose: "register" | "sign-in", userId: string | null) {
  return async (challenge: string) => {
    const taken = await db
      .delete(webauthnChallenges)
      .where(
        and(
          eq(webauthnChallenges.challenge, challenge),
          eq(webauthnChallenges.purpose, purpose),
          gt(webauthnChallenges.expiresAt, new Date()),
          userId ? eq(webauthnChallenges.userId, userId) : undefined,
        ),
      )
      .returning({ challenge: webauthnChallenges.challenge });
    return taken.length === 1;
  };
}

/** What the browser needs to create a passkey for the signed-in account. */
export async function registrationOptions(db: Db, user: { id: string; email: string }) {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id)).all();
  const { generateRegistrationOptions } = await import("@simplewebauthn/server");
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty().id,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: "none",
    // The same authenticator is not registered twice.
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: transportsOf(key.transports) })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, options.challenge, "register", user.id);
  return options;
}

export type AddPasskeyResult = { ok: true; name: string } | { ok: false; reason: "refused" | "too-many" };

/** Checks the browser's answer and keeps the new passkey under `name` (the device it was made on). */
export async function addPasskey(db: Db, userId: string, response: RegistrationResponseJSON, name: string): Promise<AddPasskeyResult> {
  const held = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get();
  if ((held?.n ?? 0) >= PASSKEYS_PER_ACCOUNT) return { ok: false, reason: "too-many" };
  const { verifyRegistrationResponse } = await import("@simplewebauthn/server");
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: takeChallenge(db, "register", userId),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch (error) {
    console.warn("passkey registration refused:", refusalOf(error));
    return { ok: false, reason: "refused" };
  }
  if (!verification.verified) return { ok: false, reason: "refused" };
  const { credential } = verification.registrationInfo;
  const inserted = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports?.join(",") ?? null,
      name,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (inserted.length === 0) return { ok: false, reason: "refused" };
  return { ok: true, name };
}

/** What the browser needs to sign in with any passkey of this site (discoverable credentials). */
export async function signInOptions(db: Db) {
  const { generateAuthenticationOptions } = await import("@simplewebauthn/server");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    userVerification: "preferred",
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, options.challenge, "sign-in", null);
  return options;
}

export type PasskeySignInResult = { ok: true; userId: string } | { ok: false; reason: "unknown-passkey" | "refused" };

/** Checks a sign-in answer: the passkey must be one an account still holds, its signature and counter right. */
export async function signInWithPasskey(db: Db, response: AuthenticationResponseJSON): Promise<PasskeySignInResult> {
  const key = await db
    .select({ id: passkeys.id, userId: passkeys.userId, publicKey: passkeys.publicKey, counter: passkeys.counter, transports: passkeys.transports })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, response.id))
    .get();
  if (!key) {
    // Use the challenge up all the same: an answer is checked once, whatever it says.
    await takeChallenge(db, "sign-in", null)(challengeOf(response));
    return { ok: false, reason: "unknown-passkey" };
  }
  const { verifyAuthenticationResponse } = await import("@simplewebauthn/server");
  const rp = relyingParty();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: takeChallenge(db, "sign-in", null),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: key.id, publicKey: new Uint8Array(key.publicKey), counter: key.counter, transports: transportsOf(key.transports) },
      requireUserVerification: false,
    });
  } catch (error) {
    console.warn("passkey sign-in refused:", refusalOf(error));
    return { ok: false, reason: "refused" };
  }
  if (!verification.verified) return { ok: false, reason: "refused" };
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, key.id));
  return { ok: true, userId: key.userId };
}

/**
 * What the log says of the library's refusal: its message without the values it quotes. The
 * library writes what the response carried into its messages (`… challenge "<the response's
 * challenge>", expected "…"`), and that is whatever the client sent (decision 043).
 */
function refusalOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/"[^"]*"?/g, '"…"').slice(0, 200);
}

/** The challenge inside a response's client data (base64url JSON), or "" when unreadable. */
function challengeOf(response: AuthenticationResponseJSON): string {
  try {
    const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8")) as { challenge?: unknown };
    return typeof clientData.challenge === "string" ? clientData.challenge : "";
  } catch {
    return "";
  }
}

function transportsOf(stored: string | null) {
  return stored ? stored.split(",") : undefined;
}

export type PasskeyListing = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

/** The account's passkeys, oldest first: what /settings lists. */
// /settings lists them on every page: prepared once per connection (core/prepared.server.ts).
const passkeysListedFor = preparedPerConnection((db) =>
  db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, sql.placeholder("userId")))
    .orderBy(asc(passkeys.createdAt))
    .prepare(),
);

export async function passkeysOf(db: Db, userId: string): Promise<PasskeyListing[]> {
  return passkeysListedFor(db).all({ userId });
}

/** Removes one of the account's own passkeys; false when it has no such passkey. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const removed = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  return removed.length === 1;
}

/**
 * A name for a new passkey from the browser's User-Agent: the device and the browser ("Chrome on
 * Android"), so the owner recognises it in the list. Nothing more of the header is kept.
 */
export function deviceNameOf(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const device = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? "Android"
        : /Mac OS X|Macintosh/.test(ua)
          ? "Mac"
          : /Windows/.test(ua)
            ? "Windows"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser/.test(ua)
      ? "Samsung Internet"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\/|Chromium\/|CriOS/.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : null;
  if (device && browser) return `${browser} on ${device}`;
  return device ?? browser ?? "Passkey";
}
