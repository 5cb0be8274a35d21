import { expect, test } from "vitest";
import { sitemapXml } from "./sitemap";

test("each entry is one <url> line with only the parts it has, text escaped", () => {
  const xml = sitemapXml([
    { loc: "https://tagback.app/", changefreq: "weekly", priority: "1.0" },
    { loc: "https://tagback.app/blog/a&b", lastmod: "2025-08-19" },
  ]);
  expect(xml).toBe(
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      "<url><loc>https://tagback.app/</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>",
      "<url><loc>https://tagback.app/blog/a&amp;b</loc><lastmod>2025-08-19</lastmod></url>",
      "</urlset>",
      "",
    ].join("\n"),
  );
});

test("a page in several languages: the namespace, and each URL listing every alternate", () => {
  const alternates = [
    { hreflang: "ta", href: "https://tagback.app/findowner?hl=ta" },
    { hreflang: "x-default", href: "https://tagback.app/findowner" },
  ];
  const xml = sitemapXml(alternates.map(({ href }) => ({ loc: href, alternates })));
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
  expect(xml).toContain(
    '<url><loc>https://tagback.app/findowner?hl=ta</loc><xhtml:link rel="alternate" hreflang="ta" href="https://tagback.app/findowner?hl=ta"/><xhtml:link rel="alternate" hreflang="x-default" href="https://tagback.app/findowner"/></url>',
  );
});
