// Lost items through the browser, with JavaScript on and off: report a registered item on /lost,
// the duplicate, the status toggle, delete after its confirmation step; the typed report form and
// the tabs of /lost-found; lost mode as an anonymous finder sees it on a sticker scan (/?t=) and
// a metro card search, before and after 'Mark as Recovered'; and that another user's ids change
// nothing (checked in the database).
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { lostItems, products } from "../../db/schema.ts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { createOwner, createUser, e2eDb } from "./db";
import { expect, signInAs, test, uniqueIp } from "./fixtures";

function toast(page: Page) {
  return page.locator("[data-toast-type]");
}

/** An owner (token, metro card, social icons on) with a product "Laptop" on the token, signed in. */
async function signedInOwner(page: Page, baseURL: string) {
  const owner = createOwner({ maskBio: false, useSocialIcons: true, firstName: "Meera" });
  e2eDb().insert(products).values({ userId: owner.id, name: "Laptop", token: owner.token }).run();
  await signInAs(page.context(), owner.id, baseURL);
  return owner;
}

function reportsOf(userId: string) {
  return e2eDb().select().from(lostItems).where(eq(lostItems.userId, userId)).all();
}

async function reportLaptop(page: Page, fields: { message?: string; reward?: string } = {}) {
  await page.goto("/lost");
  await page.getByRole("radio", { name: /Laptop/ }).check();
  if (fields.message) await page.getByLabel("Message to the finder").fill(fields.message);
  if (fields.reward) await page.getByLabel("Reward").fill(fields.reward);
  await page.getByRole("button", { name: "Report as Lost" }).click();
}

test.describe("/lost", () => {
  test("report the laptop: 'Item Marked as Lost', listed as pending; a second report is 'Already Reported'", async ({ page, baseURL }, testInfo) => {
    const owner = await signedInOwner(page, baseURL!);
    await reportLaptop(page, { message: "Reward ₹500, please call", reward: "₹500" });
    await expect(toast(page)).toContainText("Item Marked as Lost");
    const row = page.getByTestId("lost-item");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Laptop");
    await expect(row).toContainText("Pending");
    await expect(row).toContainText("Reward ₹500, please call");
    expect(reportsOf(owner.id)).toMatchObject([{ type: "product", identifier: owner.token, status: "pending", reward: "₹500" }]);

    await reportLaptop(page);
    await expect(page.getByRole("alert").filter({ hasText: "Already Reported" })).toContainText("This product is already reported as lost.");
    expect(reportsOf(owner.id)).toHaveLength(1);
    await expectNoSeriousA11yViolations(page, testInfo);
  });

  test("nothing selected: 'Please select an item to report.'", async ({ page, baseURL }) => {
    const owner = await signedInOwner(page, baseURL!);
    await page.goto("/lost");
    await page.getByRole("button", { name: "Report as Lost" }).click();
    await expect(page.getByText("Please select an item to report.").first()).toBeVisible();
    expect(reportsOf(owner.id)).toEqual([]);
  });

  test("'Mark as Recovered', 'Mark as Pending', and delete after its confirmation", async ({ page, baseURL }) => {
    const owner = await signedInOwner(page, baseURL!);
    await reportLaptop(page);
    await expect(toast(page)).toContainText("Item Marked as Lost");
    // With JavaScript, the toast's Dismiss button says the page is interactive. A click before that
    // can start a plain form post that React Router's start-up (history.replaceState) then cancels:
    // the action ran, the page never moved (seen once in CI).
    if (test.info().project.use.javaScriptEnabled !== false) await expect(toast(page).getByRole("button", { name: "Dismiss" })).toBeVisible();
    await page.getByRole("button", { name: "Mark as Recovered" }).click();
    await expect(toast(page)).toContainText("Item Recovered");
    await expect(page.getByTestId("lost-item")).toHaveAttribute("data-status", "recovered");
    expect(reportsOf(owner.id)[0]!.status).toBe("recovered");

    await page.getByRole("button", { name: "Mark as Pending" }).click();
    await expect(page.getByTestId("lost-item")).toHaveAttribute("data-status", "pending");
    expect(reportsOf(owner.id)[0]!.status).toBe("pending");

    // Delete asks first: the confirming button shows only once Delete is opened.
    const confirm = page.getByRole("button", { name: "Yes, delete Laptop" });
    await expect(confirm).toBeHidden();
    await page.locator("summary", { hasText: "Delete" }).click();
    await confirm.click();
    await expect(toast(page)).toContainText("Item Deleted");
    await expect(page.getByTestId("lost-item")).toHaveCount(0);
    expect(reportsOf(owner.id)).toEqual([]);
  });

  test("another user's report id: the toggle and delete change nothing (checked in the database)", async ({ page, baseURL }) => {
    const victim = createOwner();
    const [report] = e2eDb()
      .insert(lostItems)
      .values({ userId: victim.id, type: "metro", name: "Card", identifier: victim.metroCard, dateLost: "2026-11-01" })
      .returning()
      .all();
    await signedInOwner(page, baseURL!);
    const toggle = await page.request.post("/lost", { form: { intent: "status", id: report!.id, status: "recovered" }, headers: { Origin: baseURL! } });
    expect(toggle.status()).toBe(404);
    const removal = await page.request.post("/lost-found", { form: { intent: "delete", id: report!.id }, headers: { Origin: baseURL! } });
    expect(removal.status()).toBe(404);
    expect(reportsOf(victim.id)).toMatchObject([{ id: report!.id, status: "pending" }]);
  });
});

test.describe("/lost-found", () => {
  test("tabs are links; the typed form needs every field, checks the number, then 'Report Submitted'", async ({ page, baseURL }, testInfo) => {
    const owner = await signedInOwner(page, baseURL!);
    await page.goto("/lost-found");
    await expect(page.getByRole("link", { name: "My Lost Items" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("radio", { name: "Metro card" }).check({ force: true });
    await page.getByLabel("Item name").fill("Metro card");
    await page.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Missing Information" })).toContainText("Please fill in all fields.");

    await page.getByLabel("Metro card number or token").fill("1234567");
    await page.getByRole("button", { name: "Submit Report" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid Metro Card Number" })).toContainText(
      "Metro card number must be between 8-16 digits.",
    );

    await page.getByLabel("Metro card number or token").fill(owner.metroCard);
    await page.getByLabel("Reward").fill("Chai on me");
    await page.getByRole("button", { name: "Submit Report" }).click();
    await expect(toast(page)).toContainText("Report Submitted");
    await expect(page.getByTestId("lost-item")).toContainText(owner.metroCard);

    await page.getByRole("link", { name: "Found an Item" }).click();
    await expect(page).toHaveURL(/\/lost-found\?tab=found$/);
    await page.getByRole("radio", { name: "Metro Card" }).check({ force: true });
    await page.getByLabel("Metro card number").fill("123");
    await page.getByRole("button", { name: "Find Owner" }).click();
    await expect(page.getByTestId("found-search-error")).toContainText(
      "Please enter a valid Metro Card number (8-16 digits) or Tagback Token (12 characters).",
    );
    await page.getByLabel("Metro card number").fill(owner.metroCard);
    await page.getByRole("button", { name: "Find Owner" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("lost-notice")).toContainText("Chai on me");
    await expectNoSeriousA11yViolations(page, testInfo);
  });
});

test.describe("lost mode", () => {
  test("an anonymous scan shows the lost notice first, with message and reward; after 'Mark as Recovered' it does not", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const owner = await signedInOwner(page, baseURL!);
    await reportLaptop(page, { message: "Reward ₹500, please call", reward: "₹500" });
    await expect(toast(page)).toContainText("Item Marked as Lost");

    const finder = await browser.newContext({ ...testInfo.project.use, baseURL, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
    const finderPage = await finder.newPage();
    await finderPage.goto(`/?t=${owner.token}`);
    const dialog = finderPage.getByRole("dialog");
    const notice = dialog.getByTestId("lost-notice");
    await expect(notice).toContainText("The owner has reported this item lost");
    await expect(notice.getByTestId("lost-message")).toHaveText("Reward ₹500, please call");
    await expect(notice.getByTestId("lost-reward")).toHaveText("₹500");
    // First: before the owner's name and contact options, which are still there.
    const noticeBox = (await notice.boundingBox())!;
    const nameBox = (await dialog.getByTestId("owner-name").boundingBox())!;
    expect(noticeBox.y).toBeLessThan(nameBox.y);
    await expect(dialog.getByRole("heading", { name: "Contact the owner", exact: true })).toBeVisible();
    // The metro card was not reported: its search shows no notice.
    await finderPage.goto(`/?type=metrocard&number=${owner.metroCard}`);
    await expect(finderPage.getByRole("dialog").getByTestId("owner-name")).toBeVisible();
    await expect(finderPage.getByTestId("lost-notice")).toHaveCount(0);

    await page.getByRole("button", { name: "Mark as Recovered" }).click();
    await expect(toast(page)).toContainText("Item Recovered");
    await finderPage.goto(`/?t=${owner.token}`);
    await expect(finderPage.getByRole("dialog").getByTestId("owner-name")).toBeVisible();
    await expect(finderPage.getByTestId("lost-notice")).toHaveCount(0);
    await finder.close();
  });

  test("a user with no registered items is told where to add them", async ({ page, baseURL }) => {
    await signInAs(page.context(), createUser().id, baseURL!);
    await page.goto("/lost");
    await expect(page.getByText("You have no registered items yet.")).toBeVisible();
  });
});
