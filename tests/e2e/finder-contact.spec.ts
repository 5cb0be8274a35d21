// "I found this" through the browser (issue 12), with JavaScript on and off: an anonymous finder
// writes to the owner from a sticker scan, the owner gets the e-mail (the local SMTP server) and
// answers in /messaging, and the finder reads and answers on the private page — live with
// JavaScript, by reload without. Plus what the private link must never do, and the form's refusals.
import { devices, type Browser } from "@playwright/test";
import { eq } from "drizzle-orm";
import { finderThreads, messages, profiles, searchHistory } from "../../db/schema.ts";
import { createOwner, e2eDb, uniqueEmail } from "./db";
import { expectNoSeriousA11yViolations } from "./a11y";
import { expect, latestMailTo, signInAs, test, uniqueIp } from "./fixtures";
import { mailsIn } from "../support/mail-files.ts";

const { defaultBrowserType: _unused, ...phone } = devices["Pixel 7"];

async function ownerOnPhone(browser: Browser, baseURL: string, userId: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...phone, baseURL, javaScriptEnabled, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  await signInAs(context, userId, baseURL);
  return { context, page: await context.newPage() };
}

/** The form refuses a form sent within MIN_FILL_SECONDS (3 s) of being shown: a person takes longer. */
const FILL_TIME_MS = 3_200;

test("a finder without an account writes from a scan; the owner answers by e-mail link; the finder reads and answers back", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  // Two people, four mails, waits for the fill time: more than the default 30 s on a busy machine.
  test.slow();
  const owner = createOwner({ firstName: "Aarav", maskBio: true });
  const backup = uniqueEmail("backup");
  e2eDb().update(profiles).set({ backupEmail: backup }).where(eq(profiles.id, owner.id)).run();
  const finderEmail = uniqueEmail("finder");

  // The finder scans the sticker: no sign-in, the bio stays masked, the button is there.
  await page.goto(`/?t=${owner.token}`);
  const dialog = page.getByRole("dialog", { name: "Owner Found at the product" });
  await dialog.getByRole("link", { name: "I found this — message the owner" }).click();
  await expect(page.getByRole("heading", { name: "Message the owner" })).toBeVisible();
  await expect(page.getByTestId("contact-lead")).toContainText("Aarav Tester");

  await page.getByLabel("Your message").fill("Found your keys at Rajiv Chowk, gate 2");
  await page.getByLabel("I'll leave it at the metro station's lost-and-found counter").check();
  await page.getByLabel("Where did you find it? (optional)").fill("Rajiv Chowk metro, gate 2");
  await page.getByLabel("How can the owner reach you? (optional)").fill(finderEmail);
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByRole("button", { name: "Send to the owner" }).click();

  // The private page: the link to keep, where the thread stands.
  await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
  await expect(page.getByTestId("sent-notice")).toBeVisible();
  const link = await page.getByTestId("private-link").inputValue();
  expect(link).toBe(`${baseURL}${new URL(page.url()).pathname}`);
  await expect(page.getByTestId("thread-state")).toHaveText("Sent — not read yet");
  await expect(page.getByTestId("message")).toHaveText([/Found your keys at Rajiv Chowk, gate 2/]);

  // The e-mails: the owner and the backup address (handover first, a link to the conversation),
  // and the finder's own copy of the private link.
  const thread = e2eDb().select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).get()!;
  for (const address of [owner.email, backup]) {
    const mail = await latestMailTo(address);
    expect(mail).toContain("How they will hand it back: I'll leave it at the metro station's lost-and-found counter");
    expect(mail.indexOf("How they will hand it back")).toBeLessThan(mail.indexOf("Found your keys at Rajiv Chowk, gate 2"));
    expect(mail).toContain(`${baseURL}/messaging/${thread.conversationId}`);
  }
  expect(await latestMailTo(finderEmail)).toContain(link);
  // The finder's page says when the owner was told, once the outbox marked the mail delivered
  // (core/outbox.server.ts): a reload shows it, as it would to a finder coming back.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("owner-notified")).toHaveAttribute("data-state", "notified", { timeout: 1_000 });
  }).toPass();
  await expect(page.getByTestId("owner-notified")).toHaveText(/^The owner was notified at \d{1,2}:\d{2} [ap]m IST\.$/i);
  // The visit the scan logged says the finder went on to message.
  const visits = e2eDb().select({ kind: searchHistory.kind }).from(searchHistory).where(eq(searchHistory.userId, owner.id)).all();
  expect(visits).toEqual([{ kind: "messaged" }]);

  const ownerSide = await ownerOnPhone(browser, baseURL!, owner.id, javaScriptEnabled);
  try {
    // The owner follows the mail's link: the conversation with the finder, like any chat.
    await ownerSide.page.goto(`/messaging/${thread.conversationId}`);
    await expect(ownerSide.page.getByTestId("chat-title")).toContainText("Finder (no account)");
    await expect(ownerSide.page.getByTestId("message")).toHaveText([/Found your keys at Rajiv Chowk, gate 2/]);

    // The read receipt reaches the finder: live with JavaScript, on reload without.
    if (!javaScriptEnabled) await page.getByTestId("refresh").click();
    await expect(page.getByTestId("thread-state")).toHaveText("Read by the owner");

    await ownerSide.page.getByLabel("Message", { exact: true }).fill("Thank you! I will pick them up at 6 pm.");
    await ownerSide.page.getByRole("button", { name: "Send" }).click();
    await expect(ownerSide.page.getByTestId("message")).toHaveCount(2);

    // The finder reads the answer (live, or after Refresh) and answers back.
    if (!javaScriptEnabled) await page.getByTestId("refresh").click();
    await expect(page.getByTestId("message")).toHaveText([/Found your keys/, /I will pick them up at 6 pm\./]);
    await expect(page.getByTestId("thread-state")).toHaveText("The owner answered");
    await page.getByLabel("Your answer").fill("Great, see you at gate 2.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByTestId("message")).toHaveCount(3);
    await expect(page.getByTestId("message").last()).toHaveAttribute("data-mine", "true");

    if (!javaScriptEnabled) await ownerSide.page.reload();
    await expect(ownerSide.page.getByTestId("message")).toHaveText([/Found your keys/, /6 pm/, /see you at gate 2/]);

    // In the contact list the finder is 'Finder (no account)' with the item.
    await ownerSide.page.goto("/messaging");
    await expect(ownerSide.page.getByTestId("contact")).toContainText("Finder (no account)");
    await expect(ownerSide.page.getByTestId("contact")).toContainText(`Token ${owner.token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3")}`);
  } finally {
    await ownerSide.context.close();
  }

  // The link alone opens the thread in a fresh browser (no cookies, another client).
  const stranger = await browser.newContext({ ...phone, javaScriptEnabled, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  try {
    const other = await stranger.newPage();
    await other.goto(link);
    await expect(other.getByTestId("message")).toHaveCount(3);
  } finally {
    await stranger.close();
  }
  const stored = e2eDb().select({ content: messages.content }).from(messages).where(eq(messages.conversationId, thread.conversationId)).all();
  expect(stored.map((m) => m.content)).toEqual(["Found your keys at Rajiv Chowk, gate 2", "Thank you! I will pick them up at 6 pm.", "Great, see you at gate 2."]);

  // Keys back: the owner closes the thread from the chat, and the finder's link stops working
  // (the open page says so live with JavaScript, on reload without).
  const closing = await ownerOnPhone(browser, baseURL!, owner.id, javaScriptEnabled);
  try {
    await closing.page.goto(`/messaging/${thread.conversationId}`);
    await expect(closing.page.getByTestId("finder-handover")).toHaveText("I'll leave it at the metro station's lost-and-found counter");
    await closing.page.getByRole("button", { name: "Close and end the finder's link" }).click();
    await expect(closing.page.getByTestId("finder-thread-closed")).toBeVisible();
  } finally {
    await closing.context.close();
  }
  if (!javaScriptEnabled) await page.reload();
  await expect(page.getByTestId("thread-gone")).toContainText("This link does not work");
});

test("the private link: noindex, no-store, no e-mail or mobile number; a wrong or closed link is 404", async ({ page, request }) => {
  const owner = createOwner({ firstName: "Priya", useSocialIcons: false });
  await page.goto(`/findowner?t=${owner.token}`);
  await page.getByRole("link", { name: "I found this — message the owner" }).click();
  await page.getByLabel("Your message").fill("Found your metro card near the ticket machines");
  await page.getByLabel("How can the owner reach you? (optional)").fill("+91 98100 12345");
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByRole("button", { name: "Send to the owner" }).click();
  await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}/);
  const path = new URL(page.url()).pathname;

  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  expect(response.headers()["x-robots-tag"]).toContain("noindex");
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
  for (const secret of [owner.email, owner.mobile, "98100", "12345", "@example"]) expect(html).not.toContain(secret);

  // Neither the form's page nor its data request carries the owner's e-mail, mobile or masked bio.
  for (const url of [`/contact-owner?type=tagbacktoken&number=${owner.token}`, `/contact-owner.data?type=tagbacktoken&number=${owner.token}`, `${path}.data`]) {
    const bytes = await (await request.get(url)).text();
    for (const secret of [owner.email, owner.mobile, owner.bio]) expect(bytes, url).not.toContain(secret);
  }

  const wrong = path.slice(0, -1) + (path.endsWith("A") ? "B" : "A");
  expect((await request.get(wrong)).status()).toBe(404);
  expect((await request.get("/f/short")).status()).toBe(404);
  e2eDb().update(finderThreads).set({ closedAt: new Date() }).where(eq(finderThreads.ownerId, owner.id)).run();
  const closed = await page.goto(path);
  expect(closed?.status()).toBe(404);
  await expect(page.getByTestId("thread-gone")).toContainText("This link does not work");
});

test("a form sent too quickly is refused with a message and keeps the text; nothing is stored", async ({ page }, testInfo) => {
  // Two accessibility scans and the fill-time wait on a shared machine.
  test.slow();
  const owner = createOwner({ firstName: "Rohan" });
  await page.goto(`/findowner?t=${owner.token}`);
  await page.getByRole("link", { name: "I found this — message the owner" }).click();
  await page.getByLabel("Your message").fill("Found your bag");
  await page.getByRole("button", { name: "Send to the owner" }).click();
  await expect(page.getByTestId("contact-alert")).toContainText("That was very quick");
  await expect(page.getByLabel("Your message")).toHaveValue("Found your bag");
  expect(e2eDb().select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).all()).toEqual([]);
  await expectNoSeriousA11yViolations(page, testInfo);
  // Sent again after a moment, it goes through.
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByRole("button", { name: "Send to the owner" }).click();
  await expect(page).toHaveURL(/\/f\/[A-Za-z0-9_-]{43}\?sent=1$/);
  await expectNoSeriousA11yViolations(page, testInfo);
});

test("the owner's search history says what each visit was and counts bots apart", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  const owner = createOwner({ firstName: "History" });
  const bot = await browser.newContext({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  try {
    await (await bot.newPage()).goto(`${baseURL}/?t=${owner.token}`);
  } finally {
    await bot.close();
  }
  await page.goto(`/?t=${owner.token}`);
  await page.getByRole("link", { name: "I found this — message the owner" }).click();
  await page.getByLabel("Your message").fill("Found your wallet");
  await page.waitForTimeout(FILL_TIME_MS);
  await page.getByRole("button", { name: "Send to the owner" }).click();
  await expect(page).toHaveURL(/\/f\//);

  const ownerSide = await ownerOnPhone(browser, baseURL!, owner.id, javaScriptEnabled);
  try {
    await ownerSide.page.goto("/profile");
    await expect(ownerSide.page.getByTestId("total-searches")).toHaveText("1");
    await expect(ownerSide.page.getByTestId("bot-searches")).toHaveText("1");
    await expect(ownerSide.page.getByTestId("history-row")).toHaveCount(1);
    await expect(ownerSide.page.getByTestId("history-kind")).toHaveText("Messaged you");
  } finally {
    await ownerSide.context.close();
  }
});

/** Every mail the local SMTP server received for the address, oldest first. */
function mailsTo(address: string): string[] {
  return mailsIn(process.env.TAGBACK_E2E_MAIL_DIR!, address);
}

test("the owner sets a backup e-mail and turns scan alerts on in Settings; two people scanning in an hour send one alert", async ({
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  test.slow();
  const owner = createOwner({ firstName: "Alerts" });
  const backup = uniqueEmail("backup");
  const ownerSide = await ownerOnPhone(browser, baseURL!, owner.id, javaScriptEnabled);
  try {
    await ownerSide.page.goto("/settings");
    const notifications = ownerSide.page.getByRole("region", { name: "Notifications" });
    await notifications.getByLabel("Backup e-mail (optional)").fill("not an address");
    await notifications.getByRole("button", { name: "Save" }).click();
    await expect(ownerSide.page.getByTestId("backup-email-error")).toHaveText("Enter a valid e-mail address, or leave it empty to remove it.");
    await notifications.getByLabel("Backup e-mail (optional)").fill(backup);
    await notifications.getByRole("button", { name: "Save" }).click();
    await expect(notifications).toContainText(`and ${backup}`);
    await notifications.getByRole("switch", { name: "Scan alerts" }).click();
    await expect(notifications.getByRole("switch", { name: "Scan alerts" })).toHaveAttribute("aria-checked", "true");
    expect(e2eDb().select({ backup: profiles.backupEmail, scan: profiles.scanAlerts }).from(profiles).where(eq(profiles.id, owner.id)).get()).toEqual({
      backup,
      scan: true,
    });
    // The owner's own scan, signed in (/ sends a signed-in user on to /profile): no alert.
    await ownerSide.page.goto(`/findowner?t=${owner.token}`);
    await expect(ownerSide.page.getByRole("dialog", { name: "Owner Found at the product" })).toBeVisible();
  } finally {
    await ownerSide.context.close();
  }
  const scanAlerts = () => mailsTo(owner.email).filter((mail) => mail.includes("was just scanned")).length;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(scanAlerts()).toBe(0);

  // A crawler: answered, never an alert. Then two people on their own phones: one alert.
  const scanAs = async (userAgent?: string) => {
    const context = await browser.newContext({ ...phone, ...(userAgent ? { userAgent } : {}), javaScriptEnabled, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
    try {
      const finder = await context.newPage();
      await finder.goto(`${baseURL}/?t=${owner.token}`);
      await expect(finder.getByRole("dialog", { name: "Owner Found at the product" })).toBeVisible();
    } finally {
      await context.close();
    }
  };
  await scanAs("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)");
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(scanAlerts()).toBe(0);
  await scanAs();
  await scanAs();
  await expect.poll(scanAlerts).toBe(1);
  // …and no second one comes after it.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(scanAlerts()).toBe(1);
  // Scan alerts go to the account's address only; contact alerts also to the backup.
  expect(mailsTo(backup)).toEqual([]);
});
