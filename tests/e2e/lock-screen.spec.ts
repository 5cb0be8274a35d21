// The lock-screen card as an owner tries it (issue 26), with JavaScript on and off: on /token the
// owner writes their line and gets the card of their sticker for their phone's size; the phone
// shows it full-screen; another phone's camera reads it (here: a screenshot of that screen,
// decoded with zxing-wasm) and lands on the owner's page — lost mode first, like any sticker scan.
// The reprint form hands over the PDF. Rendering and decoding of every size is tested at route
// level (tests/integration/lock-screen.test.ts).
import fs from "node:fs";
import { createRequire } from "node:module";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { lostItems } from "../../db/schema.ts";
import { createOwner, e2eDb } from "./db";
import { expect, signInAs, test } from "./fixtures";

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
  expect(new URL(card.url()).search).toBe("?size=1080x2400&style=dark&width=&height=");

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
