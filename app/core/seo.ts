// Link previews for public pages: Open Graph and Twitter card tags with our share image
// (public/images/share.jpg, drawn by scripts/marketing-images.ts) and a canonical URL. Crawlers
// need absolute URLs, so they start with APP_URL, which the root loader sends as `siteUrl`.

type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** APP_URL as the root loader sent it (no trailing slash). */
export function siteUrlOf(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: unknown } | undefined;
  return typeof root?.siteUrl === "string" ? root.siteUrl.replace(/\/$/, "") : "";
}

export const SHARE_IMAGE = { path: "/images/share.jpg", width: 1200, height: 630, alt: "Tagback: QR stickers that bring lost things home" };

/** The tags that make a shared link look like Tagback: title, description, picture. */
export function shareMeta({ title, description, path, siteUrl }: { title: string; description: string; path: string; siteUrl: string }) {
  const url = `${siteUrl}${path}`;
  const image = `${siteUrl}${SHARE_IMAGE.path}`;
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Tagback" },
    { property: "og:locale", content: "en_IN" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: SHARE_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:site", content: "@tagbackapp" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];
}
