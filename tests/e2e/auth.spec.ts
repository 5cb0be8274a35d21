import { count, eq } from "drizzle-orm";
import { profiles, users } from "../../db/schema.ts";
import { createUser, e2eDb, makeAdmin, uniqueEmail } from "./db";
import { expect, latestMailTo, signInAs, test } from "./fixtures";

test.describe("Google sign-in through a real OpenID provider", () => {
  test("first sign-in creates the user, stores the picture and lands on /profile; the next finds the same user", async ({ page }) => {
    const email = uniqueEmail("google");
    const picture = `https://images.example.test/${email}.png`;
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Picture").fill(picture);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("profile-photo")).toHaveAttribute("src", picture);
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toBeVisible();

    const user = e2eDb().select({ id: users.id, google_sub: users.googleSub }).from(users).where(eq(users.email, email)).get()!;
    expect(user.google_sub).toMatch(/^google-/);
    expect(e2eDb().select({ photo_url: profiles.photoUrl }).from(profiles).where(eq(profiles.id, user.id)).get()!.photo_url).toBe(picture);

    // Sign out, then sign in again (with a place to return to): same user, back where they were going.
    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/token");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ftoken$/);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/token$/);
    expect(e2eDb().select({ n: count() }).from(users).where(eq(users.email, email)).get()!.n).toBe(1);
  });

  test("a provider error lands on /auth with the message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("status")).toContainText("Authentication Error");
  });

  test("a callback without a code goes back to /auth", async ({ page }) => {
    await page.goto("/auth/callback");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a forged callback (state not ours) is refused with the message", async ({ page }) => {
    await page.goto("/auth/callback?code=abc&state=forged");
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("status")).toContainText("Authentication Error");
  });
});

test.describe("developer mode", () => {
  test("a wrong admin password is refused, and repeated wrong ones lock out", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Developer mode" }).click();
    const dialog = page.getByRole("dialog", { name: "Developer mode" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await dialog.getByLabel("Admin password").fill("wrong");
      await dialog.getByRole("button", { name: "Unlock" }).click();
      await expect(dialog.getByRole("alert")).toHaveText("Invalid admin password");
    }
    // Locked now: even the right password is refused.
    await dialog.getByLabel("Admin password").fill("e2e-pass");
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Too many wrong attempts");
    await expect(page.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  });

  test("the admin password field takes at most 8 characters", async ({ page }) => {
    await page.goto("/auth?dev=1");
    await expect(page.getByLabel("Admin password")).toHaveAttribute("maxlength", "8");
  });

  test("sign up, confirm from the mail, sign in, sign out; the old cookie then grants nothing", async ({ page, context }) => {
    const email = uniqueEmail("dev");
    await page.goto("/auth?dev=1");
    await page.getByLabel("Admin password").fill("e2e-pass");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByRole("status")).toContainText("Developer mode enabled!");

    await page.getByRole("link", { name: "Sign Up" }).click();
    // Typing before the tab has switched would go into the form that is being replaced.
    await expect(page).toHaveURL(/tab=signup/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct-horse");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByText("Registration successful! Please check your email to confirm your account.")).toBeVisible();

    // Not confirmed yet: sign-in is refused.
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/tab=signin/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct-horse");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Error signing in");

    const mail = await latestMailTo(email);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/auth\/confirm\?token=[\w-]+)/.exec(mail)![1];
    await page.goto(link);
    await expect(page.getByRole("status")).toContainText("Email confirmed");

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("correct-horse");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const [sessionCookie] = (await context.cookies()).filter((c) => c.name === "tb_session");
    expect(sessionCookie.httpOnly).toBe(true);
    expect(sessionCookie.sameSite).toBe("Lax");
    expect(sessionCookie.expires - Date.now() / 1000).toBeLessThanOrEqual(30 * 24 * 3600 + 5);

    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toContainText("Logged Out");

    // Replaying the old cookie after sign-out grants nothing.
    await context.addCookies([sessionCookie]);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fprofile$/);
  });

  test("sign-in messages: empty fields, then a wrong password", async ({ page }) => {
    await page.goto("/auth?dev=1");
    await page.getByLabel("Admin password").fill("e2e-pass");
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Error");
    await expect(page.getByRole("alert")).toContainText("Please enter both email and password");
    await page.getByLabel("Email").fill("aarav.sharma@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Error signing in");
  });

  test("sign-up and sign-in posts are refused unless developer mode is on", { tag: "@js-off-only" }, async ({ request }) => {
    const response = await request.post("/auth", { form: { intent: "sign-in", email: "aarav.sharma@example.com", password: "demo1234" } });
    expect(response.status()).toBe(403);
  });
});

test.describe("guards", () => {
  for (const path of ["/profile", "/token", "/found", "/messaging", "/lost", "/lost-found", "/settings", "/admin/lookup"]) {
    test(`an anonymous visit to ${path} goes to /auth, keeping the way back`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?redirectTo=${encodeURIComponent(path)}`);
    });
  }

  test("redirect targets outside the site are refused", async ({ page }) => {
    for (const target of ["//evil.example", "https://evil.example"]) {
      await page.goto(`/auth?dev=1&redirectTo=${encodeURIComponent(target)}`);
      await expect(page.locator('input[name="redirectTo"]').first()).toHaveValue("");
    }
    // Posting one anyway still lands on our own page.
    await page.goto("/auth?dev=1");
    await page.getByLabel("Admin password").fill("e2e-pass");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByRole("link", { name: "Sign Up" })).toBeVisible();
    const response = await page.request.post("/auth", {
      form: { intent: "sign-in", email: "aarav.sharma@example.com", password: "demo1234", redirectTo: "//evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/profile");
  });

  test("a signed-in user who opens / goes to /profile and sees Profile instead of Start", async ({ page, context, baseURL }) => {
    const user = createUser();
    await signInAs(context, user.id, baseURL!);
    await page.goto("/");
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
  });

  test("a signed-in non-admin gets 403 Access denied on /admin/lookup", async ({ page, context, baseURL }) => {
    const user = createUser();
    await signInAs(context, user.id, baseURL!);
    const response = await page.goto("/admin/lookup");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access denied" })).toBeVisible();
    await expect(page.getByText("You do not have admin access.")).toBeVisible();
  });

  test("an admin reaches /admin/lookup", async ({ page, context, baseURL }) => {
    const user = createUser();
    await makeAdmin(user);
    await signInAs(context, user.id, baseURL!);
    const response = await page.goto("/admin/lookup");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "User Lookup" })).toBeVisible();
  });
});
