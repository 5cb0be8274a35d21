// /token through the browser, with JavaScript on and off: Verify Token (one field, grouped as
// typed with JavaScript), every message of spec 001 §5 "Token verification" and "Products", the
// lockout, claim → remove → re-claim by another user, the product registry, and authorization.
import type { BrowserContext, Page, TestInfo } from "@playwright/test";
import { eq } from "drizzle-orm";
import { products, tagbackTokens } from "../../db/schema.ts";
import { a11yScanner } from "./a11y";
import { createUser, e2eDb, MINTED_PASSWORD, mintUnclaimedToken, stored } from "./db";
import { expect, signInAs, test, uniqueIp } from "./fixtures";

const PASSWORD = MINTED_PASSWORD;

function tokenOwner(token: string) {
  return e2eDb()
    .select({ user_id: tagbackTokens.userId, is_claimed: stored(tagbackTokens.isClaimed), is_verified: stored(tagbackTokens.isVerified) })
    .from(tagbackTokens)
    .where(eq(tagbackTokens.token, token))
    .get()!;
}

/** Gives the token to the user, claimed and verified. */
function claimFor(userId: string, token: string) {
  e2eDb().update(tagbackTokens).set({ userId, isClaimed: true, isVerified: true }).where(eq(tagbackTokens.token, token)).run();
}

function jsOn(testInfo: TestInfo) {
  return testInfo.project.use.javaScriptEnabled !== false;
}

function grouped(token: string) {
  return token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3");
}

function toast(page: Page) {
  return page.locator("[data-toast-type]");
}

async function enterToken(page: Page, token: string, testInfo: TestInfo) {
  if (jsOn(testInfo)) await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByLabel("Token", { exact: true }).pressSequentially(token);
}

async function verifyToken(page: Page, token: string, password: string, testInfo: TestInfo) {
  await page.goto("/token");
  await enterToken(page, token, testInfo);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Verify Token" }).click();
}

/** The user and a verified token of theirs, straight in the database. */
async function userWithToken(context: BrowserContext, baseURL: string) {
  const user = createUser();
  await signInAs(context, user.id, baseURL);
  const token = await mintUnclaimedToken();
  claimFor(user.id, token);
  return { user, token };
}

function addProducts(userId: string, token: string, names: string[]) {
  for (const [i, name] of names.entries()) {
    e2eDb().insert(products).values({ userId, name, token, createdAt: new Date(Date.now() + i) }).run();
  }
}

test.describe("Verify Token", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signInAs(context, createUser().id, baseURL!);
  });

  test("the right password claims the token: 'Token Verified', and My Tokens lists it", async ({ page }, testInfo) => {
    const token = await mintUnclaimedToken();
    await verifyToken(page, token, PASSWORD, testInfo);
    await expect(toast(page)).toContainText("Token Verified");
    await expect(page.getByTestId("my-token")).toContainText(grouped(token));
    await expect(page.getByTestId("my-token")).toContainText("Verified");
    expect(tokenOwner(token)).toMatchObject({ is_claimed: 1, is_verified: 1 });
  });

  test("the token field: one field, grouped 4-4-4 as typed with JavaScript (issue 34: no boxes swapped in)", async ({ page }, testInfo) => {
    await page.goto("/token");
    const field = page.getByLabel("Token", { exact: true });
    await expect(field).toBeVisible();
    await expect(page.getByRole("textbox", { name: /Token digit/ })).toHaveCount(0);
    if (jsOn(testInfo)) {
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
      // Verify waits for all 12 digits and a password.
      const verify = page.getByRole("button", { name: "Verify Token" });
      await expect(verify).toBeDisabled();
      await field.pressSequentially("12345a6");
      await expect(field).toHaveValue("1234-56");
      // A pasted token (with tags and separators) is read as its digits.
      await field.fill("");
      await field.evaluate((input) => {
        const data = new DataTransfer();
        data.setData("text", "<b>1234</b>-5678 9012");
        input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      });
      await expect(field).toHaveValue("1234-5678-9012");
      await expect(verify).toBeDisabled();
      await page.getByLabel("Password", { exact: true }).fill("1234");
      await expect(verify).toBeEnabled();
    }
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("maxlength", "10");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("inputmode", "numeric");
  });

  test("missing token or password: 'Missing Information' / 'Please enter 12-digit token and password.'", async ({ page }, testInfo) => {
    await page.goto("/token");
    if (jsOn(testInfo)) {
      // The button waits for both; the server says the same when posted anyway.
      const response = await page.request.post("/token", { form: { intent: "verify-token", token: "", password: "" } });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain("Please enter 12-digit token and password.");
    } else {
      await page.getByRole("button", { name: "Verify Token" }).click();
      await expect(page.getByRole("alert")).toContainText("Missing Information");
      await expect(page.getByRole("alert")).toContainText("Please enter 12-digit token and password.");
    }
  });

  test("an unknown token: 'This token does not exist.'", async ({ page }, testInfo) => {
    await verifyToken(page, "999999999999", "1234", testInfo);
    await expect(page.getByRole("alert")).toContainText("This token does not exist.");
  });

  test("a wrong password: 'Please check your token and password and try again.'; the digits stay, the password does not", async ({ page }, testInfo) => {
    const token = await mintUnclaimedToken();
    await verifyToken(page, token, "99999999", testInfo);
    await expect(page.getByRole("alert")).toContainText("Please check your token and password and try again.");
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("Token", { exact: true })).toHaveValue(grouped(token));
    expect(tokenOwner(token).user_id).toBeNull();
  });

  test("a token another user holds: 'This token is already registered to another user.'", async ({ page }, testInfo) => {
    const token = await mintUnclaimedToken();
    claimFor(createUser().id, token);
    await verifyToken(page, token, PASSWORD, testInfo);
    await expect(page.getByRole("alert")).toContainText("This token is already registered to another user.");
  });

  test("5 wrong passwords lock the token: then even the right one is refused", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const token = await mintUnclaimedToken();
    for (let attempt = 1; attempt <= 4; attempt++) {
      await verifyToken(page, token, `${attempt}0000`, testInfo);
      await expect(page.getByRole("alert")).toContainText("Please check your token and password and try again.");
    }
    await verifyToken(page, token, "50000", testInfo);
    await expect(page.getByRole("alert")).toContainText("Too many wrong passwords");
    await verifyToken(page, token, PASSWORD, testInfo);
    await expect(page.getByRole("alert")).toContainText("Too many wrong passwords");
    expect(tokenOwner(token).user_id).toBeNull();
  });
});

test("claim, remove, and another user claims it again", async ({ browser, baseURL }, testInfo) => {
  const token = await mintUnclaimedToken();
  const first = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  const firstUser = createUser();
  await signInAs(first, firstUser.id, baseURL!);
  const page = await first.newPage();
  await verifyToken(page, token, PASSWORD, testInfo);
  await expect(toast(page)).toContainText("Token Verified");

  await page.getByText(/^Remove/).click();
  await page.getByRole("button", { name: `Yes, remove ${grouped(token)}` }).click();
  await expect(toast(page)).toContainText("Token removed");
  await expect(page.getByTestId("my-token")).toHaveCount(0);
  expect(tokenOwner(token)).toEqual({ user_id: null, is_claimed: 0, is_verified: 0 });
  await first.close();

  const second = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  const secondUser = createUser();
  await signInAs(second, secondUser.id, baseURL!);
  const other = await second.newPage();
  await verifyToken(other, token, PASSWORD, testInfo);
  await expect(toast(other)).toContainText("Token Verified");
  expect(tokenOwner(token)).toEqual({ user_id: secondUser.id, is_claimed: 1, is_verified: 1 });
  await second.close();
});

test.describe("Product Registry", () => {
  test("add two products: 'Product Added'; they list newest first", async ({ page, context, baseURL }) => {
    const { token } = await userWithToken(context, baseURL!);
    await page.goto("/token");
    for (const name of ["Laptop", "Keys"]) {
      await page.getByLabel("Product name").fill(name);
      await page.getByLabel("Sticker token").selectOption(token);
      await page.getByRole("button", { name: "Add Product" }).click();
      await expect(toast(page)).toContainText("Product Added");
    }
    await expect(page.getByTestId("product-row")).toHaveCount(2);
    await expect(page.getByTestId("product-row").first()).toContainText("Keys");
    await expect(page.getByText("2 of 5 products")).toBeVisible();
  });

  test("the 6th product: 'Limit Reached' / 'You can only register up to 5 products.'", async ({ page, context, baseURL }) => {
    const { user, token } = await userWithToken(context, baseURL!);
    addProducts(user.id, token, ["One", "Two", "Three", "Four", "Five"]);
    await page.goto("/token");
    await page.getByLabel("Product name").fill("Six");
    await page.getByLabel("Sticker token").selectOption(token);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByRole("alert")).toContainText("Limit Reached");
    await expect(page.getByRole("alert")).toContainText("You can only register up to 5 products.");
    await expect(page.getByTestId("product-row")).toHaveCount(5);
  });

  test("a name and a token are required; names are at most 12; profanity is refused", async ({ page, context, baseURL }) => {
    const { token } = await userWithToken(context, baseURL!);
    await page.goto("/token");
    await expect(page.getByLabel("Product name")).toHaveAttribute("maxlength", "12");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByLabel("Product name")).toHaveAccessibleDescription(/Please enter a product name\./);
    await expect(page.getByLabel("Sticker token")).toHaveAccessibleDescription(/Please choose one of your verified tokens\./);
    await page.getByLabel("Product name").fill("Chutiya bag");
    await page.getByLabel("Sticker token").selectOption(token);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByRole("alert")).toContainText("NSFW Content Detected");
    await expect(page.getByTestId("product-row")).toHaveCount(0);
  });

  test("rename inline (Save and Cancel) and delete", async ({ page, context, baseURL }) => {
    const { user, token } = await userWithToken(context, baseURL!);
    addProducts(user.id, token, ["Laptop"]);
    await page.goto("/token");
    await page.getByRole("link", { name: "Rename Laptop" }).click();
    const field = page.getByLabel("New name for Laptop");
    await expect(field).toHaveAttribute("maxlength", "100");
    await field.fill("Something else");
    await page.getByRole("link", { name: "Cancel" }).click();
    // The row as it was (its field's label names the product too, so the row's text alone would pass in rename mode).
    await expect(page.getByLabel("New name for Laptop")).toHaveCount(0);
    await expect(page.getByTestId("product-row")).toContainText("Laptop");

    await page.getByRole("link", { name: "Rename Laptop" }).click();
    await page.getByLabel("New name for Laptop").fill("Work laptop, silver");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(toast(page)).toContainText("Product Renamed");
    await expect(page.getByTestId("product-row")).toContainText("Work laptop, silver");

    await page.getByRole("button", { name: "Delete Work laptop, silver" }).click();
    await expect(toast(page)).toContainText("Product Deleted");
    await expect(page.getByTestId("product-row")).toHaveCount(0);
  });

  test("Rename keeps the page where it is; a route change scrolls to the top after 100 ms @js-only", async ({ page, context, baseURL }) => {
    const { user, token } = await userWithToken(context, baseURL!);
    addProducts(user.id, token, ["Laptop"]);
    // The spec's 100 ms, run on the page's own clock rather than waited for.
    await page.clock.install();
    await page.goto("/token");
    const rename = page.getByRole("link", { name: "Rename Laptop" });
    await rename.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);

    // A new query on the same page (the row's field) is not a route change.
    await rename.click();
    const field = page.getByLabel("New name for Laptop");
    await expect(field).toBeFocused();
    await page.clock.runFor(500);
    await expect(field).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    // Another path is.
    await page.getByRole("navigation", { name: "Account sections (bottom)" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.clock.runFor(500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a token with products cannot be removed until they are deleted", async ({ page, context, baseURL }) => {
    const { user, token } = await userWithToken(context, baseURL!);
    addProducts(user.id, token, ["Wallet"]);
    await page.goto("/token");
    await page.getByText(/^Remove/).click();
    await page.getByRole("button", { name: `Yes, remove ${grouped(token)}` }).click();
    await expect(page.getByRole("alert")).toContainText("Error removing token");
    expect(tokenOwner(token).user_id).toBe(user.id);
  });

  test("a user cannot rename, delete or remove another user's product or token by posting its id", async ({ page, context, baseURL, browser }, testInfo) => {
    const ownerContext = await browser.newContext({ ...testInfo.project.use });
    const { user: owner, token } = await userWithToken(ownerContext, baseURL!);
    await ownerContext.close();
    addProducts(owner.id, token, ["Helmet"]);
    const product = e2eDb().select({ id: products.id }).from(products).where(eq(products.userId, owner.id)).get()!;
    const tokenId = e2eDb().select({ id: tagbackTokens.id }).from(tagbackTokens).where(eq(tagbackTokens.token, token)).get()!.id;

    await signInAs(context, createUser().id, baseURL!);
    await page.goto("/token");
    const rename = await page.request.post("/token", { form: { intent: "rename-product", productId: product.id, name: "Stolen" } });
    expect(rename.status()).toBe(404);
    const remove = await page.request.post("/token", { form: { intent: "delete-product", productId: product.id } });
    expect(remove.status()).toBe(404);
    const release = await page.request.post("/token", { form: { intent: "remove-token", tokenId } });
    expect(release.status()).toBe(404);
    const unknown = await page.request.post("/token", { form: { intent: "steal" } });
    expect(unknown.status()).toBe(400);

    expect(e2eDb().select({ name: products.name, user_id: products.userId }).from(products).where(eq(products.id, product.id)).get()).toEqual({
      name: "Helmet",
      user_id: owner.id,
    });
    expect(tokenOwner(token).user_id).toBe(owner.id);
  });

  test("no serious accessibility problems on /token, also with the rename field open", async ({ page, context, baseURL }, testInfo) => {
    const { user, token } = await userWithToken(context, baseURL!);
    addProducts(user.id, token, ["Laptop"]);
    // Without JavaScript the two scans share one context of their own (a11y.ts).
    const scanner = a11yScanner(page, testInfo);
    try {
      await page.goto("/token");
      await scanner.check();
      const product = e2eDb().select({ id: products.id }).from(products).where(eq(products.userId, user.id)).get()!;
      await page.goto(`/token?rename=${product.id}`);
      await scanner.check();
    } finally {
      await scanner.close();
    }
  });
});
