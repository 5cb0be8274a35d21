// The root's middleware: loads the signed-in user once per request (document and data requests
// alike) into the context, where the root loader, the guards and the layouts read it.
import { createContext, type MiddlewareFunction } from "react-router";
import { dbContext } from "~/core/context";
import { getSessionUser, type SessionUser } from "~/features/account/session.server";

export const userContext = createContext<SessionUser | null>(null);

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(userContext, await getSessionUser(context.get(dbContext), request));
  return next();
};
