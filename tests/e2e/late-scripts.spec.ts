// Issue 34: on a slow phone the page's scripts arrive seconds after its HTML, and people type and
// tap in the meantime. For every form a finder or an owner uses: type (and tap) on the server's
// HTML, then let the scripts arrive (tests/e2e/late-scripts.ts holds each one 3 s); what was typed
// is still there, and a form sent before the scripts came reaches the server. With JavaScript off
// the same steps run on the plain page, where nothing arrives.
import type { Page, TestInfo } from "@playwright/test";
import { eq } from "drizzle-orm";
import { lostItems, products, tagbackTokens } from "../../db/schema.ts";
import { createOwner, createUser, e2eDb, MINTED_PASSWORD, mintUnclaimedToken, stored } from "./db";
import { expect, signInAs, test } from "./fixtures";
import { ta } from "~/i18n/ta";
import { holdPostsUntilScripts, lateScripts, openBeforeScripts, scriptsStarted } from "./late-scripts";

const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

/** With JavaScript, until the late scripts have run; without, the page is as it will stay. */
async function afterScripts(page: Page, testInfo: TestInfo) {
  if (jsOn(testInfo)) await scriptsStarted(page);
}

function toast(page: Page) {
  return page.locator("[data-toast-type]");
}

function grouped(token: string) {
  return token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3");
}

test.beforeEach(async ({ page }) => {
  await lateScripts(page);
});

test.describe("an owner's forms", () => {
  test("/token: a token typed before the scripts stays in the field, and Verify Token claims it", async ({ page, baseURL }, testInfo) => {
    const user = createUser();
    await signInAs(page.context(), user.id, baseURL!);
    const token = await mintUnclaimedToken();
    await openBeforeScripts(page, "/token");
    await page.getByLabel("Token", { exact: true }).pressSequentially(grouped(token));
    await page.getByLabel("Password", { exact: true }).fill(MINTED_PASSWORD);
    await afterScripts(page, testInfo);
    await expect(page.getByLabel("Token", { exact: true })).toHaveValue(grouped(token));
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue(MINTED_PASSWORD);
    // With every field there, the button is ready (it reads the fields as they are, not as served).
    await expect(page.getByRole("button", { name: "Verify Token" })).toBeEnabled();
    await page.getByRole("button", { name: "Verify Token" }).click();
    await expect(toast(page)).toContainText("Token Verified");
    const row = e2eDb().select({ userId: tagbackTokens.userId, verified: stored(tagbackTokens.isVerified) }).from(tagbackTokens).where(eq(tagbackTokens.token, token)).get();
    expect(row).toEqual({ userId: user.id, verified: 1 });
  });

  test("/token: Verify Token tapped before the scripts is answered, even while they start", async ({ page, baseURL }, testInfo) => {
    await signInAs(page.context(), createUser().id, baseURL!);
    await holdPostsUntilScripts(page, testInfo);
    const token = await mintUnclaimedToken();
    await openBeforeScripts(page, "/token");
    await page.getByLabel("Token", { exact: true }).fill(token);
    await page.getByLabel("Password", { exact: true }).fill(MINTED_PASSWORD);
    await page.getByRole("button", { name: "Verify Token" }).click();
    await expect(toast(page)).toContainText("Token Verified");
  });

  test("'Mark as Recovered' tapped before the scripts is carried out", async ({ page, baseURL }, testInfo) => {
    const owner = createOwner({ maskBio: false });
    e2eDb().insert(lostItems).values({ userId: owner.id, type: "product", name: "Laptop", identifier: owner.token, dateLost: "2026-11-20" }).run();
    await signInAs(page.context(), owner.id, baseURL!);
    await holdPostsUntilScripts(page, testInfo);
    await openBeforeScripts(page, "/lost");
    await page.getByRole("button", { name: "Mark as Recovered" }).click();
    await expect(toast(page)).toContainText("Item Recovered");
    expect(e2eDb().select({ status: lostItems.status }).from(lostItems).where(eq(lostItems.userId, owner.id)).get()).toEqual({ status: "recovered" });
  });

  test("/lost: the report typed and sent before the scripts is saved with its message", async ({ page, baseURL }, testInfo) => {
    const owner = createOwner({ maskBio: false });
    e2eDb().insert(products).values({ userId: owner.id, name: "Laptop", token: owner.token }).run();
    await signInAs(page.context(), owner.id, baseURL!);
    await holdPostsUntilScripts(page, testInfo);
    await openBeforeScripts(page, "/lost");
    await page.getByRole("radio", { name: /Laptop/ }).check();
    await page.getByLabel("Message to the finder").fill("Please call me, reward offered");
    await page.getByRole("button", { name: "Report as Lost" }).click();
    await expect(toast(page)).toContainText("Item Marked as Lost");
    expect(e2eDb().select({ message: lostItems.message }).from(lostItems).where(eq(lostItems.userId, owner.id)).get()).toEqual({
      message: "Please call me, reward offered",
    });
  });
});

test.describe("a finder's forms", () => {
  test("the search on / keeps a number typed before the scripts", async ({ page }, testInfo) => {
    await openBeforeScripts(page, "/");
    const field = page.locator("form#owner-search input[name=number]");
    await field.fill("123456789012");
    await afterScripts(page, testInfo);
    await expect(field).toHaveValue("123456789012");
  });

  test("a scan's unlock: digits typed before the script stay, and unlock the bio", async ({ page }, testInfo) => {
    const owner = createOwner({ maskBio: true });
    await openBeforeScripts(page, `/?t=${owner.token}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Unlock digits", { exact: true }).fill(owner.unlockDigits);
    await afterScripts(page, testInfo);
    await expect(dialog.getByLabel("Unlock digits", { exact: true })).toHaveValue(owner.unlockDigits);
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByRole("dialog")).toContainText(owner.bio);
  });

  test("the unlock on a hydrated page (/lost-found's search): digits typed before React stay, and unlock", async ({ page, baseURL }, testInfo) => {
    await signInAs(page.context(), createUser().id, baseURL!);
    const owner = createOwner({ maskBio: true });
    await openBeforeScripts(page, `/lost-found?tab=found&type=tagbacktoken&number=${owner.token}`);
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Unlock digits", { exact: true }).fill(owner.unlockDigits);
    await afterScripts(page, testInfo);
    await expect(dialog.getByLabel("Unlock digits", { exact: true })).toHaveValue(owner.unlockDigits);
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByRole("dialog")).toContainText(owner.bio);
  });

  test("'I found this': the message written before the scripts stays, is counted, and is sent when tapped early", async ({ page }, testInfo) => {
    const owner = createOwner({ firstName: "Aarav" });
    await holdPostsUntilScripts(page, testInfo);
    await openBeforeScripts(page, `/contact-owner?type=tagbacktoken&number=${owner.token}`);
    const message = page.getByLabel("Your message");
    await message.fill("Found your keys at Rajiv Chowk, gate 2");
    if (jsOn(testInfo)) {
      await scriptsStarted(page);
      await expect(message).toHaveValue("Found your keys at Rajiv Chowk, gate 2");
      await expect(page.getByText("38/", { exact: false })).toBeVisible();
    } else {
      // A person takes longer than the form's 3 s minimum (MIN_FILL_SECONDS); with JavaScript the
      // scripts' delay already did.
      await page.waitForTimeout(3_200);
    }
    await page.getByRole("button", { name: "Send to the owner" }).click();
    await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
    await expect(page.getByTestId("message")).toHaveText([/Found your keys at Rajiv Chowk, gate 2/]);
  });

  test("switching language while writing 'I found this' keeps the draft, and it can still be sent", async ({ page }, testInfo) => {
    const owner = createOwner({ firstName: "Aarav" });
    await openBeforeScripts(page, `/contact-owner?type=tagbacktoken&number=${owner.token}`);
    await page.getByLabel("Your message").fill("Found your keys at Rajiv Chowk, gate 2");
    await page.getByLabel("I'll leave it at the metro station's lost-and-found counter").check();
    await page.getByLabel("Where did you find it? (optional)").fill("Rajiv Chowk metro");
    await afterScripts(page, testInfo);
    const menu = page.locator("[data-testid=language-menu]:visible");
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "தமிழ்" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ta");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ta.contact.pageTitle.title);
    await expect(page.getByLabel(ta.contact.messageLabel.title)).toHaveValue("Found your keys at Rajiv Chowk, gate 2");
    await expect(page.getByLabel(ta.contact.handoverMetroCounter.title)).toBeChecked();
    await expect(page.getByLabel(ta.contact.foundWhereLabel.title)).toHaveValue("Rajiv Chowk metro");
    await expect(page.getByTestId("contact-alert")).toHaveCount(0);
    // The form's 3 s minimum counts from when it was first shown (the draft kept its ticket).
    if (!jsOn(testInfo)) await page.waitForTimeout(3_200);
    await page.getByRole("button", { name: ta.contact.send.title }).click();
    await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
    await expect(page.getByTestId("message")).toHaveText([/Found your keys at Rajiv Chowk, gate 2/]);
  });

  test("the private page's answer typed before the scripts stays, and is sent", async ({ page }, testInfo) => {
    const owner = createOwner({ firstName: "Aarav" });
    await openBeforeScripts(page, `/contact-owner?type=tagbacktoken&number=${owner.token}`);
    await page.getByLabel("Your message").fill("Found your keys at Rajiv Chowk, gate 2");
    // A person takes longer than the form's 3 s minimum; with JavaScript the scripts' delay does.
    if (jsOn(testInfo)) await scriptsStarted(page);
    else await page.waitForTimeout(3_200);
    await page.getByRole("button", { name: "Send to the owner" }).click();
    await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
    // The private page, its scripts late again: the finder answers at once.
    const answer = page.getByLabel("Your answer");
    await answer.fill("I can bring them tomorrow morning");
    await afterScripts(page, testInfo);
    await expect(answer).toHaveValue("I can bring them tomorrow morning");
    await page.getByTestId("reply-form").getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("message")).toHaveText([/Found your keys/, /I can bring them tomorrow morning/]);
  });
});

test("/found: a number typed before the scripts stays in the owner's search", async ({ page, baseURL }, testInfo) => {
  await signInAs(page.context(), createUser().id, baseURL!);
  await openBeforeScripts(page, "/found");
  const field = page.locator("input[name=number]").first();
  await field.fill("1234567890");
  await afterScripts(page, testInfo);
  await expect(field).toHaveValue("1234567890");
});

test("the blog's search: words typed before the scripts stay, filter the list, and go into the URL", async ({ page }, testInfo) => {
  await openBeforeScripts(page, "/blog");
  const box = page.getByRole("searchbox", { name: "Search blogs" });
  await box.fill("LAPTOP");
  await afterScripts(page, testInfo);
  await expect(box).toHaveValue("LAPTOP");
  if (jsOn(testInfo)) {
    // The list filters from the kept words, and the URL follows them.
    await expect(page.locator("[data-post-card]")).toHaveCount(1);
    await expect(page).toHaveURL(/\/blog\?q=LAPTOP$/);
  } else {
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?q=LAPTOP$/);
    await expect(page.locator("[data-post-card]")).toHaveCount(1);
  }
});
