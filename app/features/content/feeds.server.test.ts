import { expect, test } from "vitest";
import { blogSitemap, rssFeed } from "./feeds.server";
import type { PostPreview } from "./types";

const post: PostPreview = {
  id: "p1",
  title: 'Keys & locks: "<never>" label them',
  slug: "keys-and-locks",
  excerpt: "Tags & tips",
  mainImage: null,
  author: { name: "Meera Iyer", avatar: null },
  categories: ["Safety & Tips"],
  publishedAt: "2025-08-19T03:45:00Z",
};

test("the feed escapes text and dates items in RFC 822", () => {
  const feed = rssFeed("https://tagback.app", [post]);
  expect(feed).toContain("<title>Keys &amp; locks: &quot;&lt;never&gt;&quot; label them</title>");
  expect(feed).toContain("<category>Safety &amp; Tips</category>");
  expect(feed).toContain("<pubDate>Tue, 19 Aug 2025 03:45:00 GMT</pubDate>");
  expect(feed).toContain('<guid isPermaLink="true">https://tagback.app/blog/keys-and-locks</guid>');
});

test("the sitemap lists the blog (dated by its newest post) and each post", () => {
  const sitemap = blogSitemap("https://tagback.app", [post]);
  expect(sitemap).toContain("<url><loc>https://tagback.app/blog</loc><lastmod>2025-08-19</lastmod></url>");
  expect(sitemap).toContain("<url><loc>https://tagback.app/blog/keys-and-locks</loc><lastmod>2025-08-19</lastmod></url>");
});
