// /profile through the browser, with JavaScript on and off: view and edit modes, every rule and
// message of spec 001 §5 "Profile", the preview as a finder sees it, the search history and the
// admin-lookup icon.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { profiles, searchHistory } from "../../db/schema.ts";
import { a11yScanner } from "./a11y";
import { createUser, e2eDb, makeAdmin, stored } from "./db";
import { expect, signInAs, test } from "./fixtures";

const NSFW = "This field contains inappropriate words. Please use appropriate language.";

function toast(page: Page) {
  return page.locator("[data-toast-type]");
}

async function openEditor(page: Page) {
  await page.goto("/profile");
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
}

function uniqueDigits(length: number) {
  return String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-length).padStart(length, "7");
}

test.describe("profile", () => {
  let user: { id: string; email: string };
  test.beforeEach(async ({ context, baseURL }) => {
    user = createUser();
    await signInAs(context, user.id, baseURL!);
  });

  test("edit every field, save: 'Profile updated', and view mode shows what was saved", async ({ page }) => {
    const metro = uniqueDigits(12);
    await openEditor(page);
    await page.getByLabel("Full Name", { exact: true }).fill("Aarav Kumar Sharma");
    await page.getByLabel("X username", { exact: true }).fill("aarav_k");
    await page.getByLabel("Bio", { exact: true }).fill("Yellow Line daily. Call me if you find my bag.");
    await page.getByLabel("Mobile number", { exact: true }).fill("9810012345");
    await page.getByLabel("Metro card number", { exact: true }).fill(metro);
    await page.getByLabel("Emergency number (SMS)", { exact: true }).fill("9810012340");
    await page.getByLabel("Call number", { exact: true }).fill("9810012341");
    await page.getByRole("textbox", { name: "Telegram", exact: true }).fill("@aarav_k");
    await page.getByLabel("WhatsApp number", { exact: true }).fill("9810012342");
    await page.getByLabel("Mask bio", { exact: true }).check();
    await page.getByLabel(/Show contact buttons/).check();
    await page.getByRole("button", { name: "Save" }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await expect(toast(page)).toContainText("Profile updated");
    const view = page.getByTestId("profile-view");
    await expect(view).toContainText("Aarav Kumar Sharma");
    await expect(view).toContainText("@aarav_k");
    await expect(view).toContainText(metro);
    await expect(view).toContainText("9810012342");

    const row = e2eDb()
      .select({
        first_name: profiles.firstName,
        last_name: profiles.lastName,
        mask_bio: stored(profiles.maskBio),
        use_social_icons: stored(profiles.useSocialIcons),
        social_telegram: profiles.socialTelegram,
      })
      .from(profiles)
      .where(eq(profiles.id, user.id))
      .get();
    expect(row).toEqual({ first_name: "Aarav", last_name: "Kumar Sharma", mask_bio: 1, use_social_icons: 1, social_telegram: "@aarav_k" });
  });

  test("Cancel leaves edit mode without saving", async ({ page }) => {
    await openEditor(page);
    await page.getByLabel("Full Name", { exact: true }).fill("Never Saved");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("profile-view")).toContainText("Your name is not set yet");
  });

  test("a metro card under 8 digits: 'Metro Card Number Too Short', beside the field; nothing saved", async ({ page }) => {
    await openEditor(page);
    await page.getByLabel("Full Name", { exact: true }).fill("Short Card");
    await page.getByLabel("Metro card number", { exact: true }).fill("1234567");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toContainText("Metro Card Number Too Short");
    await expect(page.getByLabel("Metro card number", { exact: true })).toHaveAccessibleDescription(/Metro card number must be at least 8 digits\./);
    // What was typed is still there.
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveValue("Short Card");
    expect(
      e2eDb().select({ first_name: profiles.firstName, metro_card_number: profiles.metroCardNumber }).from(profiles).where(eq(profiles.id, user.id)).get(),
    ).toEqual({ first_name: null, metro_card_number: null });
  });

  test("a metro card another account holds: 'Metro Card Already Registered'", async ({ page }) => {
    const other = createUser();
    const metro = uniqueDigits(14);
    e2eDb().update(profiles).set({ metroCardNumber: metro }).where(eq(profiles.id, other.id)).run();
    await openEditor(page);
    await page.getByLabel("Metro card number", { exact: true }).fill(metro);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toContainText("Metro Card Already Registered");
    await expect(page.getByLabel("Metro card number", { exact: true })).toHaveAccessibleDescription(
      /This metro card number is already registered to another account\./,
    );
    expect(e2eDb().select({ metro_card_number: profiles.metroCardNumber }).from(profiles).where(eq(profiles.id, user.id)).get()!.metro_card_number).toBeNull();
  });

  for (const [field, value] of [
    ["Full Name", "Mister Fuckface"],
    ["X username", "chutiya_99"],
    ["Bio", "Find my bag, you BEHENCHOD"],
  ] as const) {
    test(`profanity in ${field}: 'NSFW Content Detected'`, async ({ page }) => {
      await openEditor(page);
      await page.getByLabel(field, { exact: true }).fill(value);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert")).toContainText("NSFW Content Detected");
      await expect(page.getByRole("alert")).toContainText(NSFW);
      await expect(page.getByLabel(field, { exact: true })).toHaveAccessibleDescription(new RegExp(NSFW.replace(".", "\\.")));
    });
  }

  test("the other field rules show their messages beside the fields", async ({ page }) => {
    await openEditor(page);
    await page.getByLabel("X username", { exact: true }).fill("bad-name");
    await page.getByLabel("Mobile number", { exact: true }).fill("98100abc");
    await page.getByRole("textbox", { name: "Telegram", exact: true }).fill("has space");
    await page.getByLabel("WhatsApp number", { exact: true }).fill("+9198");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("X username", { exact: true })).toHaveAccessibleDescription(/may contain only letters, digits and underscores/);
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveAccessibleDescription(/Mobile number must contain digits only\./);
    await expect(page.getByRole("textbox", { name: "Telegram", exact: true })).toHaveAccessibleDescription(/Telegram must be at most 32 characters/);
    await expect(page.getByLabel("WhatsApp number", { exact: true })).toHaveAccessibleDescription(/WhatsApp number must contain digits only\./);
  });

  test("the length limits are on the fields themselves", async ({ page }) => {
    await openEditor(page);
    await expect(page.getByLabel("Full Name", { exact: true })).toHaveAttribute("maxlength", "30");
    await expect(page.getByLabel("Bio", { exact: true })).toHaveAttribute("maxlength", "200");
    await expect(page.getByLabel("Mobile number", { exact: true })).toHaveAttribute("maxlength", "15");
    await expect(page.getByLabel("Metro card number", { exact: true })).toHaveAttribute("maxlength", "16");
    await expect(page.getByRole("textbox", { name: "Telegram", exact: true })).toHaveAttribute("maxlength", "32");
  });

  test("tags in the name are stripped; the first word is the first name", async ({ page }) => {
    await openEditor(page);
    await page.getByLabel("Full Name", { exact: true }).fill("<b>Priya</b> Nair!");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Profile updated");
    await expect(page.getByTestId("profile-view")).toContainText("Priya Nair");
    expect(e2eDb().select({ first_name: profiles.firstName, last_name: profiles.lastName }).from(profiles).where(eq(profiles.id, user.id)).get()).toEqual({
      first_name: "Priya",
      last_name: "Nair",
    });
  });

  test("'use mobile number for all socials' fills the four fields (live with JavaScript) and follows later mobile edits", async ({ page }, testInfo) => {
    await openEditor(page);
    await page.getByLabel("Mobile number", { exact: true }).fill("9000012345");
    await page.getByRole("switch", { name: "Use mobile number for all socials" }).check();
    if (testInfo.project.use.javaScriptEnabled) {
      for (const label of ["Emergency number (SMS)", "Call number", "Telegram", "WhatsApp number"]) {
        await expect(page.getByRole("textbox", { name: label, exact: true })).toHaveValue("9000012345");
      }
      await page.getByLabel("Mobile number", { exact: true }).fill("9000054321");
      await expect(page.getByLabel("WhatsApp number", { exact: true })).toHaveValue("9000054321");
    }
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Profile updated");

    // Later, a new mobile number alone moves the socials along.
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await expect(page.getByRole("switch", { name: "Use mobile number for all socials" })).toBeChecked();
    await page.getByLabel("Mobile number", { exact: true }).fill("9111122222");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Profile updated");
    expect(
      e2eDb()
        .select({
          social_sms: profiles.socialSms,
          social_call: profiles.socialCall,
          social_telegram: profiles.socialTelegram,
          social_whatsapp: profiles.socialWhatsapp,
        })
        .from(profiles)
        .where(eq(profiles.id, user.id))
        .get(),
    ).toEqual({
      social_sms: "9111122222",
      social_call: "9111122222",
      social_telegram: "9111122222",
      social_whatsapp: "9111122222",
    });
  });

  test("preview: 'No Identifiers Found' without a metro card or token; then the public profile as a finder sees it", async ({ page }) => {
    await page.goto("/profile");
    await page.getByRole("link", { name: "Preview" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("No Identifiers Found");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const metro = uniqueDigits(10);
    e2eDb()
      .update(profiles)
      .set({ firstName: "Meera", lastName: "Iyer", bio: "secret", maskBio: true, mobileNumber: "9333344444", metroCardNumber: metro })
      .where(eq(profiles.id, user.id))
      .run();
    await page.goto("/profile?preview=1");
    await expect(page.getByRole("dialog")).toContainText("Your public profile");
    await expect(page.getByTestId("owner-name")).toHaveText("Meera Iyer");
    await expect(page.getByRole("dialog")).toContainText("The owner has hidden this information.");
    await expect(page.getByRole("dialog")).not.toContainText("9333344444");
    await expect(page.getByRole("dialog")).not.toContainText(user.email);
  });

  test("search history: newest first, IST time, en-IN date, city and address, the approximate-location note, total searches", async ({ page }) => {
    e2eDb()
      .insert(searchHistory)
      .values([
        { userId: user.id, searchType: "metro_card", searchValue: "12345678", searchedAt: new Date("2026-01-05T18:45:00Z"), city: "Noida", address: null },
        {
          userId: user.id,
          searchType: "tagback_token",
          searchValue: "100000000001",
          searchedAt: new Date("2026-03-10T04:00:00Z"),
          city: "New Delhi",
          address: "Rajiv Chowk",
        },
      ])
      .run();
    e2eDb().update(profiles).set({ totalSearches: 2 }).where(eq(profiles.id, user.id)).run();
    await page.goto("/profile");
    const rows = page.getByTestId("history-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText("Tagback Token");
    await expect(rows.nth(0)).toContainText("09:30 am IST, 10/03/2026");
    await expect(rows.nth(0)).toContainText("New Delhi · Rajiv Chowk");
    await expect(rows.nth(1)).toContainText("Metro Card 12345678");
    await expect(rows.nth(1)).toContainText("12:15 am IST, 06/01/2026");
    await expect(page.getByText("Location is approximate: it can be 5 to 50 km off.")).toBeVisible();
    await expect(page.getByTestId("total-searches")).toHaveText("2");
  });

  test("search history: the newest 20 visits, and a plain 'More' link to the rest, with or without JavaScript", async ({ page }) => {
    const other = createUser();
    const newest = Date.parse("2026-05-01T06:30:00Z");
    e2eDb()
      .insert(searchHistory)
      .values([
        // This owner's 25 visits, one a minute; the newest is ...001.
        ...Array.from({ length: 25 }, (_, i) => ({
          userId: user.id,
          searchType: "tagback_token" as const,
          searchValue: String(400000000001 + i),
          searchedAt: new Date(newest - i * 60_000),
          city: "Pune",
        })),
        // Another owner's, newer than all of them: never listed here.
        ...Array.from({ length: 5 }, () => ({ userId: other.id, searchType: "metro_card" as const, searchValue: "55554444", searchedAt: new Date(newest + 60_000) })),
      ])
      .run();
    await page.goto("/profile");
    const rows = page.getByTestId("history-row");
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText("400000000001");
    await expect(rows.last()).toContainText("400000000020");
    await expect(page.getByText("55554444")).toHaveCount(0);

    await page.getByRole("region", { name: "Search history list" }).getByRole("link", { name: "More" }).click();
    await expect(page).toHaveURL(/\/profile\?history=40#visit-21$/);
    await expect(rows).toHaveCount(25);
    await expect(rows.first()).toContainText("400000000001");
    await expect(rows.nth(20)).toContainText("400000000021");
    await expect(rows.nth(20)).toBeInViewport();
    await expect(rows.last()).toContainText("400000000025");
    await expect(page.getByRole("link", { name: "More" })).toHaveCount(0);
    await expect(page.getByText("55554444")).toHaveCount(0);
  });

  test("the admin-lookup icon shows only for admins", async ({ page }) => {
    await page.goto("/profile");
    await expect(page.getByRole("link", { name: "Admin lookup" })).toHaveCount(0);
    await makeAdmin(user);
    await page.goto("/profile");
    await expect(page.getByRole("link", { name: "Admin lookup" })).toHaveAttribute("href", "/admin/lookup");
  });

  test("a post with an unknown intent is refused with 400", async ({ page }) => {
    await page.goto("/profile");
    const response = await page.request.post("/profile", { form: { intent: "nope" } });
    expect(response.status()).toBe(400);
  });

  test("no serious accessibility problems in view, edit (with messages) and preview", async ({ page }, testInfo) => {
    // Without JavaScript the three scans share one context of their own (a11y.ts).
    const scanner = a11yScanner(page, testInfo);
    try {
      await page.goto("/profile");
      await scanner.check();
      await page.goto("/profile?edit=1");
      await scanner.check();
      await page.goto("/profile?preview=1");
      await scanner.check();
    } finally {
      await scanner.close();
    }
  });
});
