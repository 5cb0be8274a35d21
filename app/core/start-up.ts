// React's start-up must not cancel what a person already did on the server's HTML (issue 34).
// On a slow phone a person taps "Mark as Recovered" or "Send" before the scripts have arrived: the
// browser starts a plain form post (or follows a link). When React Router then starts, it writes
// the history entry's state (history.replaceState), and a same-document history change cancels a
// cross-document navigation still waiting for its answer: the tap is lost, the page stays.
// So the document notes, from its first bytes, that it is being left (`beforeunload` fires when a
// navigation starts, before its request is sent), and app/entry.client.tsx does not start the
// router on a page being left. If the page stays after all (a download, a 204, the person pressed
// stop), the next touch, key or focus starts it.

/** The window property the inline script sets when a navigation away from the document starts. */
export const LEAVING_FLAG = "__tagbackLeaving";

/**
 * Inline in <head> of every hydrated document, before any module script can run. It also writes,
 * at once, the history entry's state that React Router's start-up would write (its `idx`, and the
 * `key` ScrollRestoration's script would write): with them already there, neither calls
 * history.replaceState at start-up. That closes the window the flag cannot: a tap made after
 * app/entry.client.tsx began to hydrate but before the router was made (under load, hundreds of
 * milliseconds) started a navigation that the router's replaceState then cancelled.
 */
export const WATCH_LEAVING =
  `addEventListener("beforeunload",function(){window.${LEAVING_FLAG}=true});` +
  `(function(){var s=history.state;if(!s||s.idx==null||!s.key)history.replaceState(Object.assign({key:Math.random().toString(32).slice(2)},s,{idx:s&&s.idx!=null?s.idx:0}),"")})()`;
