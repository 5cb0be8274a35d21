// The sitemap of the site's own pages; the blog's posts are in /blog/sitemap.xml (robots.txt
// names both). A finder's page with a URL per language (core/seo.ts LANGUAGE_PAGES) is listed at
// each of them (`?hl=ta`, …, and the URL without `hl`, the x-default), each naming all the others.
import { getEnv } from "~/core/env.server";
import { LANGUAGE_PAGES, languageAlternates } from "~/core/seo";
import { sitemapXml, type SitemapEntry } from "~/core/sitemap";

/** Public pages worth a search engine's visit, with how often they change. */
export const SITEMAP_PAGES = [
  { path: "/", changefreq: "weekly", priority: "1.0" },
  { path: "/about", changefreq: "monthly", priority: "0.8" },
  { path: "/findowner", changefreq: "monthly", priority: "0.8" },
  { path: "/blog", changefreq: "weekly", priority: "0.7" },
  { path: "/puzzle", changefreq: "monthly", priority: "0.4" },
  { path: "/privacy-policy", changefreq: "yearly", priority: "0.3" },
  { path: "/terms-and-conditions", changefreq: "yearly", priority: "0.3" },
  { path: "/refund-policy", changefreq: "yearly", priority: "0.3" },
] as const;

export function loader() {
  const origin = getEnv().APP_URL.replace(/\/$/, "");
  const entries = SITEMAP_PAGES.flatMap((page): SitemapEntry[] => {
    const { changefreq, priority } = page;
    if (!(LANGUAGE_PAGES as readonly string[]).includes(page.path)) return [{ loc: origin + page.path, changefreq, priority }];
    const alternates = languageAlternates(page.path, origin);
    // The x-default first, where the page always was; then each language's URL.
    return [...alternates].reverse().map(({ href }) => ({ loc: href, changefreq, priority, alternates }));
  });
  const body = sitemapXml(entries);
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
