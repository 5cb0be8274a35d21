// The blog's RSS 2.0 feed and its sitemap, built from the same list the blog page shows.
import { sitemapXml } from "~/core/sitemap";
import type { PostPreview } from "./types";

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const postUrl = (origin: string, post: PostPreview) => `${origin}/blog/${encodeURIComponent(post.slug)}`;

export function rssFeed(origin: string, posts: PostPreview[]): string {
  const items = posts.map((post) => {
    const date = new Date(post.publishedAt);
    return [
      "<item>",
      `<title>${xml(post.title)}</title>`,
      `<link>${xml(postUrl(origin, post))}</link>`,
      `<guid isPermaLink="true">${xml(postUrl(origin, post))}</guid>`,
      Number.isNaN(date.getTime()) ? "" : `<pubDate>${date.toUTCString()}</pubDate>`,
      post.author ? `<dc:creator>${xml(post.author.name)}</dc:creator>` : "",
      ...post.categories.map((category) => `<category>${xml(category)}</category>`),
      `<description>${xml(post.excerpt)}</description>`,
      "</item>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "<channel>",
    "<title>Tagback Blog</title>",
    `<link>${xml(`${origin}/blog`)}</link>`,
    `<atom:link href="${xml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    "<description>Keeping your belongings safe, and getting them back when they go missing.</description>",
    "<language>en-IN</language>",
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

export function blogSitemap(origin: string, posts: PostPreview[]): string {
  return sitemapXml([
    // The list is as new as its newest post.
    { loc: `${origin}/blog`, lastmod: posts[0]?.publishedAt.slice(0, 10) },
    ...posts.map((post) => ({ loc: postUrl(origin, post), lastmod: post.publishedAt.slice(0, 10) })),
  ]);
}
