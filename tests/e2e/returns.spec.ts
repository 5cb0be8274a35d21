// From found to returned through the browser (issue 49). With JavaScript, in one finder context:
// the location permission refused first (a clear line; the typed place still goes), then granted
// with a position set: the form sends it rounded, the owner's conversation and alert mail (the
// loopback SMTP server) carry both map links, the owner marks the item returned with a thank-you,
// the finder's page says so, the finder gets one mail, and a Hindi finder's browser without
// JavaScript reads it in Hindi; the admin's page counts the return and names nobody; the finder withdraws their position on the way and shares it again from their page. Without
// JavaScript: no button, and the form still sends. Everything
// else of the feature is checked at route level (tests/integration/returns.test.ts).
import { devices } from "@playwright/test";
import { eq } from "drizzle-orm";
import { finderThreads } from "../../db/schema.ts";
import { mailsIn } from "../support/mail-files.ts";
import { createOwner, createUser, e2eDb, makeAdmin, uniqueEmail } from "./db";
import { expect, latestMailTo, signInAs, test, uniqueIp } from "./fixtures";

const { defaultBrowserType: _unused, ...phone } = devices["Pixel 7"];
/** The form refuses a form sent within MIN_FILL_SECONDS (3 s) of being shown. */
const FILL_TIME_MS = 3_200;

/** The mails to `address` as received, quoted-printable undone so lines read whole. */
function mailsTo(address: string): string[] {
  return mailsIn(process.env.TAGBACK_E2E_MAIL_DIR!, address).map((raw) =>
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

test("a finder shares where they are in one tap (after a refusal), the owner sees both links and marks it returned; the finder is told, in Hindi without JavaScript too @js-only", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.slow();
  const owner = createOwner({ firstName: "Meera" });
  const finderEmail = uniqueEmail("finder");

  // Permission not given: a clear line, nothing attached, the typed place is there to use.
  await page.goto(`/contact-owner?type=tagbacktoken&number=${owner.token}`);
  await page.getByTestId("share-location").click();
  await expect(page.getByTestId("location-status")).toHaveText("Location not shared: your phone did not allow it. You can type the place instead.");
  await expect(page.getByTestId("location-attached")).toHaveCount(0);
  await page.getByLabel("Where did you find it? (optional)").fill("Rajiv Chowk metro, gate 2");

  // Given: one tap attaches the position, rounded (12 m of accuracy is shown as the 50 m it is kept at).
  await context.grantPermissions(["geolocation"], { origin: baseURL });
  await context.setGeolocation({ latitude: 28.632853, longitude: 77.219721, accuracy: 12 });
  await page.getByTestId("share-location").click();
  await expect(page.getByTestId("location-attached")).toHaveText("Your location is attached (within about 50 m).");
  await expect(page.locator('input[name="latitude"]')).toHaveValue("28.633");
  await page.getByLabel("Your message").fill("Found your keys at Rajiv Chowk");
  await page.getByLabel("How can the owner reach you? (optional)").fill(finderEmail);
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByRole("button", { name: "Send to the owner" }).click();
  await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
  await expect(page.getByTestId("location-shared")).toContainText("within about 50 m");
  const privatePath = new URL(page.url()).pathname;
  // Its live stream is open, so it hears of the return below.
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-live", "true");

  const thread = e2eDb().select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get()!;
  expect(thread).toMatchObject({ latitude: 28.633, longitude: 77.2195, locationAccuracy: 50, foundWhere: "Rajiv Chowk metro, gate 2" });
  const geo = "geo:28.633,77.2195?q=28.633,77.2195";
  const osm = "https://www.openstreetmap.org/?mlat=28.633&mlon=77.2195#map=17/28.633/77.2195";
  const alert = await latestMailTo(owner.email);
  expect(alert).toContain(geo);
  expect(alert).toContain(osm);

  // The owner's conversation: both links, no embedded map; "I got it back" with a thank-you.
  const ownerContext = await browser.newContext({ ...phone, baseURL, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  await signInAs(ownerContext, owner.id, baseURL!);
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto(`/messaging/${thread.conversationId}`);
  await expect(ownerPage.getByTestId("finder-location-geo")).toHaveAttribute("href", geo);
  await expect(ownerPage.getByTestId("finder-location-osm")).toHaveAttribute("href", osm);
  await expect(ownerPage.locator("iframe")).toHaveCount(0);

  // The finder withdraws it on their page: gone from the thread; the button is there to share anew.
  await page.getByRole("button", { name: "Withdraw my location" }).click();
  await expect(page.getByTestId("location-shared")).toHaveCount(0);
  await expect(page.getByTestId("share-location")).toBeVisible();
  await expect.poll(() => e2eDb().select({ latitude: finderThreads.latitude }).from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get()?.latitude).toBeNull();
  // One tap there shares it again, rounded the same way (a position up to a minute old may be the
  // phone's answer: LOCATION_MAX_AGE_MS).
  await page.getByTestId("share-location").click();
  await expect(page.getByTestId("location-shared")).toContainText("within about 50 m");
  expect(e2eDb().select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get()).toMatchObject({ latitude: 28.633, longitude: 77.2195, locationAccuracy: 50 });
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-live", "true");

  await ownerPage.getByLabel("Got it back? A thank-you line for the finder (optional)").fill("Thank you, chai is on me!");
  await ownerPage.getByRole("button", { name: "I got it back" }).click();
  await expect(ownerPage.getByTestId("returned-state")).toContainText("Returned");

  // The team's page, as an admin's browser gets its HTML: this week's return counted, nobody named.
  const admin = createUser(uniqueEmail("admin"));
  await makeAdmin(admin);
  await ownerContext.clearCookies();
  await signInAs(ownerContext, admin.id, baseURL!);
  const adminPage = await ownerContext.newPage();
  await adminPage.goto("/admin/returns");
  await expect(adminPage.getByTestId("funnel-week").first().locator('[data-step="returned"]')).not.toHaveText("0");
  const html = await adminPage.content();
  for (const named of [owner.id, owner.email, owner.token, thread.finderUserId, thread.conversationId, finderEmail, "Meera", "chai is on me"]) {
    expect(html, named).not.toContain(named);
  }
  await ownerContext.close();

  // The finder's page says so (it hears of it live); no answer form any more.
  await expect(page.getByTestId("returned-notice")).toContainText("Returned to its owner — thank you");
  await expect(page.getByTestId("returned-note")).toHaveText("Thank you, chai is on me!");
  await expect(page.getByTestId("reply-form")).toHaveCount(0);
  // One mail to the finder saying the same.
  await expect.poll(() => mailsTo(finderEmail).filter((mail) => mail.includes("Thank you for helping it home")).length, { timeout: 20_000 }).toBe(1);

  // A Hindi finder's browser without JavaScript: the same page, in Hindi.
  const hindi = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false, locale: "hi-IN", extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  const hindiPage = await hindi.newPage();
  await hindiPage.goto(privatePath);
  await expect(hindiPage.getByTestId("returned-notice")).toContainText("मालिक को वापस मिल गया — धन्यवाद");
  await expect(hindiPage.getByTestId("returned-note")).toHaveText("Thank you, chai is on me!");
  await expect(hindiPage.getByTestId("reply-form")).toHaveCount(0);
  await hindi.close();
});

test("without JavaScript there is no location button, and the form still sends", { tag: "@js-off-only" }, async ({ page }) => {
  const owner = createOwner({ firstName: "Nikhil" });
  await page.goto(`/contact-owner?type=tagbacktoken&number=${owner.token}`);
  await expect(page.getByTestId("share-location")).toHaveCount(0);
  await page.getByLabel("Your message").fill("Found your wallet near Hauz Khas");
  await page.getByLabel("Where did you find it? (optional)").fill("Hauz Khas metro, gate 3");
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByRole("button", { name: "Send to the owner" }).click();
  await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
  await expect(page.getByTestId("share-location")).toHaveCount(0);
  const thread = e2eDb().select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get()!;
  expect(thread).toMatchObject({ latitude: null, longitude: null, foundWhere: "Hauz Khas metro, gate 3" });
});
