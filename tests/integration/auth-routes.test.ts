// Route-level tests of sign-in: the real loaders and actions against a real (temporary) database.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { testDb } from "../support/test-db";
import { seed } from "../../db/seed";
import { sessions, users } from "../../db/schema";
import { requireAdmin, requireUserId } from "~/features/account/guards.server";
import { requestInfoContext } from "~/core/context";
import { getSessionUserId } from "~/features/account/session.server";
import * as authRoute from "~/routes/auth/route";
import * as confirmRoute from "~/routes/auth_.confirm";
import * as indexRoute from "~/routes/_index/route";
import * as logoutRoute from "~/routes/logout";

process.env.DEV_MODE_PASSWORD = "unit-pw";
const BASE = "http://localhost:3000";

function context(clientIp = "203.0.113.10") {
  const provider = new RouterContextProvider();
  provider.set(requestInfoContext, { nonce: "", clientIp });
  return provider;
}

function post(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
}

/** The cookie pairs a response sets, ready to send back. */
function cookiesFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function settle(result: unknown): Promise<Response | { data: unknown; init: ResponseInit | null }> {
  try {
    return (await result) as Response;
  } catch (thrown) {
    return thrown as Response;
  }
}

function statusOf(result: unknown) {
  if (result instanceof Response) return result.status;
  const init = (result as { init?: ResponseInit | null }).init;
  return init?.status ?? 200;
}

beforeAll(async () => {
  await seed(testDb());
});
afterEach(() => vi.restoreAllMocks());

async function unlockDevMode(clientIp: string) {
  const response = (await authRoute.action({
    request: post("/auth", { intent: "dev-unlock", password: "unit-pw" }),
    context: context(clientIp),
    params: {},
  } as never)) as Response;
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

describe("developer mode", () => {
  test("a wrong password is a 400 with the spec's message; the right one sets the flag and a toast", async () => {
    const wrong = await authRoute.action({
      request: post("/auth", { intent: "dev-unlock", password: "nope" }),
      context: context("203.0.113.20"),
      params: {},
    } as never);
    expect(statusOf(wrong)).toBe(400);
    expect(JSON.stringify(wrong)).toContain("Invalid admin password");

    const cookies = await unlockDevMode("203.0.113.21");
    expect(cookies).toContain("tb_dev=");
    expect(cookies).toContain("tb_toast=");
  });

  test("a password longer than 8 characters never unlocks", async () => {
    const result = await authRoute.action({
      request: post("/auth", { intent: "dev-unlock", password: "unit-pw-and-more" }),
      context: context("203.0.113.22"),
      params: {},
    } as never);
    expect(statusOf(result)).toBe(400);
  });

  test("an unknown intent is a 400", async () => {
    const result = await authRoute.action({ request: post("/auth", { intent: "hack" }), context: context(), params: {} } as never);
    expect(statusOf(result)).toBe(400);
  });
});

describe("e-mail and password accounts", () => {
  test("sign up, confirm, sign in, sign out", async () => {
    const devCookies = await unlockDevMode("203.0.113.30");
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const signedUp = await authRoute.action({
      request: post("/auth", { intent: "sign-up", email: "New.User@Example.com", password: "long-enough" }, devCookies),
      context: context("203.0.113.30"),
      params: {},
    } as never);
    expect(statusOf(signedUp)).toBe(200);
    const mail = log.mock.calls.map((call) => String(call[0])).join("\n");
    const link = /\/auth\/confirm\?token=([\w-]+)/.exec(mail)!;
    expect(link).toBeTruthy();
    const user = await testDb().select().from(users).where(eq(users.email, "new.user@example.com")).get();
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.emailConfirmedAt).toBeNull();

    const confirmed = (await settle(confirmRoute.loader({ request: new Request(`${BASE}${link[0]}`), context: context(), params: {} } as never))) as Response;
    expect(confirmed.headers.get("Location")).toBe("/auth?tab=signin");
    // The link works once.
    const reused = (await settle(confirmRoute.loader({ request: new Request(`${BASE}${link[0]}`), context: context(), params: {} } as never))) as Response;
    expect(reused.headers.get("Location")).toBe("/auth");

    const signedIn = (await authRoute.action({
      request: post("/auth", { intent: "sign-in", email: "new.user@example.com", password: "long-enough", redirectTo: "/token" }, devCookies),
      context: context("203.0.113.30"),
      params: {},
    } as never)) as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/token");
    const sessionCookie = cookiesFrom(signedIn);
    const authed = new Request(`${BASE}/profile`, { headers: { Cookie: sessionCookie } });
    expect(await requireUserId(authed)).toBe(user!.id);

    const loggedOut = (await logoutRoute.action({ request: post("/logout", {}, sessionCookie), context: context(), params: {} } as never)) as Response;
    expect(loggedOut.headers.get("Location")).toBe("/");
    expect(loggedOut.headers.getSetCookie().some((c) => c.startsWith("tb_session=;") || /tb_session=;|Max-Age=0/.test(c))).toBe(true);
    expect(await getSessionUserId(authed)).toBeNull();
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, user!.id)).all()).toEqual([]);
  });

  test("sign-in refuses empty fields, a wrong password, and locks the e-mail after 5 failures", async () => {
    const devCookies = await unlockDevMode("203.0.113.40");
    const empty = await authRoute.action({
      request: post("/auth", { intent: "sign-in", email: "", password: "" }, devCookies),
      context: context("203.0.113.40"),
      params: {},
    } as never);
    expect(statusOf(empty)).toBe(400);
    expect(JSON.stringify(empty)).toContain("Please enter both email and password");

    for (let i = 0; i < 5; i++) {
      const wrong = await authRoute.action({
        request: post("/auth", { intent: "sign-in", email: "aarav.sharma@example.com", password: "wrong" }, devCookies),
        context: context("203.0.113.40"),
        params: {},
      } as never);
      expect(statusOf(wrong)).toBe(400);
    }
    const locked = await authRoute.action({
      request: post("/auth", { intent: "sign-in", email: "aarav.sharma@example.com", password: "demo1234" }, devCookies),
      context: context("203.0.113.41"),
      params: {},
    } as never);
    expect(statusOf(locked)).toBe(429);
  });

  test("sign-in without developer mode is refused", async () => {
    const result = await authRoute.action({
      request: post("/auth", { intent: "sign-in", email: "aarav.sharma@example.com", password: "demo1234" }),
      context: context(),
      params: {},
    } as never);
    expect(statusOf(result)).toBe(403);
  });
});

describe("guards", () => {
  test("requireUserId sends an anonymous visitor to /auth with a local way back", async () => {
    const thrown = (await settle(requireUserId(new Request(`${BASE}/messaging?user=1`)))) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/auth?redirectTo=%2Fmessaging%3Fuser%3D1");
  });

  test("requireAdmin answers 403 to a signed-in non-admin", async () => {
    const [user] = await testDb().insert(users).values({ email: "plain@example.com", emailConfirmedAt: new Date() }).returning();
    const { createSession } = await import("~/features/account/session.server");
    const cookie = (await createSession(user.id)).split(";")[0];
    const thrown = (await settle(requireAdmin(new Request(`${BASE}/admin/lookup`, { headers: { Cookie: cookie } })))) as Response;
    expect(thrown.status).toBe(403);
    expect(await thrown.text()).toBe("You do not have admin access.");
  });

  test("the landing page sends a signed-in user to /profile", async () => {
    const [user] = await testDb().insert(users).values({ email: "landing@example.com", emailConfirmedAt: new Date() }).returning();
    const { createSession } = await import("~/features/account/session.server");
    const cookie = (await createSession(user.id)).split(";")[0];
    const thrown = (await settle(indexRoute.loader({ request: new Request(`${BASE}/`, { headers: { Cookie: cookie } }), context: context(), params: {} } as never))) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("Location")).toBe("/profile");
  });
});
