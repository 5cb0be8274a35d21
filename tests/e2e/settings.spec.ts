// /settings through the browser, with JavaScript on and off: each privacy switch saved by its own
// post, the account information, the honest placeholders, the Danger Zone link, and what a signed-
// out finder then sees on the sticker's URL.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { randomInt } from "node:crypto";
import { profiles, tagbackTokens } from "../../db/schema.ts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { createUser, e2eDb, makeAdmin, stored } from "./db";
import { expect, signInAs, test } from "./fixtures";

function toast(page: Page) {
  return page.locator("[data-toast-type]");
}

function privacyRow(userId: string) {
  return e2eDb()
    .select({
      mask_bio: stored(profiles.maskBio),
      use_social_icons: stored(profiles.useSocialIcons),
      show_email: stored(profiles.showEmail),
      show_mobile: stored(profiles.showMobile),
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .get();
}

test("an e-mail and password user is not told they sign in with Google", async ({ page, context, baseURL }) => {
  const user = createUser(undefined, { signIn: "password" });
  await signInAs(context, user.id, baseURL!);
  await page.goto("/settings");
  const security = page.getByRole("region", { name: "Account Security" });
  await expect(security).toContainText("You sign in with your e-mail and a password");
  await expect(security).not.toContainText("Google");
});

test.describe("settings", () => {
  let user: { id: string; email: string };
  test.beforeEach(async ({ context, baseURL }) => {
    user = createUser();
    await signInAs(context, user.id, baseURL!);
  });

  test("each privacy switch is saved by its own post: 'Privacy Settings Updated'", async ({ page }) => {
    await page.goto("/settings");
    const labels = ["Mask bio", "Contact buttons", "Show e-mail", "Show mobile number"];
    for (const label of labels) {
      const toggle = page.getByRole("switch", { name: label });
      await expect(toggle).toHaveAttribute("aria-checked", "false");
      await toggle.click();
      await expect(toast(page)).toContainText("Privacy Settings Updated");
      await expect(page.getByRole("switch", { name: label })).toHaveAttribute("aria-checked", "true");
    }
    // With JavaScript the switch turns at once and the last toast is still up: wait for the write.
    await expect.poll(() => privacyRow(user.id)).toEqual({ mask_bio: 1, use_social_icons: 1, show_email: 1, show_mobile: 1 });
    await page.getByRole("switch", { name: "Show e-mail" }).click();
    await expect(page.getByRole("switch", { name: "Show e-mail" })).toHaveAttribute("aria-checked", "false");
    await expect.poll(() => privacyRow(user.id)).toEqual({ mask_bio: 1, use_social_icons: 1, show_email: 0, show_mobile: 1 });
  });

  test("account information, honest placeholders, Danger Zone and Logout", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByTestId("account-email")).toHaveText(user.email);
    await expect(page.getByTestId("admin-indicator")).toHaveText("No");
    const notifications = page.getByRole("region", { name: "Notifications" });
    // Contact alerts are always on; scan alerts are an opt-in switch, off by default (issue 12).
    await expect(notifications).toContainText("Contact alerts (always on)");
    await expect(notifications.getByRole("switch", { name: "Scan alerts" })).toHaveAttribute("aria-checked", "false");
    // This user signs in with Google.
    await expect(page.getByRole("region", { name: "Account Security" })).toContainText("You sign in with Google");
    await expect(page.getByRole("region", { name: "Account Security" })).toContainText("Two-factor authentication: not available");

    // The spec's WhatsApp request stays beside Delete my account (tests/e2e/account-deletion.spec.ts).
    const support = page.getByRole("region", { name: "Danger Zone" }).getByRole("link", { name: "Contact support" });
    const href = new URL((await support.getAttribute("href"))!);
    expect(href.origin).toBe("https://wa.me");
    expect(href.searchParams.get("text")).toContain(user.email);

    await page.getByRole("main").getByRole("button", { name: "Logout" }).last().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the admin indicator says Yes and links to /admin/lookup for an admin", async ({ page }) => {
    await makeAdmin(user);
    await page.goto("/settings");
    await expect(page.getByTestId("admin-indicator")).toContainText("Yes");
    await expect(page.getByTestId("admin-indicator").getByRole("link")).toHaveAttribute("href", "/admin/lookup");
  });

  test("a post with an unknown setting or intent is refused with 400", async ({ page }) => {
    await page.goto("/settings");
    expect((await page.request.post("/settings", { form: { intent: "privacy", setting: "isAdmin", value: "on" } })).status()).toBe(400);
    expect((await page.request.post("/settings", { form: { intent: "nope" } })).status()).toBe(400);
  });

  test("no serious accessibility problems", async ({ page }, testInfo) => {
    await page.goto("/settings");
    await expectNoSeriousA11yViolations(page, testInfo);
  });

  test("signed out, the sticker's URL shows what the settings promise", async ({ page, context }) => {
    // The owner: a verified token, a bio, numbers; mask_bio on, contact buttons off.
    const token = `7${String(randomInt(0, 10 ** 11)).padStart(11, "0")}`;
    e2eDb()
      .update(profiles)
      .set({ firstName: "Kavya", lastName: "Rao", bio: "Leave it at the ticket counter", mobileNumber: "9444455555", socialCall: "9444455555" })
      .where(eq(profiles.id, user.id))
      .run();
    e2eDb().insert(tagbackTokens).values({ token, passwordHash: "x", userId: user.id, isClaimed: true, isVerified: true }).run();
    await page.goto("/settings");
    await page.getByRole("switch", { name: "Mask bio" }).click();
    await expect(toast(page)).toContainText("Privacy Settings Updated");

    await context.clearCookies();
    await page.goto(`/?t=${token}`);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Kavya Rao");
    await expect(dialog).toContainText("The owner has hidden this information.");
    await expect(dialog).not.toContainText("Leave it at the ticket counter");
    await expect(dialog.getByRole("link", { name: /Call/ })).toHaveCount(0);
    expect(await page.content()).not.toContain("9444455555");
    expect(await page.content()).not.toContain(user.email);
  });
});
