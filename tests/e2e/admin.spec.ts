// The admin section through the browser, with JavaScript on and off: the guard, 'User Lookup' by
// token with its audit entry, and 'Demo Management' (add, the demo link, delete through the
// confirm step).
import { randomUUID } from "node:crypto";
import { expectNoSeriousA11yViolations } from "./a11y";
import { eq } from "drizzle-orm";
import { demoLocations } from "../../db/schema.ts";
import { createOwner, createUser, e2eDb, makeAdmin } from "./db";
import { expect, signInAs, test } from "./fixtures";

test("a signed-in non-admin sees 'Access denied' on every admin tab", async ({ page, context, baseURL }) => {
  const user = createUser();
  await signInAs(context, user.id, baseURL!);
  for (const path of ["/admin/lookup", "/admin/demo", "/admin/stickers"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await expect(page.getByText("You do not have admin access.")).toBeVisible();
  }
  // A form post straight to an admin action is refused the same way, and adds nothing.
  const name = `sneaky-${user.id.slice(0, 6)}`;
  const posted = await page.request.post("/admin/demo", { form: { intent: "add", name }, headers: { Origin: baseURL! }, maxRedirects: 0 });
  expect(posted.status()).toBe(403);
  // So is the data request React Router makes with JavaScript.
  const dataRequest = await page.request.get("/admin/lookup.data?type=token&number=123456789012", { maxRedirects: 0 });
  expect(dataRequest.status()).toBe(403);
  expect(e2eDb().select().from(demoLocations).where(eq(demoLocations.locationName, name)).all()).toEqual([]);
});

test("an anonymous visitor is sent to sign-in, with the admin page to return to", async ({ page }) => {
  await page.goto("/admin/lookup");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Flookup/);
});

test.describe("as an admin", () => {
  let admin: { id: string; email: string };
  test.beforeEach(async ({ context, baseURL }) => {
    admin = createUser();
    await makeAdmin(admin);
    await signInAs(context, admin.id, baseURL!);
  });

  test("looks an owner up by token and sees their e-mail; the lookup is in the audit log", async ({ page }) => {
    const owner = createOwner();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/lookup$/);
    await expect(page.getByRole("link", { name: "Demo Management" })).toBeVisible();
    const response = await page.goto("/admin/lookup");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await page.getByLabel("Tagback token").check();
    await page.getByLabel("Number").fill("12345");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("Enter a 12-digit Tagback token.")).toBeVisible();
    await page.getByLabel("Number").fill(owner.token);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page).toHaveURL(new RegExp(`type=token&number=${owner.token}`));
    const result = page.getByTestId("lookup-result");
    await expect(result.getByTestId("result-email")).toHaveText(owner.email);
    await expect(result.getByTestId("result-primaryNumber")).toHaveText(`+91${owner.mobile}`);
    await expect(page.getByTestId("audit-entry").first()).toContainText(owner.token);
    await expect(page.getByTestId("audit-entry").first()).toContainText(admin.email);

    await page.getByLabel("Number").fill("000011112222");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByTestId("lookup-no-match")).toContainText("No verified user found for this token.");
    await expectNoSeriousA11yViolations(page, test.info());
  });

  test("adds a demo location, sees its link, and deletes it through the confirm step", async ({ page }) => {
    const name = `Expo ${randomUUID().slice(0, 6)}`;
    const stored = name.toLowerCase();
    await page.goto("/admin/demo");
    await page.getByRole("button", { name: "Add location" }).click();
    await expect(page.getByText("Location name is required")).toBeVisible();
    await page.getByLabel("Location name").fill(`  ${name} `);
    await page.getByRole("button", { name: "Add location" }).click();
    await expect(page.locator("[data-toast-type]")).toContainText("Demo location added");
    const card = page.locator(`[data-testid="demo-location"][data-name="${stored}"]`);
    await expect(card).toBeVisible();
    const link = await card.getByTestId("demo-link").inputValue();
    expect(new URL(link).searchParams.get("demo")).toBe(stored);

    await expectNoSeriousA11yViolations(page, test.info());

    await card.getByRole("link", { name: `Delete ${stored}` }).click();
    const confirm = page.getByTestId("confirm-delete");
    await expect(confirm).toContainText(`Delete “${stored}”?`);
    await expectNoSeriousA11yViolations(page, test.info());
    await confirm.getByRole("button", { name: "Delete location" }).click();
    await expect(page.locator("[data-toast-type]")).toContainText("Demo location deleted");
    await expect(page.locator(`[data-testid="demo-location"][data-name="${stored}"]`)).toHaveCount(0);
  });
});
