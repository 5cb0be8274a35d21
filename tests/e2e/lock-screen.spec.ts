// The lock-screen card as an owner tries it (issue 26), with JavaScript on and off: on /token the
// owner writes their line and gets the card of their sticker for their phone's size; the phone
// shows it full-screen; another phone's camera reads it (here: a screenshot of that screen,
// decoded with zxing-wasm) and lands on the owner's page — lost mode first, like any sticker scan.
// The reprint form hands over the PDF. A size or a number of copies out of range is answered in the
// form, with what was typed. Rendering and decoding of every size is tested at route
// level (tests/integration/lock-screen.test.ts).
import { randomInt } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { lostItems, tagbackTokens } from "../../db/schema.ts";
import { message } from "~/i18n/messages";
import { REPRINT_MAX_COPIES } from "~/features/stickers/rules";
import { createOwner, e2eDb } from "./db";
import { expect, signInAs, test } from "./fixtures";
import type { Page, TestInfo } from "@playwright/test";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer as ArrayBuffer },
});

const LINE = "If found, scan me — reward offered";

test("an owner puts the card on their lock screen; another phone scans it and lands on the owner's page", async ({ page, browser, baseURL }) => {
  const owner = createOwner({ firstName: "Meera", maskBio: false });
  e2eDb()
    .insert(lostItems)
    .values({ userId: owner.id, type: "product", name: "Phone", identifier: owner.token, dateLost: "2026-11-25", message: "My phone — reward ₹1000" })
    .run();
  await signInAs(page.context(), owner.id, baseURL!);

  await page.goto("/token");
  await page.getByLabel("Your line on the card").fill(LINE);
  await page.getByRole("button", { name: "Save line" }).click();
  await expect(page.locator("[data-toast-type]")).toContainText("Lock-screen line saved");
  await expect(page.getByLabel("Your line on the card")).toHaveValue(LINE);

  const grouped = owner.token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3");
  const form = page.getByRole("form", { name: `Lock-screen card for ${grouped}` });
  await form.getByLabel("Phone screen size").selectOption("1080x2400");
  await form.getByLabel("Style").selectOption("dark");
  const [card] = await Promise.all([
    page.waitForResponse((response) => response.url().includes(`/token/${owner.token}/lock-screen.png`)),
    form.getByRole("button", { name: /Get the card/ }).click(),
  ]);
  expect(card.status()).toBe(200);
  expect(card.headers()["content-type"]).toBe("image/png");
  expect(new URL(card.url()).search).toBe("?size=1080x2400&style=dark");

  // The phone shows the picture on its whole screen (the browser's own image view, fitted to it)…
  await expect(page).toHaveURL(/lock-screen\.png/);
  const screen = await page.screenshot();
  const viewport = page.viewportSize()!;
  expect(viewport.height).toBeGreaterThan(viewport.width);
  // …and another phone's camera reads it.
  const results = (await readBarcodes(new Uint8Array(screen), { formats: ["QRCode"], tryHarder: true })).filter((result) => result.isValid);
  expect(results.map((result) => result.text)).toEqual([`${baseURL}/?t=${owner.token}`]);

  // The finder, signed in nowhere, opens what the code says.
  const finder = await browser.newContext({ baseURL });
  const finderPage = await finder.newPage();
  await finderPage.goto(results[0]!.text);
  const dialog = finderPage.getByRole("dialog");
  await expect(dialog.getByTestId("lost-notice")).toContainText("The owner has reported this item lost");
  await expect(dialog.getByTestId("lost-message")).toHaveText("My phone — reward ₹1000");
  await expect(dialog.getByTestId("owner-name")).toHaveText("Meera Tester");
  await finder.close();
});

test("the reprint form downloads the owner's sticker sheet as a PDF", async ({ page, baseURL }) => {
  const owner = createOwner({ firstName: "Kiran" });
  await signInAs(page.context(), owner.id, baseURL!);
  await page.goto("/token");
  const form = page.getByRole("form", { name: "Reprint my stickers" });
  await form.getByLabel("Copies of each sticker").fill("3");
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe("tagback-my-stickers.pdf");
  const pdf = fs.readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

const grouped = (token: string) => token.replace(/(\d{4})(\d{4})(\d{4})/, "$1-$2-$3");

/**
 * Clicks a submit button of a form whose post is refused. Without JavaScript the server answers
 * the page with a 400; with it, the form says so before anything is sent.
 */
async function submitRefused(page: Page, testInfo: TestInfo, click: () => Promise<void>) {
  if (testInfo.project.use.javaScriptEnabled !== false) return click();
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/token"), click()]);
  expect(response.status()).toBe(400);
}

test("a card size out of range is answered in that card's form, with what was typed; a good one opens the card", async ({ page, baseURL }, testInfo) => {
  const owner = createOwner({ firstName: "Anil" });
  // A second verified token of the owner's: the message belongs to the form that was sent.
  const second = `8${String(randomInt(10 ** 11)).padStart(11, "0")}`;
  e2eDb().insert(tagbackTokens).values({ token: second, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: true }).run();
  await signInAs(page.context(), owner.id, baseURL!);
  await page.goto("/token");

  const form = page.getByRole("form", { name: `Lock-screen card for ${grouped(owner.token)}` });
  const other = page.getByRole("form", { name: `Lock-screen card for ${grouped(second)}` });
  await form.getByLabel("Phone screen size").selectOption("custom");
  await form.getByLabel("Style").selectOption("dark");
  await form.getByLabel("Width").fill("100");
  await form.getByLabel("Height").fill("2000");
  await submitRefused(page, testInfo, () => form.getByRole("button", { name: /Get the card/ }).click());

  await expect(page).toHaveURL(/\/token$/);
  await expect(form.getByLabel("Width")).toHaveAccessibleDescription(message("token.cardWidth").description!);
  await expect(form.getByLabel("Width")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Width")).toHaveValue("100");
  await expect(form.getByLabel("Height")).toHaveValue("2000");
  await expect(form.getByLabel("Phone screen size")).toHaveValue("custom");
  await expect(form.getByLabel("Style")).toHaveValue("dark");
  await expect(other.getByLabel("Width")).not.toHaveAttribute("aria-invalid");

  // A square is in range but not portrait: the form says so above its fields.
  await form.getByLabel("Width").fill("1000");
  await form.getByLabel("Height").fill("1000");
  await submitRefused(page, testInfo, () => form.getByRole("button", { name: /Get the card/ }).click());
  await expect(form.getByRole("alert")).toContainText(message("token.cardRatio").description!);
  await expect(form.getByLabel("Width")).toHaveValue("1000");

  await form.getByLabel("Height").fill("1700");
  await form.getByLabel("Width").fill("900");
  await form.getByRole("button", { name: /Get the card/ }).click();
  await expect(page).toHaveURL(`/token/${owner.token}/lock-screen.png?size=900x1700&style=dark`);
});

test(`copies beyond ${REPRINT_MAX_COPIES} are answered in the reprint form, with what was typed`, async ({ page, baseURL }, testInfo) => {
  const owner = createOwner({ firstName: "Lata" });
  await signInAs(page.context(), owner.id, baseURL!);
  await page.goto("/token");
  const form = page.getByRole("form", { name: "Reprint my stickers" });
  const copies = form.getByLabel("Copies of each sticker");
  await copies.fill(String(REPRINT_MAX_COPIES + 1));
  await submitRefused(page, testInfo, () => form.getByRole("button", { name: "Download PDF" }).click());

  await expect(page).toHaveURL(/\/token$/);
  await expect(copies).toHaveAccessibleDescription(message("token.badCopies").description!);
  await expect(copies).toHaveValue(String(REPRINT_MAX_COPIES + 1));

  await copies.fill(String(REPRINT_MAX_COPIES));
  const [download] = await Promise.all([page.waitForEvent("download"), form.getByRole("button", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe("tagback-my-stickers.pdf");
});
