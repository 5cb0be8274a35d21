// The blog's numbers (spec §9, landing spec §7).

/** Content results are kept this long on the server (the spec's 5-minute stale time). */
export const CONTENT_CACHE_MS = 5 * 60 * 1000;
/** Retries of a failed content query before the page shows its error state. */
export const CONTENT_RETRIES = 2;
/** "Recommended Blogs" under a post. */
export const RELATED_POSTS = 3;
/** Latest posts on the landing page. */
export const LANDING_POSTS = 3;
/** The blog's dataset when SANITY_DATASET is unset. */
export const DEFAULT_DATASET = "production";
/** Sanity's API version the client asks for (published perspective by default). */
export const SANITY_API_VERSION = "2025-02-19";
