// Calling the owner routes' loaders and actions the way React Router does: a Request, and a
// context whose userIdContext the guarded layout's middleware would have set.
import { RouterContextProvider } from "react-router";
import { getDb } from "../../db/connection";
import { profiles, users } from "../../db/schema";
import { userIdContext } from "~/features/account/guards.server";
import { requestInfoContext } from "~/core/context";
import { readToast } from "~/core/toast.server";

export const BASE = "http://localhost:3000";

let ipCounter = 0;

export function ownerContext(userId: string, clientIp = `203.0.113.${++ipCounter % 250}`) {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { nonce: "", clientIp });
  provider.set(userIdContext, userId);
  return provider;
}

export async function createOwner(email = `owner-${crypto.randomUUID().slice(0, 8)}@example.test`) {
  const id = crypto.randomUUID();
  await getDb().insert(users).values({ id, email, emailConfirmedAt: new Date() }).run();
  await getDb().insert(profiles).values({ id }).run();
  return { id, email };
}

export function post(path: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

export function get(path: string) {
  return new Request(`${BASE}${path}`);
}

/** Runs a loader or action; a thrown Response is returned like a returned one. */
export async function settle(result: unknown): Promise<unknown> {
  try {
    return await result;
  } catch (thrown) {
    return thrown;
  }
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

/** The toast a redirect carries, read back the way the root loader reads it. */
export async function toastOf(result: unknown) {
  if (!(result instanceof Response)) return null;
  const cookie = result.headers.getSetCookie().find((c) => c.startsWith("tb_toast="));
  if (!cookie) return null;
  const { toast } = await readToast(new Request(BASE, { headers: { Cookie: cookie.split(";")[0]! } }));
  return toast;
}
