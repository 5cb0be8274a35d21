// The shapes the blog's pages and the landing page read, whatever the content source answered.
// Raw query results are normalised into these in posts.server.ts, so a missing field is a null here,
// never a crash in a component.

/** An image to render: a URL the browser can load, its alt text and its intrinsic size. */
export type ContentImage = { url: string; alt: string; width: number; height: number };

export type PostPreview = {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  mainImage: ContentImage | null;
  author: { name: string; avatar: ContentImage | null } | null;
  categories: string[];
  /** ISO date-time. */
  publishedAt: string;
};

/** Portable Text blocks as the content service stores them; @portabletext/react renders them. */
export type PortableBlock = { _type: string; _key?: string; [field: string]: unknown };

export type Author = {
  name: string;
  role: string | null;
  avatar: ContentImage | null;
  /** The spec allows a plain string, rich text (blocks) or a single block. */
  bio: string | PortableBlock[] | null;
};

export type Post = Omit<PostPreview, "author"> & {
  author: Author | null;
  body: PortableBlock[];
};
