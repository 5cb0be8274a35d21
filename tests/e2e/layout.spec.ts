// The signed-in layout (spec 001 §2, spec 000 §2): sidebar on wide screens (250 px, collapsible to
// 70 px with JavaScript), a top bar under 768 px, the six-tab bottom navigation on small screens.
import os from "node:os";
import path from "node:path";
import { createUser } from "./db";
import { expect, signInAs, test } from "./fixtures";

const SHOTS = path.join(os.tmpdir(), "tagback-layout-shots");

test.describe("signed-in layout", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    const user = createUser();
    await signInAs(context, user.id, baseURL!);
  });

  test("at 1280 px: a 250 px sidebar with every section, Stickers, Logout and the version; no bottom navigation", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/profile");
    const sidebar = page.getByRole("complementary", { name: "Account" });
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())!.width).toBe(250);
    const nav = sidebar.getByRole("navigation", { name: "Account sections" });
    for (const label of ["Profile", "Tagback Token", "Lost Items", "Found Items", "Messaging", "Settings"]) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Profile", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Stickers" })).toHaveAttribute("href", "https://shop.example.test");
    await expect(sidebar.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(sidebar.getByText("Version 1.0.0")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Account sections (bottom)" })).toBeHidden();
    await page.screenshot({ path: path.join(SHOTS, `${testInfo.project.name}-1280.png`), fullPage: true });

    if (testInfo.project.use.javaScriptEnabled) {
      await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
      await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(70);
      await page.screenshot({ path: path.join(SHOTS, `${testInfo.project.name}-1280-collapsed.png`) });
      // Remembered by the next server-rendered page.
      await page.reload();
      expect((await page.getByRole("complementary", { name: "Account" }).boundingBox())!.width).toBe(70);
      await page.getByRole("button", { name: "Expand sidebar" }).click();
      await expect.poll(async () => (await sidebar.boundingBox())!.width).toBe(250);
    } else {
      // Without JavaScript there is no collapse button that would do nothing.
      await expect(sidebar.getByRole("button", { name: /Collapse sidebar/ })).toHaveCount(0);
    }
  });

  test("at 375 px: a top bar and the six-tab bottom navigation in the spec's order; navigating works", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/profile");
    await expect(page.getByRole("complementary", { name: "Account" })).toBeHidden();
    const bottom = page.getByRole("navigation", { name: "Account sections (bottom)" });
    await expect(bottom).toBeVisible();
    await expect(bottom.getByRole("link")).toHaveText(["Profile", "Token", "Found", "Messages", "Lost", "Settings"]);
    const box = (await bottom.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(740, 0);
    await page.screenshot({ path: path.join(SHOTS, `${testInfo.project.name}-375.png`), fullPage: true });

    // The top bar: Logout at hand, the rest behind the Account menu (works without JavaScript).
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await page.getByText("Account menu").click();
    const menu = page.getByRole("navigation", { name: "Account sections (menu)" });
    await expect(menu.getByRole("link", { name: "Stickers" })).toHaveAttribute("href", "https://shop.example.test");
    await expect(page.getByText("Version 1.0.0").filter({ visible: true })).toHaveCount(1);
    await page.screenshot({ path: path.join(SHOTS, `${testInfo.project.name}-375-menu.png`) });
    await menu.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);

    await bottom.getByRole("link", { name: "Token" }).click();
    await expect(page).toHaveURL(/\/token$/);
    await expect(page.getByRole("heading", { name: "Tagback Token", level: 1 })).toBeVisible();
    await expect(bottom.getByRole("link", { name: "Token" })).toHaveAttribute("aria-current", "page");
  });

  test("the bottom navigation leaves the page's end readable", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto("/settings");
    await page.getByRole("button", { name: "Logout" }).last().scrollIntoViewIfNeeded();
    const logout = (await page.getByRole("button", { name: "Logout" }).last().boundingBox())!;
    const bottom = (await page.getByRole("navigation", { name: "Account sections (bottom)" }).boundingBox())!;
    expect(logout.y + logout.height).toBeLessThanOrEqual(bottom.y);
  });

  test("the owner pages at 375 and 1280 px (screenshots for review)", async ({ page }, testInfo) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const url of ["/profile?edit=1", "/token", "/settings"]) {
        await page.goto(url);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const name = url.replace(/\W+/g, "-").replace(/^-|-$/g, "");
        await page.screenshot({ path: path.join(SHOTS, `${testInfo.project.name}-${name}-${width}.png`), fullPage: true });
      }
    }
  });
});
