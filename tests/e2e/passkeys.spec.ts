// Passkeys (issue 33) in a real Chromium with DevTools' virtual authenticator standing in for the
// phone's (WebAuthn.addVirtualAuthenticator: internal transport, resident keys, user verification).
// An IP address cannot be a WebAuthn relying party, so these tests use http://localhost:PORT, which
// the server accepts for its loopback APP_URL (features/account/passkeys.server.ts).
import { eq } from "drizzle-orm";
import { passkeys, users } from "../../db/schema.ts";
import { createUser, e2eDb } from "./db";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";

/** A passkey device for the page: Chromium's virtual authenticator, which says yes at once. */
async function addDevice(page: Page, context: BrowserContext) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test("add a passkey in settings, sign out, sign in with it in one tap; remove it, and it is refused @js-only", async ({ page, context, baseURL }) => {
  const site = baseURL!.replace("127.0.0.1", "localhost");
  const owner = createUser();
  createUser(); // another account, whose passkeys (none) must not matter
  // The virtual authenticator also answers the autofill offer at once (the next test): here the
  // browser says it has no autofill, so it is the button that signs in.
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, "isConditionalMediationAvailable", { value: async () => false });
  });
  await addDevice(page, context);

  await signInAs(context, owner.id, site);
  await page.goto(`${site}/settings`);
  const section = page.getByTestId("passkeys");
  await expect(section).toContainText("You have no passkeys yet.");
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status")).toContainText("Passkey added");
  await expect(section.getByTestId("passkey")).toHaveCount(1);
  await expect(section.getByTestId("passkey")).toContainText("Chrome on Android");
  await expect(section.getByTestId("passkey")).toContainText("not used yet");
  const stored = e2eDb().select().from(passkeys).where(eq(passkeys.userId, owner.id)).all();
  expect(stored).toHaveLength(1);

  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(`${site}/`);

  // Signing in: one tap on the button, the device answers, the owner is in.
  await page.goto(`${site}/auth`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${site}/profile`);
  const used = e2eDb().select().from(passkeys).where(eq(passkeys.id, stored[0]!.id)).get()!;
  expect(used.lastUsedAt).toBeInstanceOf(Date);
  expect(used.counter).toBeGreaterThanOrEqual(stored[0]!.counter);

  // Remove it: the device still holds the key, but it opens nothing any more.
  await page.goto(`${site}/settings`);
  await expect(section.getByTestId("passkey")).toContainText("last used");
  await section.getByRole("button", { name: "Remove passkey Chrome on Android" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Passkey removed" })).toBeVisible();
  await expect(section.getByTestId("passkey")).toHaveCount(0);
  expect(e2eDb().select().from(passkeys).where(eq(passkeys.userId, owner.id)).all()).toEqual([]);

  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(`${site}/`);
  await page.goto(`${site}/auth`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("This passkey does not open any account");
  await expect(page).toHaveURL(`${site}/auth`);
});

test("the browser's autofill offer (conditional mediation) signs in with the passkey, no button pressed @js-only", async ({ page, context, baseURL }) => {
  const site = baseURL!.replace("127.0.0.1", "localhost");
  const owner = createUser();
  await addDevice(page, context);
  await signInAs(context, owner.id, site);
  await page.goto(`${site}/settings`);
  await page.getByTestId("passkeys").getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkey")).toHaveCount(1);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(`${site}/`);
  // The e-mail field asks for passkeys in its autofill; the virtual device picks its one at once.
  await page.goto(`${site}/auth?redirectTo=%2Ftoken`);
  await expect(page).toHaveURL(`${site}/token`);
  expect(e2eDb().select().from(passkeys).where(eq(passkeys.userId, owner.id)).get()!.lastUsedAt).toBeInstanceOf(Date);
});

test("deleting the account removes its passkeys @js-only", async ({ page, context, baseURL }) => {
  const site = baseURL!.replace("127.0.0.1", "localhost");
  const owner = createUser();
  const other = createUser();
  await addDevice(page, context);
  // The other account's passkey, straight in the database: it must stay.
  e2eDb().insert(passkeys).values({ id: `other-${other.id}`, userId: other.id, publicKey: Buffer.from("x"), name: "Safari on iPhone" }).run();

  await signInAs(context, owner.id, site);
  await page.goto(`${site}/settings`);
  await page.getByTestId("passkeys").getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByTestId("passkey")).toHaveCount(1);

  await page.getByText("Delete my account…").click();
  await page.getByLabel(/type your e-mail address/).fill(owner.email);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(`${site}/account-deleted`);
  expect(e2eDb().select().from(users).where(eq(users.id, owner.id)).all()).toEqual([]);
  expect(e2eDb().select().from(passkeys).where(eq(passkeys.userId, owner.id)).all()).toEqual([]);
  expect(e2eDb().select().from(passkeys).where(eq(passkeys.userId, other.id)).all()).toHaveLength(1);
});

test("without JavaScript: no passkey button on /auth, and settings says adding one needs JavaScript @js-off-only", async ({ page, context, baseURL }) => {
  await page.goto("/auth");
  await expect(page.getByRole("button", { name: "Continue with e-mail" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  const owner = createUser();
  await signInAs(context, owner.id, baseURL!);
  await page.goto("/settings");
  await expect(page.getByTestId("passkey-needs-js")).toContainText("Adding a passkey needs JavaScript");
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
});

test("a page opened at an IP address says passkeys need the site's name and links to localhost, instead of 'Cancelled' @js-only", async ({ page, context, baseURL }) => {
  const owner = createUser();
  await addDevice(page, context);
  await signInAs(context, owner.id, baseURL!);
  await page.goto(`${baseURL}/settings`);
  const section = page.getByTestId("passkeys");
  const note = section.getByTestId("passkey-needs-name");
  await expect(note).toContainText("Passkeys need the site's name");
  await expect(section.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  const localhost = `${baseURL!.replace("127.0.0.1", "localhost")}/settings`;
  await expect(note.getByRole("link", { name: "Open this page at localhost" })).toHaveAttribute("href", localhost);
  expect(e2eDb().select().from(passkeys).where(eq(passkeys.userId, owner.id)).all()).toHaveLength(0);

  await page.getByRole("button", { name: "Logout" }).first().click();
  await page.goto(`${baseURL}/auth`);
  await expect(page.getByTestId("passkey-needs-name")).toContainText("Passkeys need the site's name");
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  await expect(page.getByTestId("passkey-needs-name").getByRole("link", { name: "Open this page at localhost" })).toHaveAttribute("href", `${baseURL!.replace("127.0.0.1", "localhost")}/auth`);
});
