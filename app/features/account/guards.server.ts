// The guards: each reads the user the session middleware loaded and throws when they may not
// continue. The signed-in area lists requireUserMiddleware once on its layout; the admin section's
// layout has its own (features/admin/guard.server.ts), built on requireAdmin.
import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { dbContext } from "~/core/context";
import { safeRedirect } from "~/core/safe-redirect";
import { userContext } from "~/middleware/session";
import { isAdmin } from "./admins.server";
import type { SessionUser } from "./session.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

function signInUrl(request: Request) {
  const url = new URL(request.url);
  const target = safeRedirect(url.pathname + url.search, "");
  return target ? `/auth?${new URLSearchParams({ redirectTo: target })}` : "/auth";
}

/** The signed-in user, or a redirect to /auth that brings them back afterwards. */
export function requireUser({ request, context }: Args): SessionUser {
  const user = context.get(userContext);
  if (!user) throw redirect(signInUrl(request));
  return user;
}

/** Sign-in pages are for visitors: a signed-in user goes on to the app. */
export function requireAnonymous({ context }: Pick<Args, "context">) {
  if (context.get(userContext)) throw redirect("/profile");
}

/** Admin checks run on the server: a row in admin_users, else 403. */
export async function requireAdmin(args: Args): Promise<SessionUser> {
  const user = requireUser(args);
  if (!(await isAdmin(args.context.get(dbContext), user.id))) {
    throw new Response("You do not have admin access.", { status: 403, statusText: "Access denied" });
  }
  return user;
}

export const requireUserMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  requireUser(args);
  return next();
};
