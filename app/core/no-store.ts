/**
 * For responses that hold a search result, an owner's details or a secret: never kept by a shared
 * cache or the browser.
 */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;
