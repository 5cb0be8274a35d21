// Messaging through the browser: two people in two browser contexts. The finder of a lost laptop
// starts a chat from the owner-found dialog and the owner answers — live with JavaScript (neither
// page reloads), and by form posts and reloads without it. Plus the anonymous finder's way in
// through sign-in, the typing warning and the server's refusal, and deleting.
import { devices, type Browser, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { conversationParticipants, conversations, messages } from "../../db/schema.ts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { createOwner, createUser, e2eDb } from "./db";
import { expect, signInAs, test, uniqueIp } from "./fixtures";

const { defaultBrowserType: _unused, ...phone } = devices["Pixel 7"];

/** A phone-sized browser context of its own (its own client IP), signed in as `userId`. */
async function personOnPhone(browser: Browser, baseURL: string, userId: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...phone, baseURL, javaScriptEnabled, extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() } });
  await signInAs(context, userId, baseURL);
  return { context, page: await context.newPage() };
}

function conversationOf(ownerId: string) {
  return e2eDb().select({ id: conversationParticipants.conversationId }).from(conversationParticipants).where(eq(conversationParticipants.userId, ownerId)).all();
}

function messagesIn(conversationId: string) {
  return e2eDb().select({ content: messages.content, senderId: messages.senderId }).from(messages).where(eq(messages.conversationId, conversationId)).all();
}

const chatMessages = (page: Page) => page.getByTestId("message");

test("live with JavaScript: the finder messages the owner from the scan, the owner answers, no page reloads @js-only", async ({ browser, baseURL }) => {
  const owner = createOwner({ firstName: "Laptop" });
  const finder = createUser();
  const a = await personOnPhone(browser, baseURL!, finder.id, true);
  const b = await personOnPhone(browser, baseURL!, owner.id, true);
  try {
    // The owner has Messaging open (the contact list) before anyone writes.
    await b.page.goto("/messaging");
    await expect(b.page.getByRole("heading", { name: "Messaging" })).toBeVisible();
    await expect(b.page.locator("aside[data-live='true']")).toBeVisible();
    await b.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // The finder scans the sticker (signed in) and presses Message owner.
    await a.page.goto(`/findowner?t=${owner.token}`);
    const dialog = a.page.getByRole("dialog", { name: "Owner Found at the product" });
    await dialog.getByRole("button", { name: "Message owner" }).click();
    await expect(a.page).toHaveURL(/\/messaging\/[\w-]+$/);
    await expect(a.page.getByTestId("chat-title")).toHaveText("Laptop Tester");
    await expect(a.page.getByTestId("respect-banner")).toHaveText("Keep conversations respectful. Dm Tagback on X/Twitter to directly contact the owner.");
    await expect(a.page.getByTestId("live-status")).toHaveAttribute("data-live", "true");
    await a.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    // The new conversation appears in the owner's list by itself; the owner opens it.
    const contact = b.page.getByTestId("contact");
    await expect(contact).toHaveCount(1);
    await contact.click();
    await expect(b.page.getByTestId("live-status")).toHaveAttribute("data-live", "true");

    // The finder writes (Ctrl+Enter sends); the owner sees it without reloading.
    await a.page.getByLabel("Message", { exact: true }).fill("I found your laptop at Rajiv Chowk station.");
    await a.page.getByLabel("Message", { exact: true }).press("Control+Enter");
    await expect(a.page.getByLabel("Message", { exact: true })).toHaveValue("");
    await expect(chatMessages(b.page)).toHaveText([/I found your laptop at Rajiv Chowk station\./]);
    await expect(chatMessages(b.page).first()).toHaveAttribute("data-mine", "false");
    // The contact list (beside the chat on a wide screen, behind it on a phone) followed too.
    await expect(b.page.getByTestId("contact-last-message")).toHaveText("I found your laptop at Rajiv Chowk station.");

    // The owner answers with the Send button; the finder sees it live.
    await b.page.getByLabel("Message", { exact: true }).fill("Thank you! Can you leave it at the ticket counter?");
    await b.page.getByRole("button", { name: "Send" }).click();
    await expect(chatMessages(a.page)).toHaveText([/I found your laptop/, /Can you leave it at the ticket counter\?/]);
    await expect(chatMessages(a.page).last()).toHaveAttribute("data-mine", "false");

    // Nobody reloaded: the marks set in each page are still there.
    for (const page of [a.page, b.page]) expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    const [conversation] = conversationOf(owner.id);
    expect(messagesIn(conversation!.id)).toEqual([
      { content: "I found your laptop at Rajiv Chowk station.", senderId: finder.id },
      { content: "Thank you! Can you leave it at the ticket counter?", senderId: owner.id },
    ]);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

// Both phones have JavaScript off whatever the project (personOnPhone): it runs once, in js-off.
test("without JavaScript: the same exchange through form posts and reloads", { tag: "@js-off-only" }, async ({ browser, baseURL }) => {
  const owner = createOwner({ firstName: "Keys" });
  const finder = createUser();
  const a = await personOnPhone(browser, baseURL!, finder.id, false);
  const b = await personOnPhone(browser, baseURL!, owner.id, false);
  try {
    await a.page.goto(`/findowner?t=${owner.token}`);
    await a.page.getByRole("dialog", { name: "Owner Found at the product" }).getByRole("button", { name: "Message owner" }).click();
    await expect(a.page).toHaveURL(/\/messaging\/[\w-]+$/);
    const conversationUrl = a.page.url();
    await a.page.getByLabel("Message", { exact: true }).fill("Found your keys near the food court.");
    const clientKey = await a.page.locator("input[name=clientKey]").inputValue();
    await a.page.getByRole("button", { name: "Send" }).click();
    await expect(chatMessages(a.page)).toHaveText([/Found your keys near the food court\./]);
    // The same form submitted a second time (a double tap, a resend) stores nothing new.
    const again = await a.context.request.post(conversationUrl, {
      form: { intent: "send", content: "Found your keys near the food court.", clientKey },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(302);
    expect(messagesIn(conversationOf(owner.id)[0]!.id)).toHaveLength(1);

    // The owner's list shows the conversation, its last message and one unread.
    await b.page.goto("/messaging");
    const contact = b.page.getByTestId("contact");
    await expect(contact.getByTestId("contact-last-message")).toHaveText("Found your keys near the food court.");
    await expect(contact.getByTestId("unread-count")).toHaveText("1");
    await contact.click();
    await expect(b.page).toHaveURL(conversationUrl.replace(/#.*$/, ""));
    await expect(b.page.getByRole("link", { name: "Refresh" })).toBeVisible();
    await expect(b.page.getByRole("link", { name: "Back to conversations" })).toBeVisible();
    await b.page.getByLabel("Message", { exact: true }).fill("Thanks, I will pick them up today.");
    await b.page.getByRole("button", { name: "Send" }).click();
    await expect(chatMessages(b.page)).toHaveCount(2);

    // The finder refreshes and reads the answer.
    await expect(chatMessages(a.page)).toHaveCount(1);
    await a.page.getByRole("link", { name: "Refresh" }).click();
    await expect(chatMessages(a.page)).toHaveText([/Found your keys/, /Thanks, I will pick them up today\./]);

    // A refused message says why and keeps the text.
    await a.page.getByLabel("Message", { exact: true }).fill("x".repeat(161));
    await a.page.getByRole("button", { name: "Send" }).click();
    await expect(a.page.getByTestId("send-error")).toContainText("A message can be at most 160 characters.");
    await expect(a.page.getByLabel("Message", { exact: true })).toHaveValue("x".repeat(161));
    expect(messagesIn(conversationOf(owner.id)[0]!.id)).toHaveLength(2);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("an anonymous finder is sent to sign in and comes back to the same owner", async ({ page }) => {
  const owner = createOwner({ firstName: "Wallet" });
  await page.goto(`/findowner?t=${owner.token}`);
  const link = page.getByRole("dialog", { name: "Owner Found at the product" }).getByRole("link", { name: "Message owner" });
  const href = await link.getAttribute("href");
  const redirectTo = new URL(href!, "http://x").searchParams.get("redirectTo");
  expect(new URL(href!, "http://x").pathname).toBe("/auth");
  expect(redirectTo).toBe(`/findowner?type=tagbacktoken&number=${owner.token}`);
  await link.click();
  await expect(page).toHaveURL(/\/auth\?redirectTo=/);
  // Where sign-in brings them back: the same owner, with the button that starts the chat.
  await page.goto(redirectTo!);
  await expect(page.getByRole("dialog", { name: "Owner Found at the product" })).toContainText("Wallet Tester");
});

test("typing profanity warns at once; sending it is refused by the server with the spec's text @js-only", async ({ page, context, baseURL }) => {
  const owner = createOwner();
  const finder = createUser();
  await signInAs(context, finder.id, baseURL!);
  await page.goto(`/messaging?type=tagbacktoken&number=${owner.token}`);
  await page.getByTestId("start-card").getByRole("button", { name: "Message" }).click();
  await expect(page).toHaveURL(/\/messaging\/[\w-]+$/);
  await page.getByLabel("Message", { exact: true }).fill("give it back chutiya");
  await expect(page.getByTestId("nsfw-warning")).toHaveText("NSFW Content Detected: This message contains inappropriate words...");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByTestId("send-error")).toContainText("Message not sent");
  await expect(page.getByTestId("send-error")).toContainText("Please keep conversations respectful and avoid inappropriate content.");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("give it back chutiya");
  expect(messagesIn(conversationOf(owner.id)[0]!.id)).toHaveLength(0);
});

test("deleting a conversation asks first, then removes it for both ('Conversation deleted')", async ({ page, context, baseURL }) => {
  const owner = createOwner();
  const finder = createUser();
  await signInAs(context, finder.id, baseURL!);
  await page.goto(`/messaging?type=metrocard&number=${owner.metroCard}`);
  await page.getByTestId("start-card").getByRole("button", { name: "Message" }).click();
  await page.getByLabel("Message", { exact: true }).fill("Is this your card?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(chatMessages(page)).toHaveCount(1);
  const [conversation] = conversationOf(owner.id);
  await page.getByRole("link", { name: "Delete" }).click();
  await page.getByTestId("delete-confirm").getByRole("button", { name: "Delete conversation" }).click();
  await expect(page).toHaveURL(/\/messaging$/);
  await expect(page.locator("[data-toast-type]")).toContainText("Conversation deleted");
  expect(e2eDb().select().from(conversations).where(eq(conversations.id, conversation!.id)).all()).toHaveLength(0);
  expect(messagesIn(conversation!.id)).toHaveLength(0);
  await page.goto(`/messaging/${conversation!.id}`);
  await expect(page.getByTestId("chat-error")).toContainText("Conversation not found");
});

test("the contact list and the chat have no serious accessibility problems", async ({ page, context, baseURL }, testInfo) => {
  // Three axe runs (each in a fresh context without JavaScript).
  test.slow();
  const owner = createOwner();
  const finder = createUser();
  await signInAs(context, finder.id, baseURL!);
  await page.goto(`/messaging?type=tagbacktoken&number=${owner.token}`);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.getByTestId("start-card").getByRole("button", { name: "Message" }).click();
  await page.getByLabel("Message", { exact: true }).fill("Hello from the finder");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(chatMessages(page)).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.goto("/messaging");
  await expect(page.getByTestId("contact")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, testInfo);
});
