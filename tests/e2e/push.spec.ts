// The installable owner area and push notifications in Chromium (decision 035): the manifest and
// its icons as the browser's installability check reads them, the service worker that controls
// /messaging, "Notify me on this device" storing the browser's subscription, a finder's message
// reaching the loopback push service encrypted to it (tests/support/push-service.ts), the service
// worker showing that push as a notification, and a tap on one opening the conversation. Headless
// Chromium cannot reach a real push service, so only the settings test gives the page a
// PushManager whose subscribe() returns a subscription made for the loopback service; everything
// else is the browser's own.
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { pushSubscriptions, vapidKeys } from "../../db/schema.ts";
import { startConversation } from "~/features/messaging/conversations.server";
import { createOwner, createUser, e2eDb } from "./db";
import { expect, signInAs, test } from "./fixtures";
import { startPushService, type PushService } from "../support/push-service.ts";

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

/** Waits until the owner area's service worker is active, then reloads: the next page it controls. */
async function controlledByWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/messaging-sw\.js$/);
}

test("@js-only the owner area is installable: a valid manifest, its icons, and a service worker controlling /messaging", async ({ page, context, baseURL }) => {
  const user = createUser();
  await signInAs(context, user.id, baseURL!);
  await page.goto("/messaging");
  const href = await page.locator('head link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#1d5fd1");

  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: "Tagback", short_name: "Tagback", start_url: "/messaging", scope: "/", display: "standalone", theme_color: "#1d5fd1" });
  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await image.body()).join("x")).toBe(icon.sizes);
    purposes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...purposes].sort()).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);

  await controlledByWorker(page);
  // Chromium's own checks: the manifest parses without errors, and nothing stops installing.
  const cdp = await context.newCDPSession(page);
  const parsed = await cdp.send("Page.getAppManifest");
  expect(parsed.errors).toEqual([]);
  expect(parsed.url).toBe(`${baseURL}/manifest.webmanifest`);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // A Playwright context is an incognito profile, where Chromium installs nothing whatever the
  // site: that one is about the test's browser, every other would be about us.
  expect(installabilityErrors.filter((error) => error.errorId !== "in-incognito")).toEqual([]);
  // The worker caches nothing: no Cache Storage, and a page still comes from the server.
  expect(await page.evaluate(() => caches.keys())).toEqual([]);
});

test.describe("push", () => {
  let push: PushService;
  test.beforeAll(async () => {
    push = await startPushService({ vapidPublicKey: () => e2eDb().select().from(vapidKeys).get()!.publicKey });
  });
  test.afterAll(async () => {
    await push.close();
  });

  test("@js-only Notify me on this device: the subscription is stored, a finder's message is pushed to it, and the service worker shows it", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    // A finder fills the form (3 s at least) while the owner's browser subscribes: beyond 30 s on a busy machine.
    test.slow();
    const owner = createOwner({ firstName: "Meera" });
    await signInAs(context, owner.id, baseURL!);
    await context.grantPermissions(["notifications"], { origin: baseURL });
    const device = push.subscribe();
    // The one stand-in: a PushManager whose subscription is the loopback service's (headless
    // Chromium has no push service). It records the key the page subscribed with.
    await page.addInitScript(({ endpoint, p256dh, auth }) => {
      let current: PushSubscription | null = null;
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        (window as unknown as { subscribedWith: string }).subscribedWith = typeof key === "string" ? key : "";
        current = {
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: () => null,
          toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
          unsubscribe: async () => ((current = null), true),
        } as unknown as PushSubscription;
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    }, device);

    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Notifications" });
    const thisDevice = section.getByTestId("push-this-device");
    await expect(thisDevice).toHaveAttribute("data-state", "ready");
    await expect(section.getByTestId("push-previews-switch")).toHaveAttribute("aria-checked", "false");
    await section.getByRole("button", { name: "Notify me on this device" }).click();
    await expect(thisDevice).toHaveAttribute("data-state", "on");
    await expect(thisDevice).toHaveText("This device gets notifications.");
    await expect(section.getByTestId("push-devices")).toContainText("Chrome on Android");
    const publicKey = e2eDb().select().from(vapidKeys).get()!.publicKey;
    expect(await page.evaluate(() => (window as unknown as { subscribedWith: string }).subscribedWith)).toBe(publicKey);
    const [stored] = e2eDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id)).all();
    expect(stored).toMatchObject({ endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth, deviceLabel: "Chrome on Android", lastDeliveredAt: null });
    // Both channels now that a device is on.
    await expect(section.getByLabel("A finder writes to you")).toHaveValue("both");

    // A finder writes from the sticker: the server pushes to the loopback service, encrypted to this device.
    const finder = await browser.newContext();
    const finderPage = await finder.newPage();
    await finderPage.goto(`/?t=${owner.token}`);
    await finderPage.getByRole("link", { name: "I found this — message the owner" }).click();
    await finderPage.getByLabel("Your message").fill("Found your bag at Hauz Khas, call me");
    await finderPage.getByLabel("I'll keep it until you reply").check();
    // The form refuses a post within 3 s of being shown (a person takes longer).
    await finderPage.waitForTimeout(3_200);
    await finderPage.getByRole("button", { name: "Send to the owner" }).click();
    await expect(finderPage).toHaveURL(/\/f\/[\w-]{43}\?sent=1$/);
    await finder.close();
    await expect.poll(() => push.to(device).length).toBe(1);
    const [received] = push.to(device);
    expect(received!.problem).toBeNull();
    expect(received!.urgency).toBe("high");
    expect(received!.notice!.title).toMatch(/^Someone found your Token \d{4}-\d{4}-\d{4}$/);
    expect(received!.plaintext).not.toContain("Hauz Khas");
    const conversationUrl = received!.notice!.url;
    expect(conversationUrl).toMatch(/^\/messaging\/[\w-]+$/);

    // The service worker's push handler, given exactly what the server sent, shows the notification.
    await page.goto("/messaging");
    await controlledByWorker(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${baseURL}/messaging` && !registration.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", { origin: baseURL!, registrationId: await registrationId, data: received!.plaintext });
    const shown = () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration("/messaging");
        return (await registration!.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url }));
      });
    await expect.poll(shown).toEqual([{ title: received!.notice!.title, body: "Tap to answer.", url: conversationUrl }]);
    // Tapping it is the next test's business (no DevTools command clicks a notification).

    // The device is removable from the list.
    await page.goto("/settings");
    await section.getByRole("button", { name: "Remove Chrome on Android" }).click();
    await expect(page.locator("[data-toast-type]")).toContainText("Device removed");
    expect(e2eDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.id)).all()).toEqual([]);
  });
});

test("@js-only tapping a notification opens the conversation: the worker's notificationclick navigates the open /messaging page to it", async ({ page, context, baseURL }) => {
  // Headless Chromium shows notifications but nothing can tap one (DevTools has no command for it).
  // So the test goes into the real service worker: it shows a notification as the push handler
  // does, and dispatches a notificationclick with it to the worker's own listener. A dispatched
  // event is not trusted, so its waitUntil() throws (after the listener has started the work), and
  // the focus it asks for is refused (no tap); the navigation is what a tap would do.
  const owner = createUser();
  const other = createUser();
  const started = await startConversation(e2eDb(), owner.id, other.id);
  if (!started.ok) throw new Error(`no conversation: ${started.reason}`);
  const conversationPath = `/messaging/${started.conversationId}`;
  await signInAs(context, owner.id, baseURL!);
  await context.grantPermissions(["notifications"], { origin: baseURL });
  await page.goto("/messaging");
  await controlledByWorker(page);
  const worker = context.serviceWorkers().find((candidate) => candidate.url().endsWith("/messaging-sw.js")) ?? (await context.waitForEvent("serviceworker"));
  expect(worker.url()).toBe(`${baseURL}/messaging-sw.js`);

  // The tap: the listener closes the notification and sends the open page to the conversation.
  // (The DOM library's types: the worker's own, NotificationEvent and WindowClient, are not in it.)
  const left = await worker.evaluate(async (url) => {
    const scope = self as unknown as EventTarget & { registration: ServiceWorkerRegistration };
    const NotificationEventOfWorker = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    await scope.registration.showNotification("Someone found your Laptop", { body: "Tap to answer.", tag: "contact:test", data: { url } });
    const [notification] = await scope.registration.getNotifications({ tag: "contact:test" });
    scope.dispatchEvent(new NotificationEventOfWorker("notificationclick", { notification: notification! }));
    return (await scope.registration.getNotifications({ tag: "contact:test" })).length;
  }, conversationPath);
  expect(left).toBe(0);
  await expect(page).toHaveURL(`${baseURL}${conversationPath}`);
  await expect(page.getByLabel("Message", { exact: true })).toBeVisible();

  // The handler's core, called as the listener calls it: a page already showing the conversation
  // stays as it is; a URL of another site opens /messaging instead; a scan alert's /profile.
  const call = (data: { url?: string } | null) =>
    worker.evaluate(async (data) => {
      const open = (self as unknown as { openFromNotification: (data: unknown) => Promise<{ url: string } | null> }).openFromNotification;
      const client = await open(data);
      return client ? new URL(client.url).pathname : null;
    }, data);
  expect(await call({ url: conversationPath })).toBe(conversationPath);
  await expect(page).toHaveURL(`${baseURL}${conversationPath}`);
  expect(await call({ url: "https://elsewhere.example/messaging/phish" })).toBe("/messaging");
  await expect(page).toHaveURL(`${baseURL}/messaging`);
  expect(await call(null)).toBe("/messaging");
  expect(await call({ url: conversationPath })).toBe(conversationPath);
  await expect(page).toHaveURL(`${baseURL}${conversationPath}`);
});

test("@js-off-only without JavaScript the section says push needs it, e-mail stays on, and a device is removed by a plain form", async ({ page, context, baseURL }) => {
  const user = createUser();
  e2eDb()
    .insert(pushSubscriptions)
    .values({ userId: user.id, endpoint: `https://push.example/${user.id}`, p256dh: "p".repeat(87), auth: "a".repeat(22), deviceLabel: "Firefox on Windows" })
    .run();
  await signInAs(context, user.id, baseURL!);
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Notifications" });
  await expect(section.getByTestId("push-this-device")).toHaveText(
    "Notifying this device needs JavaScript and your browser's permission. Until then, alerts come by e-mail.",
  );
  await section.getByLabel("A finder writes to you").selectOption("push");
  await section.getByRole("button", { name: "Use these choices" }).click();
  await expect(page.locator("[data-toast-type]")).toContainText("Notification choices saved");
  await expect(section.getByLabel("A finder writes to you")).toHaveValue("push");
  await section.getByRole("button", { name: "Remove Firefox on Windows" }).click();
  await expect(page.locator("[data-toast-type]")).toContainText("Device removed");
  await expect(section).toContainText("None yet: alerts come by e-mail.");
  expect(e2eDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).all()).toEqual([]);
});
