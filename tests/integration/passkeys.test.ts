// Route-level tests of passkeys (issue 33): POST /settings/passkeys and POST /auth/passkey as the
// browser's script calls them, /settings' list and Remove, on a real temporary database, with a
// software authenticator (tests/support/soft-authenticator.ts) making real ES256 signatures that
// @simplewebauthn/server checks for real. The demo data is seeded and several owners made.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { seed } from "../../db/seed";
import { passkeys, webauthnChallenges } from "../../db/schema";
import { PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR, PASSKEYS_PER_ACCOUNT } from "~/features/account/rules";
import { getSessionUser } from "~/features/account/session.server";
import * as settingsRoute from "~/routes/_app.settings/route";
import * as registerRoute from "~/routes/_app.settings_.passkeys";
import * as signInRoute from "~/routes/auth_.passkey";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { BASE, callRoute, cookiesFrom, createOwner, dataOf, get, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

// The test process has no APP_URL: http://localhost:3000, so the RP id is "localhost".
const ORIGIN = "http://localhost:3000";
const PIXEL = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

beforeAll(async () => {
  await seed(testDb());
});

type Owner = { id: string; email: string };

function json(path: string, body: unknown, userAgent = PIXEL) {
  return new Request(`${BASE}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", "User-Agent": userAgent } });
}

async function answer(result: unknown) {
  if (!(result instanceof Response)) throw new Error("expected a Response");
  return { status: result.status, body: (await result.clone().json()) as { ok: boolean; error?: string; options?: never; name?: string; redirectTo?: string }, response: result };
}

const registerStep = async (owner: Owner, body: unknown, clientIp?: string) => answer(await callRoute(registerRoute.action, json("/settings/passkeys", body), { user: owner, clientIp }));
const signInStep = async (body: unknown, clientIp?: string) => answer(await callRoute(signInRoute.action, json("/auth/passkey", body), { clientIp }));

/** Adds a passkey to the owner's account the way /settings does; returns the device. */
async function addPasskey(owner: Owner) {
  const device = new SoftAuthenticator(ORIGIN);
  const { body: options } = await registerStep(owner, { step: "options" });
  const added = await registerStep(owner, { step: "verify", response: device.register(options.options!) });
  expect(added.body).toEqual({ ok: true, name: "Chrome on Android" });
  return device;
}

async function signInWith(device: SoftAuthenticator, options?: { countUp?: boolean }) {
  const { body } = await signInStep({ step: "options" });
  return signInStep({ step: "verify", response: device.authenticate(body.options!, options), redirectTo: "/token" });
}

async function userOf(response: Response) {
  return getSessionUser(testDb(), new Request(BASE, { headers: { Cookie: cookiesFrom(response) } }));
}

describe("adding a passkey", () => {
  test("needs a signed-in owner", async () => {
    const result = await callRoute(registerRoute.action, json("/settings/passkeys", { step: "options" }));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toMatch(/^\/auth/);
  });

  test("options name the account and exclude its passkeys; the passkey is kept with its device's name, listed in settings", async () => {
    const owner = await createOwner();
    const { body } = await registerStep(owner, { step: "options" });
    const options = body.options as unknown as { rp: { id: string }; user: { name: string }; authenticatorSelection: { residentKey: string; userVerification: string } };
    expect(options.rp.id).toBe("localhost");
    expect(options.user.name).toBe(owner.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "preferred" });
    const device = new SoftAuthenticator(ORIGIN);
    expect((await registerStep(owner, { step: "verify", response: device.register(body.options!) })).body).toEqual({ ok: true, name: "Chrome on Android" });
    const again = (await registerStep(owner, { step: "options" })).body.options as unknown as { excludeCredentials: { id: string }[] };
    expect(again.excludeCredentials.map((c) => c.id)).toEqual([device.id]);

    const page = dataOf<{ passkeys: { id: string; name: string; lastUsedAt: Date | null }[] }>(await callRoute(settingsRoute.loader, get("/settings"), { user: owner }));
    expect(page.passkeys).toEqual([expect.objectContaining({ id: device.id, name: "Chrome on Android", lastUsedAt: null })]);
  });

  test("a challenge answers once: the same answer again is refused", async () => {
    const owner = await createOwner();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { body } = await registerStep(owner, { step: "options" });
    const device = new SoftAuthenticator(ORIGIN);
    const response = device.register(body.options!);
    expect((await registerStep(owner, { step: "verify", response })).status).toBe(200);
    await testDb().delete(passkeys).where(eq(passkeys.userId, owner.id));
    const replay = await registerStep(owner, { step: "verify", response });
    expect(replay).toMatchObject({ status: 400, body: { ok: false, error: "auth.passkeyAddFailed" } });
    expect(warn).toHaveBeenCalled();
  });

  test("an expired challenge, another account's challenge, a wrong origin: refused, nothing kept", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const expired = (await registerStep(owner, { step: "options" })).body.options!;
    await testDb().update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1) });
    expect((await registerStep(owner, { step: "verify", response: new SoftAuthenticator(ORIGIN).register(expired) })).status).toBe(400);
    const othersChallenge = (await registerStep(other, { step: "options" })).body.options!;
    expect((await registerStep(owner, { step: "verify", response: new SoftAuthenticator(ORIGIN).register(othersChallenge) })).status).toBe(400);
    const fresh = (await registerStep(owner, { step: "options" })).body.options!;
    expect((await registerStep(owner, { step: "verify", response: new SoftAuthenticator("https://evil.example").register(fresh) })).status).toBe(400);
    expect(await testDb().select().from(passkeys).where(eq(passkeys.userId, owner.id)).all()).toEqual([]);
  });

  test(`an account holds at most ${PASSKEYS_PER_ACCOUNT} passkeys`, async () => {
    const owner = await createOwner();
    for (let i = 0; i < PASSKEYS_PER_ACCOUNT; i++) await addPasskey(owner);
    const { body } = await registerStep(owner, { step: "options" });
    const refused = await registerStep(owner, { step: "verify", response: new SoftAuthenticator(ORIGIN).register(body.options!) });
    expect(refused).toMatchObject({ status: 400, body: { error: "auth.passkeyTooMany" } });
  });

  test("a body that is not JSON, or an unknown step, is a 400", async () => {
    const owner = await createOwner();
    const notJson = await callRoute(registerRoute.action, post("/settings/passkeys", { step: "options" }), { user: owner });
    expect((await answer(notJson)).status).toBe(400);
    expect((await registerStep(owner, { step: "nope" })).status).toBe(400);
    expect((await signInStep([1, 2])).status).toBe(400);
  });
});

/** Bodies of the issue (its 500s) and more: each is a 400 (413 over the bound) from both steps' routes, and logs nothing. */
function malformedBodies(valid: Record<string, unknown>): { body: string; status: number }[] {
  const response = valid.response as { response: Record<string, unknown> };
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
  const bodies: unknown[] = [
    { step: "verify", response: { id: true } },
    [],
    {},
    null,
    "x",
    42,
    -0.5,
    true,
    { step: null },
    { step: ["options"] },
    { step: "verify" },
    { step: "verify", response: null },
    { step: "verify", response: "x" },
    { step: "verify", response: [] },
    { step: "verify", response: { ...response, id: 1 } },
    { step: "verify", response: { ...response, id: "" } },
    { step: "verify", response: { ...response, id: "a".repeat(5_000) } },
    { step: "verify", response: { ...response, id: "not base64url!" } },
    { step: "verify", response: { ...response, rawId: { a: 1 } } },
    { step: "verify", response: { ...response, type: "private-key" } },
    { step: "verify", response: { ...response, response: null } },
    { step: "verify", response: { ...response, response: { ...response.response, clientDataJSON: 7 } } },
    { step: "verify", response: { ...response, response: { ...response.response, clientDataJSON: "A".repeat(30_000) } } },
    { step: "verify", response: { ...response, response: { ...response.response, signature: undefined, attestationObject: undefined } } },
    { step: "verify", response: { ...response, clientExtensionResults: "x" } },
    { step: "verify", response: { ...response, authenticatorAttachment: "usb" } },
    { ...valid, step: "Verify" },
    { ...valid, step: "verify " },
    // A sign-in's redirectTo is bounded; a new passkey's transports are a list of short names.
    "redirectTo" in valid
      ? { ...valid, redirectTo: "/".repeat(10_000) }
      : { step: "verify", response: { ...response, response: { ...response.response, transports: "usb" } } },
  ];
  return [
    ...bodies.map((body) => ({ body: JSON.stringify(body), status: 400 })),
    { body: "", status: 400 },
    { body: "{", status: 400 },
    { body: '{"step":"verify","response":', status: 400 },
    { body: "\u0000\uffff", status: 400 },
    { body: nested(5_000), status: 400 },
    { body: JSON.stringify({ step: "verify", response: { a: JSON.parse(nested(2_000)) } }), status: 400 },
    { body: JSON.stringify({ step: "options", pad: "x".repeat(40_000) }), status: 413 },
  ];
}

test("a body of the wrong shape, anything but the steps' JSON, is a 400 from both routes, before the passkey library sees it", async () => {
  const owner = await createOwner();
  const device = new SoftAuthenticator(ORIGIN);
  const registration = { step: "verify", response: device.register((await registerStep(owner, { step: "options" })).body.options!) };
  const signIn = { step: "verify", response: device.authenticate((await signInStep({ step: "options" })).body.options!), redirectTo: "/token" };
  const warn = vi.spyOn(console, "warn");
  const raw = (path: string, body: string) => new Request(`${BASE}${path}`, { method: "POST", body, headers: { "Content-Type": "application/json" } });
  for (const [route, path, valid, error] of [
    [registerRoute.action, "/settings/passkeys", registration, "auth.passkeyAddFailed"],
    [signInRoute.action, "/auth/passkey", signIn, "auth.passkeySignInFailed"],
  ] as const) {
    const cases = malformedBodies(valid);
    expect(cases.length).toBeGreaterThan(30);
    for (const { body, status } of cases) {
      const result = await callRoute(route, raw(path, body), path === "/auth/passkey" ? {} : { user: owner });
      expect(await answer(result), `${path} ${body.slice(0, 80)}`).toMatchObject({ status, body: { ok: false, error } });
    }
  }
  // Refused by the schema: the library never ran, so it refused nothing into the log.
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
  // And the well-formed answers still work after all that.
  expect((await registerStep(owner, registration)).body).toEqual({ ok: true, name: "Chrome on Android" });
});

describe("signing in with a passkey", () => {
  test("the passkey signs in to its own account, where the owner was going; last use and counter are kept", async () => {
    const owner = await createOwner();
    await createOwner(); // another account
    const device = await addPasskey(owner);
    const signedIn = await signInWith(device);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ ok: true, redirectTo: "/token" });
    expect((await userOf(signedIn.response))?.id).toBe(owner.id);
    const row = (await testDb().select().from(passkeys).where(eq(passkeys.id, device.id)).get())!;
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect(row.counter).toBe(device.signCount);
  });

  test("a sign-in answer works once (the challenge is used up)", async () => {
    const owner = await createOwner();
    const device = await addPasskey(owner);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { body } = await signInStep({ step: "options" });
    const response = device.authenticate(body.options!);
    expect((await signInStep({ step: "verify", response })).status).toBe(200);
    const replay = await signInStep({ step: "verify", response });
    expect(replay).toMatchObject({ status: 400, body: { ok: false, error: "auth.passkeySignInFailed" } });
    expect(cookiesFrom(replay.response)).toBe("");
  });

  test("a signature counter that goes back (a cloned authenticator) is refused", async () => {
    const owner = await createOwner();
    const device = await addPasskey(owner);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await signInWith(device)).status).toBe(200);
    expect((await signInWith(device)).status).toBe(200);
    device.signCount -= 1;
    const cloned = await signInWith(device, { countUp: false });
    expect(cloned).toMatchObject({ status: 400, body: { error: "auth.passkeySignInFailed" } });
  });

  test("a removed passkey opens nothing; Remove takes only the account's own passkeys", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    const device = await addPasskey(owner);
    const othersDevice = await addPasskey(other);
    const notMine = await callRoute(settingsRoute.action, post("/settings", { intent: "remove-passkey", passkey: othersDevice.id }), { user: owner });
    expect(statusOf(notMine)).toBe(404);
    expect(dataOf(notMine)).toMatchObject({ passkeyError: "auth.passkeyNotFound" });
    expect(await testDb().select().from(passkeys).where(eq(passkeys.id, othersDevice.id)).get()).toBeDefined();

    const removed = await callRoute(settingsRoute.action, post("/settings", { intent: "remove-passkey", passkey: device.id }), { user: owner });
    expect(statusOf(removed)).toBe(302);
    const refused = await signInWith(device);
    expect(refused).toMatchObject({ status: 400, body: { ok: false, error: "auth.passkeyUnknown" } });
    expect(cookiesFrom(refused.response)).toBe("");
    expect((await signInWith(othersDevice)).status).toBe(200);
  });

  test(`at most ${PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR} challenges per client in an hour`, async () => {
    const clientIp = "198.51.100.99";
    for (let i = 0; i < PASSKEY_CHALLENGES_PER_CLIENT_PER_HOUR; i++) expect((await signInStep({ step: "options" }, clientIp)).status).toBe(200);
    expect(await signInStep({ step: "options" }, clientIp)).toMatchObject({ status: 429, body: { error: "auth.passkeyBusy" } });
  });
});

test("deleting the account removes its passkeys, and only its own", async () => {
  const owner = await createOwner();
  const other = await createOwner();
  await addPasskey(owner);
  await addPasskey(other);
  await registerStep(owner, { step: "options" }); // a pending challenge of the account, too
  const response = await callRoute(settingsRoute.action, post("/settings", { intent: "delete-account", confirm: owner.email }), { user: owner });
  expect(statusOf(response)).toBe(302);
  expect(await testDb().select().from(passkeys).where(eq(passkeys.userId, owner.id)).all()).toEqual([]);
  expect(await testDb().select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, owner.id)).all()).toEqual([]);
  expect(await testDb().select().from(passkeys).where(eq(passkeys.userId, other.id)).all()).toHaveLength(1);
});
