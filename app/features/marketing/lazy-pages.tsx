// The marketing parts of / and /about, loaded on their own in the browser: a sticker scan renders
// only the owner's result and the search (the routes leave these parts out), so a finder's phone
// never has to download them, while a visitor's browser fetches them as the page hydrates (React
// keeps the server's HTML in place until then, so nothing moves). The server imports the module
// before it renders, so its HTML always holds every section (also for visitors without JavaScript).
import { lazy } from "react";

const load = () => import("./pages");
const serverPages = import.meta.env.SSR ? await load() : null;

function lazyPart<K extends "LandingTop" | "LandingRest" | "AboutTop" | "AboutRest">(name: K) {
  if (serverPages) return serverPages[name];
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const Parts = {
  LandingTop: lazyPart("LandingTop"),
  LandingRest: lazyPart("LandingRest"),
  AboutTop: lazyPart("AboutTop"),
  AboutRest: lazyPart("AboutRest"),
};

// No <Suspense> around them: React's server renderer moves a large boundary's content to the end
// of the stream behind a script (progressiveChunkSize), which a browser without JavaScript never
// runs. Without a boundary, hydration of the page waits for the module, keeping the server's
// HTML, and a navigation to the page keeps showing the previous one until the module is there.
export const { LandingTop, LandingRest, AboutTop, AboutRest } = Parts;

/**
 * On a result page: fetch the marketing parts once the browser is idle, so closing the dialog
 * shows the full page at once. Not when the visitor asked to save data.
 */
export function preloadMarketing() {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 2000));
  idle(() => void load());
}
