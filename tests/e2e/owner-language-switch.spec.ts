// The language switch keeps what an owner is typing (issue 48), as it does on the finder's "I found
// this" form: on the profile form, a language chosen half-way sends the form as it is to the page's
// own action, which saves nothing and answers with the same draft in the new language. With
// JavaScript (a router submission: the fields are never reset) and without it (a plain post whose
// answer is the page with the draft filled in), in both projects; the message composer too. The lost
// report and Settings' backup e-mail take the same way (features/account/language-draft.server.ts).
import { eq } from "drizzle-orm";
import { messages, profiles, users } from "../../db/schema.ts";
import { LOCALE_NAMES } from "../../app/core/locale.ts";
import { translator } from "../../app/i18n/messages.ts";
import { createOwner, createUser, e2eDb } from "./db";
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

test("the message composer: typed, then the language switched; the message is not sent and is still in the box", async ({ page, context, baseURL }) => {
  const owner = createOwner();
  const writer = createUser();
  await signInAs(context, writer.id, baseURL!);
  await page.goto(`/messaging?type=tagbacktoken&number=${owner.token}`);
  await page.getByTestId("start-card").getByRole("button", { name: "Message" }).click();
  await expect(page).toHaveURL(/\/messaging\/[\w-]+$/);
  const conversationId = new URL(page.url()).pathname.split("/").at(-1)!;
  const draft = "আপনার চাবি আমার কাছে — Rajiv Chowk, gate 2.";
  await page.locator("#message-content").fill(draft);

  await page.locator("footer").getByRole("button", { name: LOCALE_NAMES.bn }).click();

  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.locator("#message-content")).toHaveValue(draft);
  expect(e2eDb().select().from(messages).where(eq(messages.conversationId, conversationId)).all()).toHaveLength(0);
  expect(e2eDb().select({ locale: users.locale }).from(users).where(eq(users.id, writer.id)).get()!.locale).toBe("bn");
});
