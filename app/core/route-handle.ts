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
 * `keep(loaderData)`: the page is the same for every anonymous visitor in a language, so it is
 * kept rendered and precompressed (core/kept-pages.server.ts, decision 029). It answers what the
 * page shows beyond its URL and language ("" when nothing: a page kept for PAGE_TTL_MS; a search
 * result's data as JSON: a scan's page, kept by it), or null: render this one for its visitor.
 * `contentPage` (blog, puzzle, legal pages): a signed-in visitor gets the floating widget there
 * (spec 001 §2) — Contact us, Buy Stickers and, on a phone, the way back to their own pages.
 * `blogSection(loaderData)` true: the page shows the landing page's blog section (`/#blog`), which
 * is left out when the blog answers nothing. Only then does the header's menu link that section;
 * elsewhere its Blog entry is the blog itself, so it never leads to a section that is not there.
 * `draftForm`: the id of the page's form where a person writes something long ("I found this"). The
 * language switch's buttons then submit that form, draft included, to the page's own action, which
 * answers with the same draft in the chosen language (components/language-switch.tsx, issue 34).
 */
export type RouteHandle = {
  hydrate?: boolean | "on-load";
  resultPage?: (loaderData: unknown) => boolean;
  contentPage?: boolean;
  keep?: (loaderData: unknown) => string | null;
  blogSection?: (loaderData: unknown) => boolean;
  draftForm?: string;
};

/** `keep` of a page that shows nothing beyond its URL, its language and published content. */
export const sameForAnyone = () => "";
