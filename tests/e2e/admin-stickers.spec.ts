// /admin/stickers through the browser, with JavaScript on and off: an admin mints 12 stickers from
// the page, follows the job to the batch's page, downloads the 12 passwords once (CSV), and prints
// the batch's sheets; a signed-in non-admin gets 403 and nothing.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { mintBatches, tagbackTokens } from "../../db/schema.ts";
import { expectNoSeriousA11yViolations } from "./a11y";
import { createUser, e2eDb, makeAdmin } from "./db";
import { expect, signInAs, test } from "./fixtures";

test("an admin mints 12 stickers, downloads their passwords once and prints the sheets", async ({ page, context, baseURL, request }, testInfo) => {
  const admin = createUser();
  await makeAdmin(admin);
  await signInAs(context, admin.id, baseURL!);

  const response = await page.goto("/admin/stickers");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { name: "Mint a batch", level: 2 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Stickers" })).toHaveAttribute("aria-current", "page");

  await page.getByLabel(/How many stickers/).fill("12");
  await page.getByRole("button", { name: "Mint batch" }).click();

  // The batch's own page: its progress while it is minted (it refreshes itself, with JavaScript or
  // without), then the batch, with its passwords offered once.
  await expect(page).toHaveURL(/\/admin\/stickers\/[0-9a-f-]{36}$/);
  const minted = page.getByTestId("minted-batch");
  await expect(minted).toContainText("Batch minted: 12 stickers", { timeout: 20_000 });
  await expect(minted).toContainText("offered only this once");
  await expectNoSeriousA11yViolations(page, testInfo);

  // The batch is recorded as this admin's, with 12 tokens.
  const batch = e2eDb().select().from(mintBatches).where(eq(mintBatches.mintedBy, admin.id)).get();
  expect(batch).toMatchObject({ count: 12, status: "done" });
  expect(page.url()).toBe(`${baseURL}/admin/stickers/${batch!.id}`);
  const tokens = e2eDb().select().from(tagbackTokens).where(eq(tagbackTokens.batchId, batch!.id)).all();
  expect(tokens).toHaveLength(12);

  // The CSV downloads once: token,password,url for each of the batch's tokens.
  const download = page.waitForEvent("download");
  await minted.getByRole("button", { name: "Download tokens and passwords (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tagback-batch-${batch!.id.slice(0, 8)}-passwords.csv`);
  const csv = fs.readFileSync((await file.path())!, "utf8").trimEnd().split("\n");
  expect(csv[0]).toBe("token,password,url");
  expect(csv.slice(1).map((line) => line.split(",")[0]).sort()).toEqual(tokens.map((t) => t.token).sort());
  const passwords = csv.slice(1).map((line) => line.split(",")[1]!);
  for (const password of passwords) expect(password).toMatch(/^\d{8}$/);

  // Reloading the batch's page says the passwords are gone; the inventory shows the batch, never a password.
  await page.reload();
  await expect(page.getByTestId("passwords-gone")).toBeVisible();
  await expect(page.getByRole("button", { name: "Download tokens and passwords (CSV)" })).toHaveCount(0);
  await page.goto("/admin/stickers");
  const row = page.locator(`[data-testid="batch-row"][data-batch-id="${batch!.id}"]`);
  await expect(row).toContainText(admin.email);
  await expect(row).toContainText("12");
  const content = await page.content();
  for (const password of passwords) expect(content).not.toContain(`>${password}<`);

  // Both sheet links answer with their file types (the page's cookies go along).
  const svgHref = await row.getByRole("link", { name: /^SVG/ }).getAttribute("href");
  const pdfHref = await row.getByRole("link", { name: /^PDF/ }).getAttribute("href");
  expect(svgHref).toBe(`/admin/stickers/${batch!.id}/sheet.svg`);
  expect(pdfHref).toBe(`/admin/stickers/${batch!.id}/sheet.pdf`);
  const svg = await page.request.get(svgHref!);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toBe("image/svg+xml; charset=utf-8");
  expect(svg.headers()["content-disposition"]).toMatch(/^inline; filename=".+\.svg"$/);
  expect(svg.headers()["cache-control"]).toBe("private, no-store");
  expect((await svg.text()).match(/<g data-token="/g)).toHaveLength(12);
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toMatch(/^attachment; filename=".+\.pdf"$/);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The SVG sheet opens in the browser itself.
  const opened = await page.goto(svgHref!);
  expect(opened?.status()).toBe(200);

  // Without a session: nothing but a way to sign in.
  const anonymous = await request.get(svgHref!, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers()["location"]).toMatch(/^\/auth\?redirectTo=/);
});

test("a signed-in non-admin gets 403 from the page, the mint form and the sheets", async ({ page, context, baseURL }) => {
  const user = createUser();
  await signInAs(context, user.id, baseURL!);
  const response = await page.goto("/admin/stickers");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("You do not have admin access.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mint batch" })).toHaveCount(0);

  const mint = await page.request.post("/admin/stickers", { form: { intent: "mint", count: "3" }, headers: { Origin: baseURL! } });
  expect(mint.status()).toBe(403);
  expect(e2eDb().select().from(mintBatches).where(eq(mintBatches.mintedBy, user.id)).all()).toHaveLength(0);
  for (const extension of ["svg", "pdf"]) {
    const sheet = await page.request.get(`/admin/stickers/some-batch/sheet.${extension}`);
    expect(sheet.status()).toBe(403);
    expect(await sheet.text()).not.toContain("<svg");
  }
});

test("the inventory's Next and Previous bring the new page's first rows into view, with JavaScript or without", async ({ page, context, baseURL }) => {
  const admin = createUser();
  await makeAdmin(admin);
  await signInAs(context, admin.id, baseURL!);
  // A batch of its own (the inventory filtered to it): 60 tokens, two pages of 50 and 10.
  const [batch] = e2eDb().insert(mintBatches).values({ count: 60, progress: 60, mintedBy: admin.id }).returning().all();
  const base = 700_000_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  e2eDb()
    .insert(tagbackTokens)
    .values(Array.from({ length: 60 }, (_, i) => ({ token: String(base + i), passwordHash: "x", batchId: batch!.id })))
    .run();
  await page.goto(`/admin/stickers?batch=${batch!.id}`);
  const summary = page.getByTestId("inventory-summary");
  await expect(summary).toHaveText("Showing 1–50 of 60.");

  const pages = page.getByRole("navigation", { name: "Pages" });
  await pages.scrollIntoViewIfNeeded();
  await expect(summary).not.toBeInViewport();
  await pages.getByRole("link", { name: "Next" }).click();
  await expect(summary).toHaveText("Showing 51–60 of 60.");
  await expect(summary).toBeInViewport();
  await expect(page.getByTestId("inventory-row").first()).toBeInViewport();

  await page.goto(`/admin/stickers?batch=${batch!.id}&page=2`);
  await pages.scrollIntoViewIfNeeded();
  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(summary).toHaveText("Showing 1–50 of 60.");
  await expect(summary).toBeInViewport();
});
