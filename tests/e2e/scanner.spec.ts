// The QR scanner on /found with a real camera — Chromium's fake one, playing a Y4M video made here
// from a generated QR code of a sticker (tests/support/qr-image.ts) — and the photo upload over
// real HTTP: a real decode lands on the owner's result; lost mode shows first while the item is
// reported lost and not after 'Mark as Recovered'; bad uploads get their message and a 4xx.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import config from "../../playwright.config";
import { lostItems, products, tagbackTokens } from "../../db/schema.ts";
import { PHOTO_MAX_BYTES } from "~/features/lost-found/rules";
import { drawQr, encodePng, encodeY4m } from "../support/qr-image";
import { createOwner, createUser, e2eDb } from "./db";
import { expect, signInAs, test, uniqueIp } from "./fixtures";

// The sticker the fake camera shows. Its token is fixed per run (the runner and the worker both
// load this file, and the video must exist before Chromium starts), and is created in the database
// by the first test that needs it.
const RUN_DIR = process.env.TAGBACK_E2E_DIR!;
const TOKEN = `8${[...path.basename(RUN_DIR)].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 10 ** 11, 7).toString().padStart(11, "0")}`;
const STICKER_URL = `${config.use!.baseURL}/?t=${TOKEN}`;
const VIDEO = path.join(RUN_DIR, `sticker-${TOKEN}.y4m`);
if (!fs.existsSync(VIDEO)) {
  fs.writeFileSync(VIDEO, encodeY4m(drawQr(STICKER_URL, { width: 640, height: 480, moduleSize: 7, angle: 3, noise: 12, seed: 5 })));
}

// Two more videos: a QR code of another site, and a table with no code at all.
const FOREIGN_VIDEO = path.join(RUN_DIR, "foreign-qr.y4m");
const BLANK_VIDEO = path.join(RUN_DIR, "no-qr.y4m");
if (!fs.existsSync(FOREIGN_VIDEO)) {
  fs.writeFileSync(FOREIGN_VIDEO, encodeY4m(drawQr("https://example.com/?t=123412341234", { width: 640, height: 480, moduleSize: 7, noise: 12 })));
}
if (!fs.existsSync(BLANK_VIDEO)) fs.writeFileSync(BLANK_VIDEO, encodeY4m(drawQr("x", { width: 640, height: 480, moduleSize: 0.01, noise: 12 })));

const launchOptions = config.use!.launchOptions!;
/** Chromium with a fake camera that plays `video`; `allow: false` leaves the permission prompt unanswered (denied). */
function camera(video: string, allow = true) {
  const fake = ["--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`, ...(allow ? ["--use-fake-ui-for-media-stream"] : [])];
  return { launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), ...fake] }, permissions: allow ? ["camera"] : [] };
}
test.use(camera(VIDEO));

/** The sticker's owner (social icons on), created once per run, with a "Laptop" on the token. */
function stickerOwner() {
  const existing = e2eDb().select({ userId: tagbackTokens.userId }).from(tagbackTokens).where(eq(tagbackTokens.token, TOKEN)).get();
  if (existing?.userId) return existing.userId;
  const owner = createOwner({ maskBio: false, useSocialIcons: true, firstName: "Kabir" });
  try {
    // Move the owner onto the fixed token of the video.
    e2eDb().update(tagbackTokens).set({ token: TOKEN }).where(eq(tagbackTokens.userId, owner.id)).run();
  } catch {
    // The other project's worker made the sticker's owner at the same moment.
    return e2eDb().select({ userId: tagbackTokens.userId }).from(tagbackTokens).where(eq(tagbackTokens.token, TOKEN)).get()!.userId!;
  }
  e2eDb().insert(products).values({ userId: owner.id, name: "Laptop", token: TOKEN }).run();
  return owner.id;
}

test.describe("the camera scanner @js-only", () => {
  test("opens from /found, reads the sticker and lands on the owner's result; lost mode first until recovered", async ({ page, browser, baseURL }) => {
    const ownerId = stickerOwner();
    const finder = createUser();
    await signInAs(page.context(), finder.id, baseURL!);

    // qr-scanner is not loaded until the dialog opens.
    const loaded: string[] = [];
    page.on("request", (request) => loaded.push(request.url()));
    await page.goto("/found");
    expect(loaded.some((url) => /qr-scanner/i.test(url))).toBe(false);

    await page.getByTestId("open-scanner").click();
    await expect(page).toHaveURL(/\/found\?type=tagbacktoken&number=\d{12}$/, { timeout: 15_000 });
    expect(loaded.some((url) => /qr-scanner/i.test(url))).toBe(true);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("owner-name")).toHaveText("Kabir Tester");
    await expect(dialog.getByTestId("lost-notice")).toHaveCount(0);

    // The owner reports the laptop lost on /lost, as a new user would.
    const ownerContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    await signInAs(ownerContext, ownerId, baseURL!);
    await ownerPage.goto("/lost");
    await ownerPage.getByRole("radio", { name: /Laptop/ }).check();
    await ownerPage.getByLabel("Message to the finder").fill("Reward ₹500, please call");
    await ownerPage.getByLabel("Reward").fill("₹500");
    await ownerPage.getByRole("button", { name: "Report as Lost" }).click();
    await expect(ownerPage.locator("[data-toast-type]")).toContainText("Item Marked as Lost");

    // Scan again: the notice comes first.
    await page.goto("/found");
    await page.getByTestId("open-scanner").click();
    const notice = page.getByRole("dialog").getByTestId("lost-notice");
    await expect(notice).toContainText("The owner has reported this item lost", { timeout: 15_000 });
    await expect(notice.getByTestId("lost-message")).toHaveText("Reward ₹500, please call");
    await expect(notice.getByTestId("lost-reward")).toHaveText("₹500");

    await ownerPage.getByRole("button", { name: "Mark as Recovered" }).click();
    await expect(ownerPage.locator("[data-toast-type]")).toContainText("Item Recovered");
    expect(e2eDb().select({ status: lostItems.status }).from(lostItems).where(eq(lostItems.userId, ownerId)).all()).toEqual([{ status: "recovered" }]);
    await ownerContext.close();

    await page.goto("/found");
    await page.getByTestId("open-scanner").click();
    await expect(page.getByRole("dialog").getByTestId("owner-name")).toHaveText("Kabir Tester", { timeout: 15_000 });
    await expect(page.getByTestId("lost-notice")).toHaveCount(0);
  });

  test("opened from another page, the scanner link loads /found itself (the only page whose CSP allows its worker)", async ({ page, baseURL }) => {
    stickerOwner();
    await signInAs(page.context(), createUser().id, baseURL!);
    const found = await page.request.get("/found");
    expect(found.headers()["content-security-policy"]).toContain("worker-src 'self' blob:");
    const profile = await page.request.get("/profile");
    expect(profile.headers()["content-security-policy"]).not.toContain("worker-src");
    await page.goto("/lost-found?tab=found");
    await page.getByRole("link", { name: "Scan its QR code" }).click();
    await expect(page).toHaveURL(/\/found\?type=tagbacktoken&number=\d{12}$/, { timeout: 15_000 });
    await expect(page.getByRole("dialog").getByTestId("owner-name")).toHaveText("Kabir Tester");
  });
});

test.describe("the camera scanner's errors @js-only", () => {
  /** A browser of its own whose fake camera plays `video`, signed in as a new user. */
  async function scannerPage(playwright: import("@playwright/test").PlaywrightWorkerArgs["playwright"], video: string, allow = true) {
    const options = camera(video, allow);
    const browser = await playwright.chromium.launch(options.launchOptions);
    const context = await browser.newContext({
      ...test.info().project.use,
      baseURL: config.use!.baseURL,
      permissions: options.permissions,
      extraHTTPHeaders: { "Fly-Client-IP": uniqueIp() },
    });
    await signInAs(context, createUser().id, config.use!.baseURL!);
    const page = await context.newPage();
    return { page, close: () => browser.close() };
  }

  test("a code from another site: 'Invalid QR Code' / 'This QR code is not from Tagback.', and the dialog stays open", async ({ playwright }) => {
    const { page, close } = await scannerPage(playwright, FOREIGN_VIDEO);
    await page.goto("/found?scan=1");
    await expect(page.getByTestId("scanner-alert")).toContainText("Invalid QR Code", { timeout: 15_000 });
    await expect(page.getByTestId("scanner-alert")).toContainText("This QR code is not from Tagback.");
    await expect(page).toHaveURL(/\/found\?scan=1$/);
    await close();
  });

  test("no code in view: scanning, then after 10 s it stops and says so; Try again scans again", async ({ playwright }) => {
    test.setTimeout(60_000);
    const { page, close } = await scannerPage(playwright, BLANK_VIDEO);
    await page.goto("/found?scan=1");
    const scanner = page.locator("[data-scanner-state]");
    await expect(scanner).toHaveAttribute("data-scanner-state", "scanning", { timeout: 10_000 });
    const scanningSince = Date.now();
    await expect(scanner).toHaveAttribute("data-scanner-state", "timeout", { timeout: 20_000 });
    expect(Date.now() - scanningSince).toBeGreaterThan(8_000);
    await expect(page.getByTestId("scanner-alert")).toContainText("No QR code found");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(scanner).toHaveAttribute("data-scanner-state", "scanning", { timeout: 10_000 });
    await close();
  });

  test("camera not allowed: 'Scanner Error' with its text, and the dialog offers the camera app and the photo upload", async ({ playwright }) => {
    const { page, close } = await scannerPage(playwright, BLANK_VIDEO, false);
    await page.goto("/found?scan=1");
    await expect(page.getByTestId("scanner-alert")).toContainText("Scanner Error", { timeout: 15_000 });
    await expect(page.getByTestId("scanner-alert")).toContainText("Could not initialize QR scanner. Please ensure camera permissions are granted.");
    // In the dialog itself, usable while it covers the page.
    const dialog = page.getByRole("dialog", { name: "Scan QR Code" });
    await expect(dialog.getByText("Your phone's own camera app opens a Tagback sticker directly")).toBeVisible();
    await expect(dialog.getByLabel("Photo of the QR code")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Read QR code from photo" })).toBeEnabled();
    await close();
  });
});

test.describe("the photo upload", () => {
  async function upload(page: import("@playwright/test").Page, baseURL: string, file: { name: string; mimeType: string; buffer: Buffer }) {
    return page.request.post("/found", { multipart: { photo: file }, headers: { Origin: baseURL }, maxRedirects: 0 });
  }

  test("the page says the phone's camera app opens stickers and offers a photo upload, which finds the owner", async ({ page, baseURL }) => {
    stickerOwner();
    await signInAs(page.context(), createUser().id, baseURL!);
    await page.goto("/found");
    await expect(page.getByText("Your phone's own camera app opens a Tagback sticker directly").first()).toBeVisible();
    const photo = encodePng(drawQr(STICKER_URL, { width: 1000, height: 800, moduleSize: 11.7, angle: -6, noise: 45, seed: 11 }));
    await page.getByLabel("Photo of the QR code").first().setInputFiles({ name: "sticker.png", mimeType: "image/png", buffer: photo });
    await page.getByRole("button", { name: "Read QR code from photo" }).first().click();
    await expect(page).toHaveURL(/\/found\?type=tagbacktoken&number=\d{12}$/);
    await expect(page.getByRole("dialog").getByTestId("owner-name")).toHaveText("Kabir Tester");
  });

  test("bad uploads over HTTP: not an image 415, too big 413, no QR code 422, another site's code 422", async ({ page, baseURL }) => {
    await signInAs(page.context(), createUser().id, baseURL!);
    const text = await upload(page, baseURL!, { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
    expect(text.status()).toBe(415);
    expect(await text.text()).toContain("Upload a photo of the QR code as a JPEG or PNG image.");

    const big = await upload(page, baseURL!, { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(PHOTO_MAX_BYTES + 1024) });
    expect(big.status()).toBe(413);
    expect(await big.text()).toContain("Photo too large");

    const blank = encodePng(drawQr("x", { width: 500, height: 400, moduleSize: 0.01, noise: 40 }));
    const none = await upload(page, baseURL!, { name: "blank.png", mimeType: "image/png", buffer: blank });
    expect(none.status()).toBe(422);
    expect(await none.text()).toContain("No QR code could be read in this photo.");

    const foreign = encodePng(drawQr("https://example.com/?t=123412341234", { width: 600, height: 600, moduleSize: 10, noise: 20 }));
    const other = await upload(page, baseURL!, { name: "other.png", mimeType: "image/png", buffer: foreign });
    expect(other.status()).toBe(422);
    expect(await other.text()).toContain("This QR code is not from Tagback.");
  });
});
