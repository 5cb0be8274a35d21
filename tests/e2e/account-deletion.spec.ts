// Delete my account through the browser, with JavaScript on and off (issue 25): the confirmation
// step in the Danger Zone (type your e-mail), a wrong e-mail refused with the reason and nothing
// erased, then the erasure, the page that says what remains, and the old session signed out.
import { eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { createUser, e2eDb } from "./db";
import { expect, signInAs, test } from "./fixtures";

function stillThere(userId: string) {
  return e2eDb().select({ id: users.id }).from(users).where(eq(users.id, userId)).get() !== undefined;
}

test("the confirmation step, a wrong e-mail refused, then the erasure and the page after it", async ({ page, context, baseURL }, testInfo) => {
  const user = createUser();
  await signInAs(context, user.id, baseURL!);
  await page.goto("/settings");
  const zone = page.getByRole("region", { name: "Danger Zone" });
  await zone.getByText("Delete my account…").click();
  const confirm = zone.getByLabel(/To confirm, type your e-mail address/);
  const submit = zone.getByRole("button", { name: "Delete my account" });

  if (testInfo.project.use.javaScriptEnabled === false) {
    // Without JavaScript the server says why, keeps what was typed, and erases nothing.
    await confirm.fill("someone-else@example.test");
    await submit.click();
    await expect(zone.getByRole("alert")).toContainText("type your account's e-mail address exactly as shown");
    await expect(confirm).toHaveValue("someone-else@example.test");
  } else {
    // With it, the button waits for the right e-mail (disabled once React runs).
    await expect(submit).toBeDisabled();
    await confirm.fill("someone-else@example.test");
    await expect(submit).toBeDisabled();
  }
  expect(stillThere(user.id)).toBe(true);

  await confirm.fill(user.email);
  await submit.click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account has been deleted");
  await expect(page.getByTestId("account-deleted")).toContainText("admin audit trail");
  expect(stillThere(user.id)).toBe(false);
  await expectNoSeriousA11yViolations(page, testInfo);

  await page.goto("/settings");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fsettings$/);
});
