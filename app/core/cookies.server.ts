import { createCookie } from "react-router";
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
