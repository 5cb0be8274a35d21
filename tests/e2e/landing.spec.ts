// The landing page and /about (spec 000 §1, §2, §9): every section with its count, the FAQ, the
// slideshow, Scan demo, the calls to action, the floating buttons, structured data, link
// previews, robots.txt and the sitemap; and the scan result page that leaves all of it out.
import os from "node:os";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { a11yScanner } from "./a11y";
import { createUser } from "./db";
import { expect, searchFormReady, signInAs, test } from "./fixtures";
import { CONTACT_ICON_ROTATION_MS, SLIDE_INTERVAL_MS } from "~/features/marketing/rules";

const SHOTS = path.join(os.tmpdir(), "tagback-landing-shots");
const DESKTOP = { width: 1366, height: 900 };
const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

const items = (page: Page, list: string) => page.locator(`[data-list="${list}"] > li`);
const carousel = (page: Page) => page.locator("[aria-roledescription=carousel]");
const activeSlide = async (page: Page) => Number(await carousel(page).getAttribute("data-active-slide"));

/**
 * After the clock jumped forward: a short real pause, so that what a fired timer changed (React
 * renders it in a task of its own) is on the page before a test checks that nothing changed.
 */
async function settled(page: Page) {
  await page.waitForTimeout(300);
}

/** With JavaScript, waits until the slideshow has hydrated (its Play/Pause button is there). */
async function slideshowReady(page: Page) {
  await expect(carousel(page).getByRole("button", { name: /(Pause|Play) slideshow/ })).toBeVisible();
}

test.describe("the landing page", () => {
  test("has every section of the spec, with its count", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("#hero").getByRole("heading", { level: 1 })).toHaveText("Lost it? Tagback brings it home.");
    for (const id of ["hero", "find-owner", "problem", "features", "use-cases", "stories", "team", "how-it-works", "blog", "get-started", "faq"]) {
      await expect(page.locator(`section#${id}`), id).toHaveCount(1);
    }
    await expect(items(page, "features")).toHaveCount(6);
    await expect(items(page, "use-cases")).toHaveCount(6);
    for (const useCase of await items(page, "use-cases").all()) {
      expect(await useCase.getByRole("list").getByRole("listitem").count()).toBeGreaterThan(0); // example chips
    }
    await expect(items(page, "stories")).toHaveCount(3);
    await expect(page.locator('[data-list="stories"]').getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(3);
    await expect(items(page, "founders")).toHaveCount(2);
    await expect(items(page, "steps")).toHaveCount(3);
    await expect(page.locator("[data-promo]")).toHaveCount(2);
    await expect(items(page, "posts")).toHaveCount(3);
    await expect(page.locator('[data-list="faq"] > details')).toHaveCount(8);
    await expect(page.locator("[aria-roledescription=slide]")).toHaveCount(8);
  });

  test("hero: Find Owner goes to the search, Buy Stickers to the shop; CTA to sign-in and to /about#how-it-works", async ({ page }) => {
    await page.goto("/");
    const hero = page.locator("#hero");
    await expect(hero.getByRole("link", { name: "Find Owner" })).toHaveAttribute("href", "#find-owner");
    await expect(hero.getByRole("link", { name: "Buy Stickers" })).toHaveAttribute("href", "https://shop.example.test");
    await hero.getByRole("link", { name: "Find Owner" }).click();
    await expect(page).toHaveURL(/#find-owner$/);
    await expect(page.locator("#find-owner").getByRole("textbox")).toBeInViewport();

    const cta = page.locator("#get-started");
    await expect(cta.getByRole("link", { name: "Get started" })).toHaveAttribute("href", "/auth");
    await cta.getByRole("link", { name: "See how it works" }).click();
    await expect(page).toHaveURL(/\/about#how-it-works$/);
    await expect(page.locator("section#how-it-works")).toBeVisible();
  });

  test("the header's side menu links every section and the five social networks", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByLabel("Menu").click();
    const menu = page.getByRole("navigation", { name: "Sections" });
    await expect(menu).toBeVisible();
    const sections = ["hero", "find-owner", "features", "how-it-works", "team", "blog", "faq"];
    expect(await menu.locator('a[href^="/#"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(
      sections.map((id) => `/#${id}`),
    );
    for (const network of ["Instagram", "X", "WhatsApp", "Facebook", "Pinterest"]) {
      await expect(menu.getByRole("link", { name: network, exact: true })).toHaveAttribute("href", /^https:\/\//);
    }
    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(page.locator("#faq-title")).toBeInViewport();
  });

  test("the FAQ keeps one answer open at a time", async ({ page }) => {
    await page.goto("/#faq");
    const entries = page.locator('[data-list="faq"] > details');
    await entries.nth(0).locator("summary").click();
    await expect(entries.nth(0)).toHaveAttribute("open", "");
    await entries.nth(3).locator("summary").click();
    await expect(entries.nth(3)).toHaveAttribute("open", "");
    await expect(entries.nth(0)).not.toHaveAttribute("open");
    await expect(page.locator('[data-list="faq"] > details[open]')).toHaveCount(1);
    await expect(entries.nth(3)).toContainText("Never to an anonymous finder");
  });

  test("the slideshow's 8 pictures are a row that scrolls sideways, sized before they load", async ({ page }, testInfo) => {
    await page.goto("/");
    const row = carousel(page).getByRole("group", { name: "Sticker pictures" });
    const images = row.locator("img");
    await expect(images).toHaveCount(8);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("width", "640");
      await expect(image).toHaveAttribute("height", "480");
      expect(await image.getAttribute("src")).toMatch(/^\/images\/stickers\/[a-z-]+\.svg$/);
    }
    await expect(images.first()).toHaveAttribute("loading", "eager");
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    if (!jsOn(testInfo)) await expect(carousel(page)).toContainText("Swipe to see all 8 stickers");
  });

  test("the slideshow plays by itself, pauses, and when paused has arrows, dots and swipes", { tag: "@js-only" }, async ({ page }) => {
    // The page's timers on Playwright's clock: time runs as usual, and the test jumps it forward
    // past a slide's interval instead of waiting for it (CI time).
    await page.clock.install();
    await page.goto("/");
    await slideshowReady(page);
    await page.clock.fastForward(SLIDE_INTERVAL_MS);
    await expect.poll(() => activeSlide(page)).toBeGreaterThan(0);
    // Playing: no arrows, no dots.
    await expect(carousel(page).getByRole("button", { name: "Next slide" })).toHaveCount(0);

    await carousel(page).getByRole("button", { name: "Pause slideshow" }).click();
    const start = await activeSlide(page);
    await page.clock.fastForward(SLIDE_INTERVAL_MS + 500);
    await settled(page);
    expect(await activeSlide(page)).toBe(start);

    const dots = carousel(page).getByRole("list", { name: "Choose a slide" }).getByRole("button");
    await expect(dots).toHaveCount(8);
    await dots.nth(4).click();
    await expect(carousel(page)).toHaveAttribute("data-active-slide", "4");
    await expect(dots.nth(4)).toHaveAttribute("aria-current", "true");
    await carousel(page).getByRole("button", { name: "Next slide" }).click();
    await expect(carousel(page)).toHaveAttribute("data-active-slide", "5");
    await carousel(page).getByRole("button", { name: "Previous slide" }).click();
    await carousel(page).getByRole("button", { name: "Previous slide" }).click();
    await expect(carousel(page)).toHaveAttribute("data-active-slide", "3");

    // A 60 px swipe to the left shows the next slide, to the right the previous; 40 px does nothing.
    const row = carousel(page).getByRole("group", { name: "Sticker pictures" });
    const swipe = async (dx: number) => {
      await row.dispatchEvent("pointerdown", { clientX: 200, clientY: 200, pointerType: "touch", isPrimary: true });
      await row.dispatchEvent("pointerup", { clientX: 200 + dx, clientY: 200, pointerType: "touch", isPrimary: true });
    };
    await swipe(-60);
    await expect(carousel(page)).toHaveAttribute("data-active-slide", "4");
    await swipe(60);
    await expect(carousel(page)).toHaveAttribute("data-active-slide", "3");
    await swipe(-40);
    await page.waitForTimeout(300);
    await expect(carousel(page)).toHaveAttribute("data-active-slide", "3");
    // The picture of the active slide is the one in view.
    await expect(row.locator("[aria-roledescription=slide]").nth(3)).toBeInViewport({ ratio: 0.8 });
  });

  test("under prefers-reduced-motion the slideshow does not move by itself", { tag: "@js-only" }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await slideshowReady(page);
    await expect(carousel(page).getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await expect(carousel(page).getByRole("button", { name: "Next slide" })).toBeVisible();
    // The contact button's icon does not rotate either.
    const icon = page.locator("[data-contact-icon]");
    const first = await icon.getAttribute("data-contact-icon");
    await page.clock.fastForward(Math.max(SLIDE_INTERVAL_MS, CONTACT_ICON_ROTATION_MS) + 1000);
    await settled(page);
    expect(await activeSlide(page)).toBe(0);
    expect(await icon.getAttribute("data-contact-icon")).toBe(first);
  });

  test("Scan demo opens the demo profile (a link, so also without JavaScript)", async ({ page }, testInfo) => {
    await page.goto("/");
    const scanDemo = page.locator("#hero").getByRole("link", { name: "Scan demo" });
    await expect(scanDemo).toHaveAttribute("href", "/?type=tagbacktoken&number=1234-5678-9012#find-owner");
    await searchFormReady(page, testInfo, { hydrated: true });
    await scanDemo.click();
    const dialog = page.getByRole("dialog", { name: "Owner Found at the product" });
    await expect(dialog.getByTestId("owner-name")).toHaveText("Ananya Rao (demo)", { timeout: 5000 });
    await expect(page).toHaveURL(/[?&]type=tagbacktoken&number=1234-5678-9012/);
  });

  test("floating Contact us (X, Instagram, WhatsApp with a message) and Buy Stickers, here and on /findowner", async ({ page }) => {
    for (const url of ["/", "/findowner"]) {
      await page.goto(url);
      const floating = page.getByTestId("floating-actions");
      await expect(floating.getByRole("link", { name: "Buy Stickers" })).toHaveAttribute("href", "https://shop.example.test");
      await floating.getByText("Contact us").click();
      const menu = floating.getByRole("list", { name: "Contact us" });
      await expect(menu.getByRole("link")).toHaveCount(3);
      await expect(menu.getByRole("link", { name: /X$/ })).toHaveAttribute("href", /^https:\/\/x\.com\//);
      await expect(menu.getByRole("link", { name: /Instagram$/ })).toHaveAttribute("href", /^https:\/\/www\.instagram\.com\//);
      await expect(menu.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=\S+/);
    }
  });

  test("the Contact us icon shows X, Instagram and WhatsApp in turn", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/findowner");
    const icon = page.locator("[data-contact-icon]");
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add((await icon.getAttribute("data-contact-icon")) ?? "");
          return seen.size;
        },
        { timeout: 7000, intervals: [250] },
      )
      .toBe(3);
    expect([...seen].sort()).toEqual(["Instagram", "WhatsApp", "X"]);
  });

  test("structured data: Organization, the sticker at 179 INR in stock, and the FAQ", { tag: "@js-off-only" }, async ({ request }) => {
    const html = await (await request.get("/")).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]));
    expect(scripts).toHaveLength(1);
    const graph: Array<Record<string, unknown>> = scripts[0]["@graph"];
    const byType = (type: string) => graph.find((node) => node["@type"] === type) as Record<string, any>;
    expect(byType("Organization").name).toBe("Tagback");
    const offer = byType("Product").offers;
    expect(offer).toMatchObject({ price: "179", priceCurrency: "INR", availability: "https://schema.org/InStock" });
    expect(byType("FAQPage").mainEntity).toHaveLength(8);
  });

  test("link previews and descriptions: Open Graph and Twitter tags with our share image", async ({ page, request, baseURL }) => {
    await page.goto("/");
    const meta = (selector: string) => page.locator(`head meta[${selector}]`).getAttribute("content");
    expect(await meta('name="description"')).toContain("metro card");
    expect(await meta('property="og:title"')).toContain("Tagback");
    expect(await meta('property="og:image"')).toBe(`${baseURL}/images/share.jpg`);
    expect(await meta('name="twitter:card"')).toBe("summary_large_image");
    const image = await request.get("/images/share.jpg");
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    for (const url of ["/about", "/findowner", "/auth"]) {
      await page.goto(url);
      expect((await meta('name="description"'))?.length, url).toBeGreaterThan(40);
    }
  });

  test("robots.txt and sitemap.xml", { tag: "@js-off-only" }, async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.headers()["content-type"]).toContain("text/plain");
    const text = await robots.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /profile");
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const pathname of ["/", "/about", "/findowner", "/blog"]) expect(xml).toContain(`<loc>${baseURL}${pathname}</loc>`);
  });

  test("the footer: social links, share links carrying the site's address, quick and company links", async ({ page, baseURL }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    for (const network of ["Instagram", "X", "WhatsApp", "Facebook", "Pinterest"]) {
      await expect(footer.getByRole("link", { name: `Tagback on ${network}` })).toHaveAttribute("target", "_blank");
    }
    const share = footer.getByRole("navigation", { name: "Share Tagback" });
    for (const network of ["WhatsApp", "X", "Facebook"]) {
      const href = await share.getByRole("link", { name: `Share on ${network}` }).getAttribute("href");
      expect(decodeURIComponent(href!)).toContain(new URL(baseURL!).host);
    }
    const quick = footer.getByRole("navigation", { name: "Quick links" });
    for (const [name, href] of [["Home", "/#hero"], ["Features", "/#features"], ["Find Owner", "/#find-owner"], ["FAQ", "/#faq"]]) {
      await expect(quick.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    const company = footer.getByRole("navigation", { name: "Company and legal" });
    for (const href of ["/about", "/blog", "/privacy-policy", "/terms-and-conditions", "/refund-policy"]) {
      await expect(company.locator(`a[href="${href}"]`)).toHaveCount(1);
    }
  });

  test("no web fonts and no third-party requests: everything the pages load comes from this site", async ({ page, baseURL }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      // Down to the footer, so that every lazy picture loads.
      await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
      await page.waitForLoadState("networkidle");
    }
    const origin = new URL(baseURL!).origin;
    expect(requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:"))).toEqual([]);
    expect(requested.filter((url) => /\.(woff2?|ttf|otf|eot)(\?|$)/i.test(url))).toEqual([]);
    expect(requested.some((url) => url.includes("/images/stickers/"))).toBe(true);
  });

  test("the pages paint before any script is asked for: hydration starts at the load event (decision 019)", async ({ page }, testInfo) => {
    for (const path of ["/", "/about", "/findowner"]) {
      await page.goto(path);
      await searchFormReady(page, testInfo, { hydrated: true });
      const timing = await page.evaluate(() => ({
        load: performance.getEntriesByType("navigation").map((entry) => (entry as PerformanceNavigationTiming).loadEventStart)[0]!,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
          .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      if (!jsOn(testInfo)) {
        expect(timing.scripts, path).toEqual([]);
        continue;
      }
      // React Router's client, its entry among them, is fetched — and only after the load event.
      expect(timing.scripts.some((script) => /^\/assets\/entry\.client-/.test(script.url)), path).toBe(true);
      expect(timing.scripts.filter((script) => script.start < timing.load), path).toEqual([]);
    }
  });

  test("no serious or critical accessibility violation on / and /about, at phone and desktop width", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    // Without JavaScript the scans run in one context of their own, at the page's width (a11y.ts).
    const scanner = a11yScanner(page, testInfo);
    try {
      for (const size of [null, DESKTOP]) {
        if (size) await page.setViewportSize(size);
        for (const url of ["/", "/about"]) {
          await page.goto(url);
          await scanner.check();
        }
      }
    } finally {
      await scanner.close();
    }
  });

  test("screenshots at phone and desktop width (for review)", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ reducedMotion: "reduce" });
    for (const [name, size] of [["phone", null], ["desktop", DESKTOP]] as const) {
      if (size) await page.setViewportSize(size);
      for (const url of ["/", "/about", "/findowner", `/?t=${DEMO_IDENTIFIERS.aarav.token}`]) {
        await page.goto(url);
        await expect(page.getByRole("banner")).toBeVisible();
        const file = `${testInfo.project.name}-${name}-${url.replace(/\W+/g, "_")}.png`;
        await page.screenshot({ path: path.join(SHOTS, file), fullPage: true });
      }
    }
  });
});

test.describe("a sticker scan", () => {
  test("is a small page: the owner first, the search, a way home; none of the marketing", async ({ page, request }) => {
    const html = await (await request.get(`/?t=${DEMO_IDENTIFIERS.aarav.token}`)).text();
    const owner = html.indexOf("Aarav Sharma");
    expect(owner).toBeGreaterThan(0);
    expect(owner).toBeLessThan(html.indexOf('id="find-owner"'));
    // The header and footer are the small ones: no side menu, no link columns.
    for (const marketing of ['id="hero"', 'id="features"', 'id="faq"', "application/ld+json", "/images/stickers/", 'property="og:image"', 'aria-label="Sections"', 'aria-label="Quick links"']) {
      expect(html, marketing).not.toContain(marketing);
    }
    await page.goto(`/?t=${DEMO_IDENTIFIERS.aarav.token}`);
    await expect(page.getByRole("dialog", { name: "Owner Found at the product" }).getByTestId("owner-name")).toHaveText("Aarav Sharma");
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    // Closing the result brings the whole page back.
    await expect(page.locator("section#features")).toBeVisible();
    await expect(page.locator("#hero").getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test.describe("signed in", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await signInAs(context, createUser().id, baseURL!);
  });

  test("the call to action goes to /profile, and the floating buttons sit above the bottom navigation", async ({ page }) => {
    await page.goto("/about");
    const cta = page.locator("#get-started");
    await expect(cta.getByRole("link", { name: "Go to your profile" })).toHaveAttribute("href", "/profile");
    const bottomNav = page.getByRole("navigation", { name: "Account sections (bottom)" });
    await expect(bottomNav).toBeVisible();
    for (const url of ["/about", "/findowner"]) {
      await page.goto(url);
      const floating = (await page.getByTestId("floating-actions").boundingBox())!;
      const nav = (await bottomNav.boundingBox())!;
      expect(floating.y + floating.height, url).toBeLessThanOrEqual(nav.y);
    }
    await page.goto("/about");
    await page.locator("#get-started").getByRole("link", { name: "Go to your profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
