// Who is asking, and the guards that throw when they may not.
import { createContext, redirect, type MiddlewareFunction } from "react-router";
import { getDb } from "../../../db/connection";
import { isAdmin } from "~/features/account/admins.server";
import { safeRedirect } from "~/core/safe-redirect";
import { getSessionUserId } from "~/features/account/session.server";

export const getUserId = getSessionUserId;

function signInUrl(request: Request) {
  const url = new URL(request.url);
  const target = safeRedirect(url.pathname + url.search, "");
  return target ? `/auth?${new URLSearchParams({ redirectTo: target })}` : "/auth";
}

/** The signed-in user's id, or a redirect to /auth that brings them back afterwards. */
export async function requireUserId(request: Request): Promise<string> {
  const userId = await getSessionUserId(request);
  if (!userId) throw redirect(signInUrl(request));
  return userId;
}

/** Sign-in pages are for visitors: a signed-in user goes on to the app. */
export async function requireAnonymous(request: Request) {
  if (await getSessionUserId(request)) throw redirect("/profile");
}

/** Admin checks run on the server: a row in admin_users, else 403. */
export async function requireAdmin(request: Request): Promise<string> {
  const userId = await requireUserId(request);
  if (!(await isAdmin(getDb(), userId))) {
    throw new Response("You do not have admin access.", { status: 403, statusText: "Access denied" });
  }
  return userId;
}

/** The signed-in user's id, set by userMiddleware for every route below a guarded layout. */
export const userIdContext = createContext<string>();

export const requireUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(userIdContext, await requireUserId(request));
  return next();
};

export const requireAdminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(userIdContext, await requireAdmin(request));
  return next();
};
