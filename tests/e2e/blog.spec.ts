// The blog on the embedded dataset (the e2e server has no SANITY_* variables): the list, search
// with JavaScript on and off, a post with its author dialog, share links and recommendations,
// the not-found state, RSS and the sitemap.
import { expectNoSeriousA11yViolations } from "./a11y";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const METRO = "lost-your-metro-card-first-hour";
const METRO_TITLE = "Lost your metro card? What to do in the first hour";

test.describe("blog list", () => {
  test("every card has its image, title link, excerpt, author, categories, date and Read More", async ({ page }, testInfo) => {
    await page.goto("/blog");
    await expect(page).toHaveTitle("Blog | Tagback");
    await expect(page.getByRole("heading", { level: 1, name: "Tagback Blog" })).toBeVisible();
    await expect(page.getByPlaceholder("Search blogs by title, category, or excerpt...")).toBeVisible();
    const cards = page.locator("[data-post-card]");
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    for (const card of await cards.all()) {
      await expect(card.locator("img").first()).toHaveAttribute("alt", /\w/);
      await expect(card.getByRole("heading", { level: 2 }).getByRole("link")).toHaveAttribute("href", /^\/blog\/[\w-]+$/);
      await expect(card.locator("p")).not.toHaveText("");
      await expect(card.getByText(/^(Meera Iyer|Arjun Menon)$/)).toBeVisible();
      await expect(card.getByRole("list", { name: "Categories" }).getByRole("listitem").first()).toBeVisible();
      await expect(card.locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
      await expect(card.getByRole("link", { name: /^Read More/ })).toBeVisible();
    }
    // Newest first.
    const dates = await cards.locator("time").evaluateAll((times) => times.map((time) => time.getAttribute("datetime")!));
    expect([...dates].sort().reverse()).toEqual(dates);
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", "/blog/rss.xml");
    await expectNoSeriousA11yViolations(page, testInfo);
  });

  test("search as a GET form: title, excerpt and category, any case; no match says so", async ({ page }) => {
    await page.goto("/blog");
    const box = page.getByRole("searchbox", { name: "Search blogs" });
    const cards = page.locator("[data-post-card]");

    await box.fill("LAPTOP");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/blog\?q=LAPTOP$/);
    await expect(cards).toHaveCount(1);
    await expect(cards.getByRole("heading", { name: /Left your laptop/ })).toBeVisible();

    // "privacy" is a category title ("Privacy") and no title says it.
    await box.fill("privacy");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=privacy/);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Why a QR sticker is safer");

    // "rush hour" is in one excerpt only. The grid filters as the box changes, and the URL catches
    // up after: each search waits for its URL before the next is typed, or the late URL puts its
    // own q back in the box (CI once saw 1 card for "zzzz").
    await box.fill("rush hour");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=rush(\+|%20)hour/);
    await expect(cards).toHaveCount(1);
    await expect(cards).toContainText("Crowded trains and buses");

    await box.fill("zzzz no such post");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=zzzz/);
    await expect(cards).toHaveCount(0);
    await expect(page.getByText("No matching blog posts found.")).toBeVisible();
  });

  test("a search URL is answered in the server-rendered page", { tag: "@js-off-only" }, async ({ request }) => {
    const page = await (await request.get("/blog?q=keys")).text();
    // The grid as rendered (the hydration data after it holds every post, for filtering while typing).
    const html = page.slice(page.indexOf("<main"), page.indexOf("</main>"));
    expect(html).toContain("Keys: the small thing that costs the most to lose");
    expect(html).not.toContain("Left your laptop in a cab");
    expect(html).toContain('value="keys"');
  });

  test("with JavaScript the grid filters while typing and the URL follows @js-only", async ({ page }) => {
    await page.goto("/blog");
    // Typed before React takes over the field, a letter is lost when it does: wait for it.
    await expect(page.locator('form[role=search][data-hydrated="true"]')).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Search blogs" }).pressSequentially("metro", { delay: 30 });
    await expect(page.locator("[data-post-card]")).toHaveCount(2);
    await expect(page).toHaveURL(/\/blog\?q=metro$/);
    await page.getByRole("searchbox", { name: "Search blogs" }).fill("");
    await expect(page.locator("[data-post-card]")).not.toHaveCount(2);
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("while JavaScript loads a post the page shows a skeleton, and the list 'Loading blog posts...' @js-only", async ({ page }) => {
    await page.goto("/blog");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/blog\/.*\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(`[data-post-card="${METRO}"]`).getByRole("link", { name: /^Read More/ }).click();
    await expect(page.getByRole("status", { name: "Loading blog post" })).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1, name: METRO_TITLE })).toBeVisible();

    let releaseList!: () => void;
    const heldList = new Promise<void>((resolve) => (releaseList = resolve));
    await page.route(/\/blog\.data/, async (route) => {
      await heldList;
      await route.continue();
    });
    await page.getByRole("link", { name: "← Back to Blog" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading blog posts..." })).toBeVisible();
    releaseList();
    await expect(page.locator("[data-post-card]").first()).toBeVisible();
  });
});

test.describe("blog post", () => {
  // A post loaded as a document ships no script (each test below checks its page), so it is the
  // same page with JavaScript on: these run once. A post reached from the hydrated list (a client
  // navigation) is the @js-only skeleton test above.
  const noScript = (page: Page) => expect(page.locator("script")).toHaveCount(0);

  test("hero, title, author, categories, date, body, share links and 3 recommendations; article meta", { tag: "@js-off-only" }, async ({ page }, testInfo) => {
    const response = await page.goto(`/blog/${METRO}`);
    expect(response?.status()).toBe(200);
    await noScript(page);
    await expect(page).toHaveTitle(`${METRO_TITLE} | Tagback Blog`);
    await expect(page.getByRole("heading", { level: 1, name: METRO_TITLE })).toBeVisible();
    await expect(page.getByRole("img", { name: "A blue metro smart card with a Tagback QR sticker in its corner" })).toBeVisible();
    await expect(page.getByRole("link", { name: "About the author, Meera Iyer" })).toBeVisible();
    const article = page.locator("[data-post]");
    await expect(article.getByRole("list", { name: "Categories" })).toContainText("Metro and Commute");
    await expect(article.locator("time")).toHaveText("14 April 2025");
    const body = page.locator("[data-post-body]");
    await expect(body.getByRole("heading", { level: 2, name: "1. Stop and retrace while it is fresh" })).toBeVisible();
    await expect(body.locator("blockquote")).toContainText("Most people want to give a lost card back");
    await expect(body.locator("ol > li")).toHaveCount(3);

    const pageUrl = new URL(`/blog/${METRO}`, page.url()).toString();
    const text = `${METRO_TITLE} - Read on the Tagback Blog`;
    const share = page.getByRole("region", { name: "Share this blog" });
    const expected: Record<string, string> = {
      x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(pageUrl)}`,
      whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${pageUrl}`)}`,
      telegram: `https://t.me/share/url?url=${encodeURIComponent(pageUrl)}&text=${encodeURIComponent(text)}`,
      linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(pageUrl)}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`,
    };
    for (const [network, href] of Object.entries(expected)) await expect(share.locator(`[data-share="${network}"]`)).toHaveAttribute("href", href);

    const recommended = page.getByRole("region", { name: "Recommended Blogs" }).locator("[data-post-card]");
    await expect(recommended).toHaveCount(3);
    await expect(recommended.filter({ hasText: METRO_TITLE })).toHaveCount(0);

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^http:\/\/127\.0\.0\.1:\d+\/blog-images\/metro-card\.svg$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Most metro cards/);
    await expectNoSeriousA11yViolations(page, testInfo);
  });

  test("the page ships no script", { tag: "@js-off-only" }, async ({ request }) => {
    const html = await (await request.get(`/blog/${METRO}`)).text();
    expect(html).not.toContain("<script");
  });

  test("the author dialog is a URL state: it opens and closes without JavaScript", { tag: "@js-off-only" }, async ({ page }) => {
    await page.goto(`/blog/${METRO}`);
    await noScript(page);
    await page.getByRole("link", { name: "About the author, Meera Iyer" }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${METRO}\\?author=1$`));
    await noScript(page);
    const dialog = page.getByRole("dialog", { name: "Meera Iyer" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Community and Safety, Tagback");
    await expect(dialog).toContainText("returned more wallets than she has lost");
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${METRO}$`));
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a string bio shows as text", { tag: "@js-off-only" }, async ({ page }) => {
    await page.goto("/blog/qr-sticker-vs-phone-number?author=1");
    await noScript(page);
    await expect(page.getByRole("dialog", { name: "Arjun Menon" })).toContainText("privacy by default");
  });

  test("an unknown post answers 404 with 'Blog Post Not Found' and a way back", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Blog Post Not Found | Tagback Blog");
    await expect(page.getByRole("heading", { name: "Blog Post Not Found" })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible();
    await page.getByRole("link", { name: "← Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe("feeds", () => {
  test("RSS lists every post; the sitemap lists the blog and every post", { tag: "@js-off-only" }, async ({ request, baseURL }) => {
    const rss = await request.get("/blog/rss.xml");
    expect(rss.headers()["content-type"]).toContain("application/rss+xml");
    const feed = await rss.text();
    expect(feed.match(/<item>/g)!.length).toBeGreaterThanOrEqual(6);
    expect(feed).toContain(`<link>${baseURL}/blog/${METRO}</link>`);
    expect(feed).toContain("<dc:creator>Meera Iyer</dc:creator>");
    const sitemap = await (await request.get("/blog/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/blog</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/blog/${METRO}</loc><lastmod>2025-04-14</lastmod>`);
  });
});
