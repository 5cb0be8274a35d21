// Google sign-in: remix-auth's OAuth2Strategy (authorization code + state + PKCE) against
// Google's endpoints, overridable by OAUTH_* so tests use a real OpenID provider on loopback.
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";
import { signedCookie } from "~/core/cookies.server";
import { emailAddressSchema } from "~/core/email-address-schema";
import { getEnv } from "~/core/env.server";
import type { GoogleIdentity } from "./users.server";

const userInfoSchema = z.object({
  sub: z.string().min(1),
  // The provider's address is held to the same length as a typed one (an account's e-mail is one).
  email: emailAddressSchema({ invalid: "not an e-mail address", tooLong: "longer than an e-mail address can be" }),
  picture: z.url().nullish(),
  name: z.string().nullish(),
});

class GoogleStrategy extends OAuth2Strategy<GoogleIdentity> {
  name = "google";

  // The account chooser every time, and a refresh token (spec: account-chooser prompt, offline access).
  protected authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    next.set("prompt", "select_account");
    next.set("access_type", "offline");
    return next;
  }
}

let authenticator: Authenticator<GoogleIdentity> | undefined;

/** Completes Google's sign-in and answers who it is; the callback route finds or creates the user. */
export function getAuthenticator(): Authenticator<GoogleIdentity> {
  if (authenticator) return authenticator;
  const env = getEnv();
  authenticator = new Authenticator<GoogleIdentity>();
  authenticator.use(
    new GoogleStrategy(
      {
        clientId: env.GOOGLE_CLIENT_ID ?? "tagback-demo-client",
        clientSecret: env.GOOGLE_CLIENT_SECRET ?? "",
        redirectURI: `${env.APP_URL}/auth/callback`,
        authorizationEndpoint: env.OAUTH_AUTHORIZATION_URL,
        tokenEndpoint: env.OAUTH_TOKEN_URL,
        scopes: ["openid", "email", "profile"],
        cookie: { name: "tb_oauth", path: "/auth", httpOnly: true, sameSite: "Lax", maxAge: 600, ...(env.secureCookies ? { secure: true as const } : {}) },
      },
      async ({ tokens }) => {
        const response = await fetch(env.OAUTH_USERINFO_URL, {
          headers: { Authorization: `Bearer ${tokens.accessToken()}` },
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
        const info = userInfoSchema.parse(await response.json());
        return { sub: info.sub, email: info.email, picture: info.picture ?? null, name: info.name ?? null };
      },
    ),
  );
  return authenticator;
}

export function googleSignInConfigured() {
  const env = getEnv();
  return Boolean(env.GOOGLE_CLIENT_ID) || env.OAUTH_AUTHORIZATION_URL !== "https://accounts.google.com/o/oauth2/v2/auth";
}

/** Where to go after Google sends the user back; kept in a short-lived signed cookie. */
export function redirectToCookie() {
  return signedCookie("tb_redirect_to", { path: "/auth", maxAge: 600 });
}
