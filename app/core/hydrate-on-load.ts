// Hydration after the page has loaded, for the landing pages (/, /about, /findowner; decision 019).
// React Router's <Scripts /> asks for the whole client (~200 KB compressed, 30 modules) from the
// <head>, so on a slow link it shares the bandwidth with the HTML, the CSS and the hero picture
// before anything is painted. These pages work as HTML without JavaScript, so the client can wait:
// the server holds the hydration script back (hydrate-on-load.server.ts) and the inline script
// below starts it once the document and its pictures have loaded.
import type { RouteHandle } from "~/core/route-handle";

/** The type the server gives React Router's hydration module script so that it does not run yet. */
export const HELD_SCRIPT_TYPE = "text/x-hydrate-on-load";

/**
 * How the server sends a document, from its routes' handles and loader data (see RouteHandle in
 * core/route-handle.ts): hydrated at once, at the load event, or not at all (a search result,
 * decision 017; a page that needs no script). The root renders by it and entry.server.tsx streams
 * by it.
 */
export function documentHydration(routes: ReadonlyArray<readonly [handle: unknown, loaderData: unknown]>): "now" | "on-load" | "none" {
  const handles = routes.map(([handle, loaderData]) => [handle as RouteHandle | undefined, loaderData] as const);
  if (handles.some(([handle, loaderData]) => handle?.hydrate === false || handle?.resultPage?.(loaderData) === true)) return "none";
  return handles.some(([handle]) => handle?.hydrate === "on-load") ? "on-load" : "now";
}

/**
 * At the load event, each held script becomes the module script it was (with its nonce, which the
 * policy asks of inline scripts). In the browser React creates scripts that never run, so after a
 * client navigation this is inert.
 */
export const RELEASE_ON_LOAD = `addEventListener("load",function(){document.querySelectorAll('script[type="${HELD_SCRIPT_TYPE}"]').forEach(function(held){var script=document.createElement("script");script.type="module";script.async=true;script.nonce=held.nonce;script.textContent=held.textContent;held.replaceWith(script)})},{once:true})`;
