// The XML sitemap format (sitemaps.org), shared by the site's /sitemap.xml and the blog's
// /blog/sitemap.xml so both write their <url> entries the same way.

export type SitemapEntry = {
  /** An absolute URL. */
  loc: string;
  /** yyyy-mm-dd. */
  lastmod?: string;
  changefreq?: "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";
  priority?: string;
  /** The page in each language (`xhtml:link rel="alternate" hreflang`), itself included. */
  alternates?: ReadonlyArray<{ hreflang: string; href: string }>;
};

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

const tag = (name: string, value: string | undefined) => (value === undefined ? "" : `<${name}>${escapeXml(value)}</${name}>`);

const alternate = ({ hreflang, href }: { hreflang: string; href: string }) =>
  `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`;

/**
 * A whole sitemap document: one `<url>` line an entry, its optional parts left out when absent.
 * Entries with alternates (a page's URL in each language) bring the XHTML namespace, as Google's
 * sitemap format for localized pages asks.
 */
export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `<url>${tag("loc", entry.loc)}${tag("lastmod", entry.lastmod)}${tag("changefreq", entry.changefreq)}${tag("priority", entry.priority)}${(entry.alternates ?? []).map(alternate).join("")}</url>`,
  );
  const xhtml = entries.some((entry) => entry.alternates?.length) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>`, ...urls, "</urlset>", ""].join("\n");
}
