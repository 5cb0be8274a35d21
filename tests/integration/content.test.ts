// The blog's content access, both ways: the real @sanity/client pointed (SANITY_API_HOST) at a
// loopback server that answers Sanity's query API with groq-js, and the embedded dataset in
// content/ with no variables set. Pages are read from the real server process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { findPost, latestPosts, listPosts, relatedPosts } from "~/features/content/posts.server";
import { clearContentCache, ContentError, contentSource, sanitySource } from "~/features/content/source.server";
import { contentDatasets, EVERY_CASE_SLUG } from "../support/content-fixture";
import { startContentServer, type ContentServer } from "../support/content-server";
import { startServer, stopServer, type ServerProcess } from "./helpers";

let content: ContentServer;
beforeAll(async () => {
  content = await startContentServer(contentDatasets());
});
afterAll(() => content.close());
afterEach(() => {
  clearContentCache();
  for (const dataset of ["fixture", "single", "empty", "broken"]) content.fail(dataset, false);
});

const source = (dataset: string) => sanitySource({ projectId: "tagback-test", dataset, apiHost: content.url });

describe("through @sanity/client", () => {
  test("the list: published posts, newest first, drafts left out, with images, authors and categories", async () => {
    const posts = await listPosts(source("fixture"));
    expect(posts.map((post) => post.slug)).toEqual([EVERY_CASE_SLUG, "empty-body-post", "no-image-post", "metro-safety", "oldest-post"]);
    const [first] = posts;
    expect(first).toMatchObject({
      title: "Every Portable Text case",
      excerpt: "The excerpt of Every Portable Text case.",
      mainImage: { url: "/blog-images/metro-card.svg", alt: "Hero of Every Portable Text case", width: 1200, height: 630 },
      author: { name: "Dev Patel", avatar: { url: "/blog-images/author-meera.svg" } },
      categories: ["Test Cases", "Safety"],
      publishedAt: "2026-05-01T10:00:00Z",
    });
    expect(posts.find((post) => post.slug === "no-image-post")?.mainImage).toBeNull();
  });

  test("a post: body with its images resolved, the author's bio, and null for an unknown slug", async () => {
    const post = await findPost(EVERY_CASE_SLUG, source("fixture"));
    expect(post?.author).toMatchObject({ name: "Dev Patel", role: "Fixture writer" });
    expect(post?.author?.bio).toEqual([expect.objectContaining({ _type: "block", style: "normal" })]);
    const images = post!.body.filter((block) => block._type === "image");
    expect(images.map((image) => (image.asset as { url?: string } | null)?.url ?? null)).toEqual(["/blog-images/lost-steps.svg", "/blog-images/lost-steps.svg", null]);
    expect(await findPost("no-such-post", source("fixture"))).toBeNull();
    expect((await findPost("metro-safety", source("fixture")))?.author?.bio).toBe("Lata edits the test blog.");
  });

  test("an empty slug never reaches the service", async () => {
    const before = content.requests("fixture");
    expect(await findPost("", source("fixture"))).toBeNull();
    expect(content.requests("fixture")).toBe(before);
  });

  test("related: the 3 newest other posts", async () => {
    const related = await relatedPosts(EVERY_CASE_SLUG, source("fixture"));
    expect(related.map((post) => post.slug)).toEqual(["empty-body-post", "no-image-post", "metro-safety"]);
    expect(await relatedPosts("lonely-post", source("single"))).toEqual([]);
  });

  test("landing previews: the latest 3, [] when there are none, null when the service fails", async () => {
    const latest = (await latestPosts(3, source("fixture")))!;
    expect(latest.map((post) => post.slug)).toEqual([EVERY_CASE_SLUG, "empty-body-post", "no-image-post"]);
    expect(latest[0]).toMatchObject({ title: "Every Portable Text case", author: { name: "Dev Patel" }, mainImage: { url: "/blog-images/metro-card.svg" } });
    expect(await latestPosts(3, source("empty"))).toEqual([]);
    content.fail("broken", true);
    expect(await latestPosts(3, source("broken"))).toBeNull();
  });

  test("results are cached: a second read does not ask the service again", async () => {
    await listPosts(source("fixture"));
    const after = content.requests("fixture");
    await listPosts(source("fixture"));
    await latestPosts(3, source("fixture"));
    expect(content.requests("fixture")).toBe(after);
  });

  test("a failing service is tried 3 times (2 retries), then a ContentError; failures are not cached", async () => {
    content.fail("broken", true);
    const before = content.requests("broken");
    await expect(listPosts(source("broken"))).rejects.toBeInstanceOf(ContentError);
    expect(content.requests("broken") - before).toBe(3);
    content.fail("broken", false);
    expect(await listPosts(source("broken"))).toHaveLength(5);
  });
});

describe("the embedded dataset (no SANITY_* variables)", () => {
  test("is the default source and holds at least 6 complete posts whose images are in public/", async () => {
    expect(process.env.SANITY_PROJECT_ID).toBeUndefined();
    expect(contentSource().name).toBe("embedded");
    const posts = await listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(new Set(posts.map((post) => post.author?.name)).size).toBe(2);
    for (const preview of posts) {
      expect(preview.excerpt.length).toBeGreaterThan(40);
      expect(preview.categories.length).toBeGreaterThan(0);
      const post = await findPost(preview.slug);
      expect(post?.body.length).toBeGreaterThan(5);
      const urls = [preview.mainImage?.url, preview.author?.avatar?.url, ...post!.body.map((block) => (block.asset as { url?: string } | undefined)?.url)];
      for (const url of urls.filter((value) => value !== undefined)) {
        expect(url, `image of ${preview.slug}`).toMatch(/^\/blog-images\/[\w-]+\.svg$/);
        expect(fs.statSync(path.join("public", url!)).size).toBeLessThan(4096);
      }
    }
  });
});

describe("pages from the real server process through the client", () => {
  let server: ServerProcess;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-content-"));
    server = await startServer({
      DATABASE_PATH: path.join(dir, "content.db"),
      SANITY_PROJECT_ID: "tagback-test",
      SANITY_DATASET: "fixture",
      SANITY_API_HOST: content.url,
    });
  }, 90_000);
  afterAll(async () => {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The hrefs of the header's side menu ("Sections") on a page. */
  async function sectionLinks(pathname: string) {
    const html = await (await fetch(`${server.url}${pathname}`)).text();
    const menu = /<nav aria-label="Sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    return { html, hrefs: [...menu.matchAll(/href="([^"]*)"/g)].map(([, href]) => href) };
  }

  // First, while nothing is cached: a failure is never cached, so the tests after it see posts.
  test("while the blog answers nothing, the landing page has no blog section and no menu links to one", async () => {
    content.fail("fixture", true);
    const landing = await sectionLinks("/");
    expect(landing.html).not.toContain('id="blog"');
    expect(landing.hrefs).toContain("/#faq");
    expect(landing.hrefs).not.toContain("/#blog");
    expect(landing.hrefs).toContain("/blog");
    expect((await sectionLinks("/findowner")).hrefs).not.toContain("/#blog");
  });

  test("an error from the service shows the error states with 503; once it answers, the pages show", async () => {
    content.fail("fixture", true);
    const list = await fetch(`${server.url}/blog`);
    expect(list.status).toBe(503);
    const listHtml = await list.text();
    expect(listHtml).toContain("Error loading blog posts");
    expect(listHtml).toContain("Please try again later");
    expect(listHtml).toContain("Try Again");
    const post = await fetch(`${server.url}/blog/${EVERY_CASE_SLUG}`);
    expect(post.status).toBe(503);
    expect(await post.text()).toContain("Error loading blog post");
    const rss = await fetch(`${server.url}/blog/rss.xml`);
    expect(rss.status).toBe(503);

    content.fail("fixture", false);
    const again = await (await fetch(`${server.url}/blog`)).text();
    expect(again).toContain("Every Portable Text case");
    expect(again).not.toContain("A draft that must not show");
  });

  test("the list, a post with its related posts, the feed and the sitemap", async () => {
    const html = await (await fetch(`${server.url}/blog/${EVERY_CASE_SLUG}`)).text();
    expect(html).toContain("Heading six");
    expect(html).toContain('property="og:type" content="article"');
    const recommended = html.slice(html.indexOf("Recommended Blogs"));
    for (const title of ["A post with no body", "A post without an image", "Metro safety in the rain"]) expect(recommended).toContain(title);
    expect(recommended).not.toContain("The oldest post");

    const rss = await (await fetch(`${server.url}/blog/rss.xml`)).text();
    expect(rss).toContain(`<link>${server.url}/blog/${EVERY_CASE_SLUG}</link>`);
    expect(rss.match(/<item>/g)).toHaveLength(5);
    const sitemap = await (await fetch(`${server.url}/blog/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.url}/blog/oldest-post</loc><lastmod>2025-01-01</lastmod>`);

    const missing = await fetch(`${server.url}/blog/no-such-post`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Blog Post Not Found");
  });

  test("with posts, the landing page's menu links its blog section; other pages' menus link the blog", async () => {
    // The landing page rendered while the blog failed (the first test) was not kept that way.
    const landing = await sectionLinks("/");
    expect(landing.html).toContain('id="blog"');
    expect(landing.hrefs).toContain("/#blog");
    // Another page cannot know whether the landing page shows the section right now.
    const elsewhere = await sectionLinks("/findowner");
    expect(elsewhere.hrefs).toContain("/#faq");
    expect(elsewhere.hrefs).not.toContain("/#blog");
    expect(elsewhere.hrefs).toContain("/blog");
  });
});
