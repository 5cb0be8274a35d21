import { createCookie, type Cookie } from "react-router";
import { cookieSecrets, getEnv } from "~/core/env.server";

/**
 * Every cookie Tagback sets: signed with SESSION_SECRET, HttpOnly, SameSite=Lax, and Secure where
 * the app is served over https (a Secure cookie never comes back over plain http, e.g. in tests).
 */
export function signedCookie(name: string, options: { path?: string; maxAge?: number } = {}) {
  return createCookie(name, {
    path: options.path ?? "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().secureCookies,
    secrets: cookieSecrets(),
    maxAge: options.maxAge,
  });
}

// Verified string values of signed cookies, by cookie name and the whole Cookie header they came
// in. Checking a signature is an HMAC through WebCrypto (a key import and a verify, each a job on
// another thread): ~5 % of a signed-in page's CPU, for the same header on every page an owner
// opens. A header gives the same value as long as the secrets do (they are the key's too: a test
// that changes SESSION_SECRET starts afresh); only values that passed the check are kept, so a
// forged header is checked every time.
// At most VERIFIED_ENTRIES headers of at most VERIFIED_HEADER_CHARS each (~1 MB), oldest out first.
const VERIFIED_ENTRIES = 1_000;
const VERIFIED_HEADER_CHARS = 1_024;
const verified = new Map<string, string>();
let verifiedWith: string | undefined;

/**
 * `cookie.parse(header)` for a cookie whose value is a string: the value, or null when the cookie
 * is missing, empty, not a string or not signed with our secrets.
 */
export async function readSignedString(cookie: Cookie, header: string | null): Promise<string | null> {
  if (!header) return null;
  const secrets = getEnv().SESSION_SECRET;
  if (secrets !== verifiedWith) {
    verified.clear();
    verifiedWith = secrets;
  }
  const key = `${cookie.name}=${header}`;
  const known = verified.get(key);
  if (known !== undefined) return known;
  const value: unknown = await cookie.parse(header);
  if (typeof value !== "string" || value === "") return null;
  if (header.length <= VERIFIED_HEADER_CHARS) {
    if (verified.size >= VERIFIED_ENTRIES) verified.delete(verified.keys().next().value!);
    verified.set(key, value);
  }
  return value;
}
