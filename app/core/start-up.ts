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

/** Inline in <head> of every hydrated document, before any module script can run. */
export const WATCH_LEAVING = `addEventListener("beforeunload",function(){window.${LEAVING_FLAG}=true})`;
