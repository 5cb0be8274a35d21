// robots.txt: public pages are open to crawlers; the signed-in area, the admin pages and the
// sign-in return are not. (Search result URLs stay crawlable so crawlers see their `noindex`.)
import { getEnv } from "~/core/env.server";

const PRIVATE_PATHS = ["/profile", "/token", "/found", "/lost", "/lost-found", "/messaging", "/settings", "/admin", "/auth/", "/search/"];

export function loader() {
  const origin = getEnv().APP_URL.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    `Sitemap: ${origin}/blog/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
