// The XML sitemap format (sitemaps.org), shared by the site's /sitemap.xml and the blog's
// /blog/sitemap.xml so both write their <url> entries the same way.

export type SitemapEntry = {
  /** An absolute URL. */
  loc: string;
  /** yyyy-mm-dd. */
  lastmod?: string;
  changefreq?: "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";
  priority?: string;
};

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const tag = (name: string, value: string | undefined) => (value === undefined ? "" : `<${name}>${escapeXml(value)}</${name}>`);

/** A whole sitemap document: one `<url>` line an entry, its optional parts left out when absent. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) => `<url>${tag("loc", entry.loc)}${tag("lastmod", entry.lastmod)}${tag("changefreq", entry.changefreq)}${tag("priority", entry.priority)}</url>`,
  );
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join("\n");
}
