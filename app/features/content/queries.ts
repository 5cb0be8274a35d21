// The blog's GROQ queries, written once. The very same strings run against Sanity (through
// @sanity/client) and against the embedded dataset in content/ (through groq-js).
// Drafts are left out explicitly: the embedded export holds them under `drafts.` ids.

const published = `_type == "post" && defined(slug.current) && defined(publishedAt) && !(_id in path("drafts.**"))`;

const image = `{ alt, asset->{ url, metadata { dimensions { width, height } } } }`;

const preview = `{
  _id,
  title,
  "slug": slug.current,
  excerpt,
  publishedAt,
  mainImage ${image},
  author->{ name, image ${image} },
  categories[]->{ title }
}`;

/** Published posts, newest first (the blog list, the landing page's latest posts, RSS, sitemap). */
export const POSTS_QUERY = `*[${published}] | order(publishedAt desc) ${preview}`;

/** The 3 newest posts other than `$slug` ("Recommended Blogs"). */
export const RELATED_POSTS_QUERY = `*[${published} && slug.current != $slug] | order(publishedAt desc) [0...3] ${preview}`;

/** The first post whose slug is `$slug`, with its body (images resolved) and its author's bio. */
export const POST_QUERY = `*[${published} && slug.current == $slug] | order(publishedAt desc) [0] {
  _id,
  title,
  "slug": slug.current,
  excerpt,
  publishedAt,
  mainImage ${image},
  body[] {
    ...,
    _type == "image" => { ..., asset->{ url, metadata { dimensions { width, height } } } }
  },
  author->{ name, role, bio, image ${image} },
  categories[]->{ title }
}`;
