// What a route module's `handle` tells the root's document (root.tsx) and the server's renderer
// (entry.server.tsx). Routes, features and core all name this type, so it lives here rather than in
// the root route.

/**
 * Route modules that need no interactivity set `handle = { hydrate: false }`: no scripts are sent.
 * `hydrate: "on-load"` (the landing pages): hydrated once the document has loaded, so the client's
 * modules do not compete with the first paint (core/hydrate-on-load.ts, decision 019).
 * `resultPage(loaderData)` true marks a search result (a sticker scan): a small header and footer,
 * so the owner comes first in as few bytes as possible, and no hydration either — the page works
 * as HTML, and one small script (features/finder/result-page.browser.ts) adds the comforts,
 * loaded after the owner is painted (decision 017).
 * `renderCache(loaderData)`: the values of its own each request puts in a page that is not
 * hydrated, or null; given, the rendered HTML is kept by URL and data and reused for anonymous
 * visitors (core/render-cache.server.ts, decision 021).
 * `contentPage` (blog, puzzle, legal pages): a signed-in visitor gets the floating widget there
 * (spec 001 §2) — Contact us, Buy Stickers and, on a phone, the way back to their own pages.
 * `blogSection(loaderData)` true: the page shows the landing page's blog section (`/#blog`), which
 * is left out when the blog answers nothing. Only then does the header's menu link that section;
 * elsewhere its Blog entry is the blog itself, so it never leads to a section that is not there.
 */
export type RouteHandle = {
  hydrate?: boolean | "on-load";
  resultPage?: (loaderData: unknown) => boolean;
  contentPage?: boolean;
  renderCache?: (loaderData: unknown) => string[] | null;
  blogSection?: (loaderData: unknown) => boolean;
};
