// Route-level tests of sign-in: the real loaders and actions against a real (temporary) database,
// called through tests/support/routes.ts with the app's context and the root's session middleware.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { testDb } from "../support/test-db";
import { deliverDue } from "~/core/outbox.server";
import { callRoute, cookiesFrom, dataOf, get, post, statusOf } from "../support/routes";
import { seed } from "../../db/seed";
import { sessions, users } from "../../db/schema";
import { requireAdmin, requireUser } from "~/features/account/guards.server";
import { createSession, getSessionUser } from "~/features/account/session.server";
import { message } from "~/i18n/messages";
import * as authRoute from "~/routes/auth/route";
import * as confirmRoute from "~/routes/auth_.confirm";
import * as indexRoute from "~/routes/_index/route";
import * as logoutRoute from "~/routes/logout";

// Before anything reads the environment (getEnv() parses it once, on first use).
vi.hoisted(() => {
  process.env.DEV_MODE_PASSWORD = "unit-pw";
});

beforeAll(async () => {
  await seed(testDb());
});
afterEach(() => vi.restoreAllMocks());

/** Posts to /auth's action from `clientIp`, with the browser's cookies. */
function postAuth(fields: Record<string, string>, options: { cookie?: string; clientIp?: string } = {}) {
  return callRoute(authRoute.action, post("/auth", fields, options.cookie), { clientIp: options.clientIp });
}

/** The form-level messages (keys) of an action's answer. */
function formErrorsOf(result: unknown) {
  return dataOf<{ result?: { error?: Record<string, string[] | null> } | null }>(result).result?.error?.[""] ?? [];
}

/** Location of a redirect. */
function locationOf(result: unknown) {
  return result instanceof Response ? result.headers.get("Location") : null;
}

async function unlockDevMode(clientIp: string) {
  const response = await postAuth({ intent: "dev-unlock", password: "unit-pw" }, { clientIp });
  expect(statusOf(response)).toBe(302);
  if (!(response instanceof Response)) throw new Error("expected a redirect");
  return cookiesFrom(response);
}

async function signedInCookie(email: string) {
  const [user] = await testDb().insert(users).values({ email, emailConfirmedAt: new Date() }).returning();
  return (await createSession(testDb(), user!.id)).split(";")[0]!;
}

describe("developer mode", () => {
  test("a wrong password is a 400 with the spec's message; the right one sets the flag and a toast", async () => {
    const wrong = await postAuth({ intent: "dev-unlock", password: "nope" }, { clientIp: "203.0.113.20" });
    expect(statusOf(wrong)).toBe(400);
    expect(formErrorsOf(wrong)).toEqual(["auth.invalidAdminPassword"]);
    expect(message("auth.invalidAdminPassword").title).toBe("Invalid admin password");

    const cookies = await unlockDevMode("203.0.113.21");
    expect(cookies).toContain("tb_dev=");
    expect(cookies).toContain("tb_toast=");
  });

  test("a password longer than 8 characters never unlocks", async () => {
    const result = await postAuth({ intent: "dev-unlock", password: "unit-pw-and-more" }, { clientIp: "203.0.113.22" });
    expect(statusOf(result)).toBe(400);
  });

  test("an unknown intent is a 400", async () => {
    const result = await postAuth({ intent: "hack" });
    expect(statusOf(result)).toBe(400);
  });
});

describe("e-mail and password accounts", () => {
  test("sign up, confirm, sign in, sign out", async () => {
    const devCookies = await unlockDevMode("203.0.113.30");
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const signedUp = await postAuth(
      { intent: "sign-up", email: "New.User@Example.com", password: "long-enough" },
      { cookie: devCookies, clientIp: "203.0.113.30" },
    );
    expect(statusOf(signedUp)).toBe(200);
    // The confirmation mail, as the outbox's delivery pass writes it to the log in demo mode.
    await deliverDue(testDb());
    const mail = log.mock.calls.map((call) => String(call[0])).join("\n");
    const link = /\/auth\/confirm\?token=([\w-]+)/.exec(mail)!;
    expect(link).toBeTruthy();
    const user = await testDb().select().from(users).where(eq(users.email, "new.user@example.com")).get();
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.emailConfirmedAt).toBeNull();

    const confirmed = await callRoute(confirmRoute.loader, get(link[0]));
    expect(locationOf(confirmed)).toBe("/auth?tab=signin");
    // The link works once.
    const reused = await callRoute(confirmRoute.loader, get(link[0]));
    expect(locationOf(reused)).toBe("/auth");

    const signedIn = await postAuth(
      { intent: "sign-in", email: "new.user@example.com", password: "long-enough", redirectTo: "/token" },
      { cookie: devCookies, clientIp: "203.0.113.30" },
    );
    expect(statusOf(signedIn)).toBe(302);
    expect(locationOf(signedIn)).toBe("/token");
    if (!(signedIn instanceof Response)) throw new Error("expected a redirect");
    const sessionCookie = cookiesFrom(signedIn);
    const authed = get("/profile", sessionCookie);
    expect(await callRoute((args) => requireUser(args).id, authed)).toBe(user!.id);

    const loggedOut = await callRoute(logoutRoute.action, post("/logout", {}, sessionCookie));
    if (!(loggedOut instanceof Response)) throw new Error("expected a redirect");
    expect(loggedOut.headers.get("Location")).toBe("/");
    expect(loggedOut.headers.getSetCookie().some((c) => c.startsWith("tb_session=;") || /tb_session=;|Max-Age=0/.test(c))).toBe(true);
    expect(await getSessionUser(testDb(), authed)).toBeNull();
    expect(await testDb().select().from(sessions).where(eq(sessions.userId, user!.id)).all()).toEqual([]);
  });

  test("sign-in refuses empty fields, a wrong password, and locks the e-mail after 5 failures", async () => {
    const devCookies = await unlockDevMode("203.0.113.40");
    const empty = await postAuth({ intent: "sign-in", email: "", password: "" }, { cookie: devCookies, clientIp: "203.0.113.40" });
    expect(statusOf(empty)).toBe(400);
    expect(formErrorsOf(empty)).toEqual(["auth.bothRequired"]);
    expect(message("auth.bothRequired").description).toBe("Please enter both email and password");

    for (let i = 0; i < 5; i++) {
      const wrong = await postAuth(
        { intent: "sign-in", email: "aarav.sharma@example.com", password: "wrong" },
        { cookie: devCookies, clientIp: "203.0.113.40" },
      );
      expect(statusOf(wrong)).toBe(400);
    }
    const locked = await postAuth(
      { intent: "sign-in", email: "aarav.sharma@example.com", password: "demo1234" },
      { cookie: devCookies, clientIp: "203.0.113.41" },
    );
    expect(statusOf(locked)).toBe(429);
  });

  test("sign-in without developer mode is refused", async () => {
    const result = await postAuth({ intent: "sign-in", email: "aarav.sharma@example.com", password: "demo1234" });
    expect(statusOf(result)).toBe(403);
  });
});

describe("guards", () => {
  test("requireUser sends an anonymous visitor to /auth with a local way back", async () => {
    const thrown = await callRoute((args) => requireUser(args), get("/messaging?user=1"));
    expect(statusOf(thrown)).toBe(302);
    expect(locationOf(thrown)).toBe("/auth?redirectTo=%2Fmessaging%3Fuser%3D1");
  });

  test("requireAdmin answers 403 to a signed-in non-admin", async () => {
    const cookie = await signedInCookie("plain@example.com");
    const thrown = await callRoute((args) => requireAdmin(args), get("/admin/lookup", cookie));
    if (!(thrown instanceof Response)) throw new Error("expected a thrown Response");
    expect(thrown.status).toBe(403);
    expect(await thrown.text()).toBe("You do not have admin access.");
  });

  test("a session that expires or is deleted grants nothing, though its cookie was read while it lived", async () => {
    const cookie = await signedInCookie("expiring@example.com");
    const other = await signedInCookie("staying@example.com");
    const request = () => get("/profile", cookie);
    const user = await getSessionUser(testDb(), request());
    expect(user?.email).toBe("expiring@example.com");
    expect((await getSessionUser(testDb(), get("/profile", other)))?.email).toBe("staying@example.com");
    await testDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user!.id)).run();
    expect(await getSessionUser(testDb(), request())).toBeNull();
    expect(statusOf(await callRoute((args) => requireUser(args), request()))).toBe(302);
    await testDb().update(sessions).set({ expiresAt: new Date(Date.now() + 60_000) }).where(eq(sessions.userId, user!.id)).run();
    expect((await getSessionUser(testDb(), request()))?.id).toBe(user!.id);
    await testDb().delete(sessions).where(eq(sessions.userId, user!.id)).run();
    expect(await getSessionUser(testDb(), request())).toBeNull();
    // The other owner's session is untouched.
    expect((await getSessionUser(testDb(), get("/profile", other)))?.email).toBe("staying@example.com");
  });

  test("the landing page sends a signed-in user to /profile", async () => {
    const cookie = await signedInCookie("landing@example.com");
    const thrown = await callRoute(indexRoute.loader, get("/", cookie));
    expect(statusOf(thrown)).toBe(302);
    expect(locationOf(thrown)).toBe("/profile");
  });
});
