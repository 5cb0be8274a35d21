// Completes the return from Google on the server and sends the user on at once (the spec's
// waits existed only for a browser library; see docs/decisions/005).
import { redirect } from "react-router";
import type { Route } from "./+types/auth_.callback";
import { getAuthenticator, redirectToCookie } from "~/features/account/google-auth.server";
import { safeRedirect } from "~/core/safe-redirect";
import { createSession } from "~/features/account/session.server";
import { redirectWithToast } from "~/core/toast.server";
import { dbContext } from "~/core/context";
import { upsertGoogleUser } from "~/features/account/users.server";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const url = new URL(request.url);
  if (!url.searchParams.get("code") && !url.searchParams.get("error")) return redirect("/auth");
  const clearOAuthCookies = [
    await redirectToCookie().serialize("", { maxAge: 0 }),
    "tb_oauth=; Path=/auth; Max-Age=0; HttpOnly; SameSite=Lax",
  ];
  try {
    const identity = await getAuthenticator().authenticate("google", request);
    // The language of the page the return lands on: the sign-in page's (decision 048).
    const { userId, created } = await upsertGoogleUser(db, identity, context.get(localeContext));
    const redirectTo = await redirectToCookie().parse(request.headers.get("Cookie"));
    const headers = new Headers();
    headers.append("Set-Cookie", await createSession(db, userId));
    for (const cookie of clearOAuthCookies) headers.append("Set-Cookie", cookie);
    // A first sign-in always starts on the profile.
    return redirect(created ? "/profile" : safeRedirect(redirectTo), { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("Google sign-in failed:", error instanceof Error ? error.message : error);
    return redirectWithToast(
      "/auth",
      { type: "error", ...messageIn(context.get(localeContext), "auth.googleFailed") },
      { headers: clearOAuthCookies.map((cookie) => ["Set-Cookie", cookie]) },
    );
  }
}
