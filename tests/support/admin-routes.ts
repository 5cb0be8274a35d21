// Calling admin routes in tests the way React Router does: the admin layout's middleware (the one
// guard of app/routes/admin.tsx) runs first, then the route's own middleware, then the loader or
// action. A refusal (redirect, 403) comes back as the Response the guard threw.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import * as adminLayout from "~/routes/admin";
import { grantAdmin } from "~/features/account/admins.server";
import { callRoute, createOwner } from "./routes";
import { testDb } from "./test-db";

type Args = { request: Request; url: URL; pattern: string; params: Record<string, string | undefined>; context: Readonly<RouterContextProvider> };
type RouteModule = { middleware?: unknown[] };

/** Runs `fn` below the admin layout's middleware (and the route's own), as the router would. */
export function callAdmin<Result>(
  fn: (args: Args) => Result,
  request: Request,
  options: { user?: { id: string; email: string }; route?: RouteModule; params?: Record<string, string> } = {},
) {
  const chain = [...(adminLayout.middleware as unknown[]), ...(options.route?.middleware ?? [])] as MiddlewareFunction<Response>[];
  return callRoute(
    async (args) => {
      const withParams = { ...args, params: options.params ?? {} };
      let result: Awaited<Result> | undefined;
      const run = async (index: number): Promise<Response> => {
        if (index === chain.length) {
          result = await fn(withParams);
          return new Response(null);
        }
        return (await chain[index]!(withParams as never, () => run(index + 1))) as Response;
      };
      await run(0);
      return result as Awaited<Result>;
    },
    request,
    options,
  );
}

/** A new user with the admin role (granted the way the operator CLI grants it). */
export async function createAdmin() {
  const user = await createOwner(`admin-${crypto.randomUUID().slice(0, 8)}@example.test`);
  const granted = await grantAdmin(testDb(), user.email);
  if (granted.status !== "granted") throw new Error(`could not grant admin: ${granted.status}`);
  return user;
}
