import type { PostPreview } from "./types";

/** The longest search the blog takes; longer text is cut (it could match nothing anyway). */
export const BLOG_SEARCH_MAX = 100;

/** Case-insensitive plain substring match on title, excerpt and category titles (spec 001 §2). */
export function matchesSearch(post: PostPreview, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [post.title, post.excerpt, ...post.categories].some((text) => text.toLowerCase().includes(needle));
}
