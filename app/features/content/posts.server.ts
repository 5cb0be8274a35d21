// Blog posts for the pages that show them (the blog, a post, the landing page, RSS, the sitemap).
// Query results are checked and normalised here: whatever the content service holds, a component
// receives the shapes of types.ts.
import { imageUrl } from "./images";
import { POST_QUERY, POSTS_QUERY, RELATED_POSTS_QUERY } from "./queries";
import { contentSource, runQuery, type ContentSource } from "./source.server";
import type { Author, ContentImage, PortableBlock, Post, PostPreview } from "./types";

export type { Post, PostPreview } from "./types";

/** Published posts, newest first. Throws a ContentError when the content service fails. */
export async function listPosts(source: ContentSource = contentSource()): Promise<PostPreview[]> {
  const result = await runQuery(source, POSTS_QUERY);
  return asArray(result).map(toPreview).filter((post) => post !== null);
}

/** The post with this slug, or null. Throws a ContentError when the content service fails. */
export async function findPost(slug: string, source: ContentSource = contentSource()): Promise<Post | null> {
  if (!slug) return null; // an empty slug never reaches the service (spec §5)
  const result = await runQuery(source, POST_QUERY, { slug });
  return toPost(result);
}

/** The 3 newest posts other than `slug`. Throws a ContentError when the content service fails. */
export async function relatedPosts(slug: string, source: ContentSource = contentSource()): Promise<PostPreview[]> {
  const result = await runQuery(source, RELATED_POSTS_QUERY, { slug });
  return asArray(result).map(toPreview).filter((post) => post !== null);
}

/**
 * The `count` newest posts for the landing page. Never throws: on any failure it answers null and
 * the landing page hides its blog section (and is not kept that way: decision 029).
 */
export async function latestPosts(count: number, source?: ContentSource): Promise<PostPreview[] | null> {
  try {
    return (await listPosts(source ?? contentSource())).slice(0, Math.max(0, count));
  } catch (error) {
    console.warn("latest blog posts unavailable:", error instanceof Error ? error.message : error);
    return null;
  }
}

// ---- normalising raw results ----

type Raw = Record<string, unknown>;

function isObject(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** `{ alt, asset: { url, metadata: { dimensions } } }` to a ContentImage, or null without a URL. */
export function toImage(value: unknown, fallbackAlt: string): ContentImage | null {
  if (!isObject(value) || !isObject(value.asset)) return null;
  const url = text(value.asset.url);
  if (!url) return null;
  const dimensions = isObject(value.asset.metadata) && isObject(value.asset.metadata.dimensions) ? value.asset.metadata.dimensions : {};
  const width = typeof dimensions.width === "number" ? dimensions.width : 1200;
  const height = typeof dimensions.height === "number" ? dimensions.height : 630;
  return { url: imageUrl(url, Math.min(width, 1200)), alt: text(value.alt) || fallbackAlt, width, height };
}

function categoriesOf(value: unknown): string[] {
  return asArray(value)
    .map((category) => (isObject(category) ? text(category.title) : ""))
    .filter(Boolean);
}

function toPreview(value: unknown): PostPreview | null {
  if (!isObject(value) || !text(value.slug) || !text(value.title)) return null;
  const author = isObject(value.author) && text(value.author.name) ? value.author : null;
  return {
    id: text(value._id) || text(value.slug),
    title: text(value.title),
    slug: text(value.slug),
    excerpt: text(value.excerpt),
    mainImage: toImage(value.mainImage, text(value.title)),
    author: author ? { name: text(author.name), avatar: toImage(author.image, text(author.name)) } : null,
    categories: categoriesOf(value.categories),
    publishedAt: text(value.publishedAt),
  };
}

function toBio(value: unknown): Author["bio"] {
  if (typeof value === "string") return value || null;
  if (Array.isArray(value)) return value.filter(isObject) as PortableBlock[];
  if (isObject(value) && typeof value._type === "string") return [value as PortableBlock];
  return null;
}

function toPost(value: unknown): Post | null {
  const preview = toPreview(value);
  if (!preview || !isObject(value)) return null;
  const author = isObject(value.author) && text(value.author.name) ? value.author : null;
  return {
    ...preview,
    author: author
      ? { name: text(author.name), role: text(author.role) || null, avatar: toImage(author.image, text(author.name)), bio: toBio(author.bio) }
      : null,
    body: asArray(value.body).filter((block): block is PortableBlock => isObject(block) && typeof block._type === "string"),
  };
}
