// The sitemap of the site's own pages; the blog's posts are in /blog/sitemap.xml (robots.txt
// names both).
import { getEnv } from "~/core/env.server";
import { sitemapXml } from "~/core/sitemap";

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
  const body = sitemapXml(SITEMAP_PAGES.map((page) => ({ loc: origin + page.path, changefreq: page.changefreq, priority: page.priority })));
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
