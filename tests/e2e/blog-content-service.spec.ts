// The blog through the real @sanity/client, in the browser: app servers of our own, each pointed
// (SANITY_API_HOST) at a loopback server that answers Sanity's query API with groq-js over a
// fixture dataset. Every Portable Text case of spec 001 §2, and every list and post state. The
// content cache lasts 5 minutes per process, so each state that needs other data has its own
// server: "fixture" (switched to failing first), "single" and "empty".
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { contentDatasets, EVERY_CASE_SLUG } from "../support/content-fixture";
import { startContentServer, type ContentServer } from "../support/content-server";
import { startServer, stopServer, type ServerProcess } from "../integration/helpers";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

let content: ContentServer;
let dir: string;
const servers: Record<"fixture" | "single" | "empty", ServerProcess> = {} as never;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  content = await startContentServer(contentDatasets());
  // No failure is cached, so the fixture server's first queries can fail and later ones succeed.
  content.fail("fixture", true);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-blog-e2e-"));
  const start = (dataset: "fixture" | "single" | "empty") =>
    startServer({
      DATABASE_PATH: path.join(dir, `${dataset}.db`),
      SANITY_PROJECT_ID: "tagback-e2e",
      SANITY_DATASET: dataset,
      SANITY_API_HOST: content.url,
    }).then((server) => (servers[dataset] = server));
  await Promise.all([start("fixture"), start("single"), start("empty")]);
});

test.afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => stopServer(server)));
  await content?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The landing page answers whatever the blog does; its "Latest posts" are there only with posts. */
async function landingBlogCards(page: import("@playwright/test").Page, base: string) {
  const response = await page.goto(`${base}/`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("section#faq")).toBeVisible();
  return (await page.locator("section#blog").count()) ? page.locator("section#blog [data-post-card]").count() : null;
}

test("an error from the content service: both error states, then Try Again shows the content", async ({ page }) => {
  const base = servers.fixture.url;
  // The landing page leaves the section out while the service fails.
  expect(await landingBlogCards(page, base)).toBeNull();
  const post = await page.goto(`${base}/blog/${EVERY_CASE_SLUG}`);
  expect(post?.status()).toBe(503);
  await expect(page).toHaveTitle("Error loading blog post | Tagback Blog");
  await expect(page.getByRole("alert")).toContainText("Error loading blog post");

  const list = await page.goto(`${base}/blog`);
  expect(list?.status()).toBe(503);
  await expect(page).toHaveTitle("Error loading blog posts | Tagback Blog");
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Error loading blog posts" })).toBeVisible();
  await expect(alert).toContainText("Please try again later");

  content.fail("fixture", false);
  await alert.getByRole("link", { name: "Try Again" }).click();
  await expect(page.locator("[data-post-card]")).toHaveCount(5);
  await expect(page.getByText("A draft that must not show")).toHaveCount(0);
  // A failure is not cached: the landing page has its 3 latest posts now.
  expect(await landingBlogCards(page, base)).toBe(3);

  await page.goto(`${base}/blog/${EVERY_CASE_SLUG}`);
  await expect(page.getByRole("heading", { level: 1, name: "Every Portable Text case" })).toBeVisible();
});

test("every Portable Text case: block styles, lists, marks, links and images", async ({ page }) => {
  const cspErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") cspErrors.push(message.text());
  });
  await page.goto(`${servers.fixture.url}/blog/${EVERY_CASE_SLUG}`);
  const body = page.locator("[data-post-body]");
  for (const [level, name] of [[1, "Heading one"], [2, "Heading two"], [3, "Heading three"], [4, "Heading four"], [5, "Heading five"], [6, "Heading six"]] as const) {
    await expect(body.getByRole("heading", { level, name })).toBeVisible();
  }
  await expect(body.locator("p", { hasText: "A normal paragraph." })).toBeVisible();
  await expect(body.locator("blockquote")).toHaveText("A quoted line.");
  await expect(body.locator("ul > li")).toHaveText(["First bullet", "Second bullet"]);
  await expect(body.locator("ol > li")).toHaveText(["First step", "Second step"]);
  await expect(body.locator("strong")).toHaveText("Bold");
  await expect(body.locator("em")).toHaveText("italic");
  await expect(body.locator("code")).toHaveText("npm test");
  await expect(body.locator("span.underline")).toHaveText("underlined");
  expect(await body.locator("span.underline").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("underline");
  await expect(body.locator("del")).toHaveText("struck");
  expect(await body.locator("del").evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
  const link = body.getByRole("link", { name: "a link", exact: true });
  await expect(link).toHaveAttribute("href", "https://example.com/safe");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  // A javascript: link is shown as its text, never as a link.
  await expect(body.getByText("a bad link")).toBeVisible();
  await expect(body.getByRole("link", { name: "a bad link" })).toHaveCount(0);
  await expect(body.getByRole("img", { name: "A described diagram" })).toHaveAttribute("src", "/blog-images/lost-steps.svg");
  await expect(body.getByRole("img", { name: "Blog content image" })).toHaveAttribute("src", "/blog-images/lost-steps.svg");
  await expect(body.getByText("[Image not available]")).toBeVisible();
  // An unknown block type renders nothing (and is only warned about in the server's console).
  await expect(body.getByText("An unknown block type")).toHaveCount(0);
  // Nothing was blocked by the CSP (no inline styles), nothing else went wrong.
  expect(cspErrors).toEqual([]);
});

test("a bio that is a single block; a post with no body; a card and a post without an image", async ({ page }) => {
  const base = servers.fixture.url;
  await page.goto(`${base}/blog/${EVERY_CASE_SLUG}?author=1`);
  const dialog = page.getByRole("dialog", { name: "Dev Patel" });
  await expect(dialog).toContainText("Dev writes fixtures for tests.");
  await expect(dialog.locator("strong")).toHaveText("fixtures");

  await page.goto(`${base}/blog/empty-body-post`);
  await expect(page.locator("[data-post-body]")).toHaveText("No content available.");

  await page.goto(`${base}/blog/no-image-post`);
  await expect(page.getByRole("heading", { level: 1, name: "A post without an image" })).toBeVisible();
  await expect(page.locator("[data-post] > img")).toHaveCount(0);
  await page.goto(`${base}/blog`);
  await expect(page.locator('[data-post-card="no-image-post"] img')).toHaveCount(0);
});

test("one post: 'No recommendations yet.'", async ({ page }) => {
  await page.goto(`${servers.single.url}/blog/lonely-post`);
  await expect(page.getByRole("heading", { level: 1, name: "The only post" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Recommended Blogs" })).toContainText("No recommendations yet.");
});

test("no posts: 'No blog posts available.' with Refresh; a post is not found", async ({ page }) => {
  const base = servers.empty.url;
  const response = await page.goto(`${base}/blog`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("No blog posts available.")).toBeVisible();
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page.getByText("No blog posts available.")).toBeVisible();
  const missing = await page.goto(`${base}/blog/${EVERY_CASE_SLUG}`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Blog Post Not Found" })).toBeVisible();
  // No posts: no "Latest posts" on the landing page.
  expect(await landingBlogCards(page, base)).toBeNull();
});
