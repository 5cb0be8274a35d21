/**
 * Sanity's image CDN serves any width in the browser's best format (spec 001 §7: "auto format");
 * our own SVGs and any other URL are used as they are.
 */
export function imageUrl(url: string, width?: number): string {
  if (!url.startsWith("https://cdn.sanity.io/")) return url;
  const sized = new URL(url);
  sized.searchParams.set("auto", "format");
  sized.searchParams.set("fit", "max");
  if (width) sized.searchParams.set("w", String(width));
  return sized.toString();
}
