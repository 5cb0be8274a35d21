// Sign-in with a code by e-mail (issue 33), in a real browser against the built server, with the
// mail read from the loopback SMTP server. It runs in both projects: the whole flow needs no
// JavaScript.
import { count, eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import { createUser, e2eDb, uniqueEmail } from "./db";
import { expect, latestMailTo, test, uniqueIp } from "./fixtures";

function codeIn(mail: string) {
  return /sign-in code is (\d{6})/.exec(mail)![1]!;
}

function linkIn(mail: string) {
  return /(http:\/\/127\.0\.0\.1:\d+\/auth\/code\?\S+)/.exec(mail)![1]!;
}

test("a new owner signs up with the code (lands on the profile), then comes back by the mail's link", async ({ page }) => {
  const email = uniqueEmail("code");
  await page.goto("/auth");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await expect(page).toHaveURL(/\/auth\/code\?email=/);
  await expect(page.getByTestId("code-sent-to")).toContainText(email);

  const first = await latestMailTo(email);
  await page.getByLabel("6-digit code").fill(codeIn(first));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const user = e2eDb().select().from(users).where(eq(users.email, email)).get()!;
  expect(user.emailConfirmedAt).toBeInstanceOf(Date);

  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);

  // Returning: from a guarded page, by the link in the mail (its page has the code filled in).
  await page.goto("/token");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ftoken$/);
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await expect(page).toHaveURL(/\/auth\/code\?/);
  let second = await latestMailTo(email);
  for (let i = 0; second === first && i < 50; i++) {
    await page.waitForTimeout(100);
    second = await latestMailTo(email);
  }
  await page.goto(linkIn(second));
  await expect(page.getByLabel("6-digit code")).toHaveValue(codeIn(second));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/token$/);
  expect(e2eDb().select({ n: count() }).from(users).where(eq(users.email, email)).get()!.n).toBe(1);
});

test("a wrong code is refused on the page, keeping the address and the code typed", async ({ page }) => {
  const owner = createUser();
  await page.goto("/auth");
  await page.getByLabel("E-mail address").fill(owner.email);
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  const code = codeIn(await latestMailTo(owner.email));
  const wrong = code === "000000" ? "000001" : "000000";
  await page.getByLabel("6-digit code").fill(wrong);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await expect(page.getByLabel("6-digit code")).toHaveValue(wrong);
  await expect(page.getByLabel("E-mail address")).toHaveValue(owner.email);
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("Google and a code for the same address reach the same account", async ({ page }) => {
  const email = uniqueEmail("both");
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: "Logout" }).first().click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/auth");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await page.getByLabel("6-digit code").fill(codeIn(await latestMailTo(email)));
  await page.getByRole("button", { name: "Sign in" }).click();
  // Not a first sign-in: the account is Google's.
  await expect(page).toHaveURL(/\/profile$/);
  const rows = e2eDb().select({ id: users.id, googleSub: users.googleSub }).from(users).where(eq(users.email, email)).all();
  expect(rows).toHaveLength(1);
  expect(rows[0]!.googleSub).toMatch(/^google-/);
  await page.goto("/settings");
  await expect(page.getByTestId("account-email")).toHaveText(email);
});

test("a link forwarded to another browser names the account it signs in to, and signs in only on the tap", async ({ page, browser, baseURL }, testInfo) => {
  // Someone asks for a code to their own address and forwards the mail's link.
  const sender = uniqueEmail("a");
  createUser(sender);
  await page.goto("/auth");
  await page.getByLabel("E-mail address").fill(sender);
  await page.getByRole("button", { name: "Continue with e-mail" }).click();
  await expect(page).toHaveURL(/\/auth\/code\?/);
  const link = linkIn(await latestMailTo(sender));

  // The one who opens it, in a browser of their own.
  const context = await browser.newContext({ ...testInfo.project.use, baseURL, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Sign in as a…@example.test?");
  await expect(other.getByText(sender)).toHaveCount(0);
  expect((await context.cookies()).some((cookie) => cookie.name === "tb_session")).toBe(false);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other).toHaveURL(/\/profile$/);
  await other.goto("/settings");
  await expect(other.getByTestId("account-email")).toHaveText(sender);
  await context.close();
});
