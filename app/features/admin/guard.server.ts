// The admin section's one guard: middleware on the `admin` layout (app/routes/admin.tsx) that
// runs, on the server, before every loader and action below it (documents and data requests
// alike). It puts the checked admin into the context; a page reads it with `currentAdmin`, which
// throws when the guard did not run, so a route outside the layout fails closed.
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requireAdmin } from "~/features/account/guards.server";
import type { SessionUser } from "~/features/account/session.server";

const adminContext = createContext<SessionUser>();

/** Anonymous: redirect to /auth (back here afterwards). Signed in but not an admin: 403. */
export const adminMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const admin = await requireAdmin(args);
  args.context.set(adminContext, admin);
  return next();
};

/** The admin the guard let in (id and e-mail). */
export function currentAdmin(context: Readonly<RouterContextProvider>): SessionUser {
  return context.get(adminContext);
}
