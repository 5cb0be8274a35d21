// The language switch keeps what an owner is typing (issue 48), as it does on the finder's "I found
// this" form: on the profile form, a language chosen half-way sends the form as it is to the page's
// own action, which saves nothing and answers with the same draft in the new language. With
// JavaScript (a router submission: the fields are never reset) and without it (a plain post whose
// answer is the page with the draft filled in): one test, run in both projects.
import { eq } from "drizzle-orm";
import { profiles, users } from "../../db/schema.ts";
import { LOCALE_NAMES } from "../../app/core/locale.ts";
import { translator } from "../../app/i18n/messages.ts";
import { createUser, e2eDb } from "./db";
import { expect, signInAs, test } from "./fixtures";

test("the profile form: typed, then the language switched; the draft stays, nothing is saved, the account follows", async ({ page, context, baseURL }) => {
  const owner = createUser();
  const other = createUser();
  await signInAs(context, owner.id, baseURL!);
  await page.goto("/profile?edit=1");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  const before = e2eDb().select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, owner.id)).get()!;
  const bio = "உங்கள் சாவி கிடைத்தால் அழையுங்கள் — call me, Blue Line daily.";
  await page.getByLabel("Bio", { exact: true }).fill(bio);
  await page.getByLabel("X username", { exact: true }).fill("draft_of_mine");

  await page.locator("footer").getByRole("button", { name: LOCALE_NAMES.ta }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "ta");
  await expect(page.locator("footer").getByRole("button", { name: LOCALE_NAMES.ta })).toHaveAttribute("aria-current", "true");
  // The bottom navigation (this part's words) is in Tamil now.
  await expect(page.locator("[data-bottom-nav]")).toContainText(translator("ta").t("appNav.tokenShort"));
  // What was typed is still there, in the same form.
  await expect(page.locator("#profile-form textarea[name=bio]")).toHaveValue(bio);
  await expect(page.locator("#profile-form input[name=xUsername]")).toHaveValue("draft_of_mine");
  // Nothing was saved; the account's language followed the switch, nobody else's.
  expect(e2eDb().select({ bio: profiles.bio }).from(profiles).where(eq(profiles.id, owner.id)).get()).toEqual(before);
  expect(e2eDb().select({ locale: users.locale }).from(users).where(eq(users.id, owner.id)).get()!.locale).toBe("ta");
  expect(e2eDb().select({ locale: users.locale }).from(users).where(eq(users.id, other.id)).get()!.locale).toBe("en");
});
