// /found's typed search through the browser, with JavaScript on and off: the spec's messages for
// each bad number, digits-only typing with a token shown 4-4-4 (JavaScript), the Quick Tips, and a
// signed-in user who finds a minted sticker nobody holds claiming it with its password.
import { eq } from "drizzle-orm";
import { tagbackTokens } from "../../db/schema.ts";
import { createOwner, createUser, e2eDb, MINTED_PASSWORD, mintUnclaimedToken, stored } from "./db";
import { expect, signInAs, test } from "./fixtures";
import { message } from "~/i18n/messages";

// /found is an owner page: every test signs in a new user.
let user: { id: string; email: string };
test.beforeEach(async ({ context, baseURL }) => {
  user = createUser();
  await signInAs(context, user.id, baseURL!);
});

const form = (page: import("@playwright/test").Page) => page.locator("#found-search-found");

async function search(page: import("@playwright/test").Page, type: "Metro Card" | "Other Products", number: string) {
  await page.goto("/found");
  await form(page).getByText(type, { exact: true }).click();
  await form(page).getByRole("textbox").fill(number);
  await form(page).getByRole("button", { name: "Find Owner" }).click();
}

const refusals = [
  ["Metro Card", "", "found.missing"],
  ["Metro Card", "1234567", "found.badMetroCard"],
  ["Other Products", "12345678901", "found.badToken"],
] as const;
for (const [type, number, key] of refusals) {
  test(`${type} '${number}': the spec's message`, async ({ page }) => {
    await search(page, type, number);
    const alert = page.getByRole("alert").filter({ hasText: message(key).title });
    await expect(alert).toContainText(message(key).description!);
  });
}

test("a metro card number finds its owner in the finder's dialog; the Quick Tips are on the page", async ({ page }) => {
  const owner = createOwner({ maskBio: false, firstName: "Tara" });
  await search(page, "Metro Card", owner.metroCard);
  await expect(page).toHaveURL(/\/found\?/);
  await expect(page.getByRole("dialog").getByTestId("owner-name")).toContainText("Tara");
  await page.goto("/found");
  const tips = page.getByRole("region", { name: "Quick Tips" });
  await expect(tips).toContainText("A metro card number has 8 to 16 digits");
  await expect(tips).toContainText("A Tagback token has 12 digits");
});

test("typing keeps digits only; a token shows 4-4-4 and stops at 12 digits", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/found");
  await expect(form(page)).toBeVisible();
  await form(page).getByText("Other Products", { exact: true }).click();
  const box = form(page).getByRole("textbox");
  await box.pressSequentially("12ab34 5678-90123456");
  await expect(box).toHaveValue("1234-5678-9012");
  await form(page).getByText("Metro Card", { exact: true }).click();
  await expect(box).toHaveValue("");
  await box.pressSequentially("1234x567890123456789");
  await expect(box).toHaveValue("1234567890123456");
});

test("a minted sticker nobody holds: claim it with its password, 'Token Claimed'; a wrong password is refused", async ({ page }) => {
  const token = await mintUnclaimedToken();
  await search(page, "Other Products", token);
  const dialog = page.getByRole("dialog", { name: "This token belongs to nobody yet" });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel("Password").fill(MINTED_PASSWORD.replace(/.$/, (d) => String((Number(d) + 1) % 10)));
  await dialog.getByRole("button", { name: "Claim Token" }).click();
  await expect(page.getByTestId("claim-alert")).toBeVisible();
  const held = () =>
    e2eDb().select({ userId: tagbackTokens.userId, verified: stored(tagbackTokens.isVerified) }).from(tagbackTokens).where(eq(tagbackTokens.token, token)).get();
  expect(held()).toEqual({ userId: null, verified: 0 });

  await page.getByRole("dialog").getByLabel("Password").fill(MINTED_PASSWORD);
  await page.getByRole("dialog").getByRole("button", { name: "Claim Token" }).click();
  await expect(page).toHaveURL(/\/token$/);
  await expect(page.locator("[data-toast-type]")).toContainText("Token Claimed");
  expect(held()).toEqual({ userId: user.id, verified: 1 });
});
