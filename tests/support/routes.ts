// Calling route modules in tests the way React Router does: a Request, and the context that
// server/app.ts builds (appContext, on this process's test database) after the root's
// middlewares (session, language) have run. One typed helper, so no test needs `as never`.
import type { RouterContextProvider } from "react-router";
import { appContext } from "~/core/context";
import { readToast } from "~/core/toast.server";
import { sessionMiddleware, userContext } from "~/middleware/session";
import { i18nMiddleware } from "~/middleware/i18n";
import { profiles, users } from "../../db/schema";
import { testDb } from "./test-db";

export const BASE = "http://localhost:3000";

type DataFunctionArgs = {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
};

let ipCounter = 0;
/** A client address of its own for each call, so per-client limits of one test never meet another's. */
export function nextClientIp() {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
}

/**
 * Runs a loader or action with `request`. The context is the app's own: this process's database,
 * the client IP, and the signed-in user as the root's session middleware loads it from the
 * request's cookie — or, with `user`, that user as if signed in.
 * A thrown Response (a redirect, a 403) is returned like a returned one.
 */
export async function callRoute<Result>(
  fn: (args: DataFunctionArgs) => Result,
  request: Request,
  options: { user?: { id: string; email: string }; clientIp?: string } = {},
): Promise<Awaited<Result> | Response> {
  const context = appContext({ db: testDb(), clientIp: options.clientIp ?? nextClientIp() });
  const args: DataFunctionArgs = { request, url: new URL(request.url), pattern: "", params: {}, context };
  // The root middleware, run for real; the route itself is called below, not by `next`.
  await sessionMiddleware(args, async () => new Response(null));
  await i18nMiddleware(args, async () => new Response(null));
  if (options.user) context.set(userContext, options.user);
  try {
    return await fn(args);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "data" in thrown && "init" in thrown) return thrown as Awaited<Result>;
    throw thrown;
  }
}

export async function createOwner(email = `owner-${crypto.randomUUID().slice(0, 8)}@example.test`) {
  const id = crypto.randomUUID();
  await testDb().insert(users).values({ id, email, emailConfirmedAt: new Date() }).run();
  await testDb().insert(profiles).values({ id }).run();
  return { id, email };
}

export function post(path: string, fields: Record<string, string | string[]>, cookie = "") {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

export function get(path: string, cookie = "") {
  return new Request(`${BASE}${path}`, cookie ? { headers: { Cookie: cookie } } : undefined);
}

export function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: ResponseInit | null }).init;
  return init?.status ?? 200;
}

/** The data of `data(...)` or a plain object. */
export function dataOf<T = Record<string, unknown>>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "init" in result) return (result as { data: T }).data;
  return result as T;
}

/** The cookie pairs a response (or a loader's `data(...)`) sets, ready to send back. */
export function cookiesFrom(result: unknown) {
  const headers = result instanceof Response ? result.headers : new Headers((result as { init?: ResponseInit | null }).init?.headers);
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair!.endsWith("="))
    .join("; ");
}

/** The toast a redirect carries, read back the way the root loader reads it. */
export async function toastOf(result: unknown) {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("tb_toast="));
  if (!cookie) return null;
  const { toast } = await readToast(new Request(BASE, { headers: { Cookie: cookie.split(";")[0]! } }));
  return toast;
}
