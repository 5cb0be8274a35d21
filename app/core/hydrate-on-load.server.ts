// The server's half of hydration on load (hydrate-on-load.ts, decision 019): the document React
// rendered (whole: entry.server.tsx) loses the module preloads <Scripts /> hoists into the <head>,
// and its module script gets a type browsers do not run. Everything else stays as it is.
// It depends on how React Router writes those two tags; if that changes, nothing matches, and the
// page simply hydrates at once as before (an end-to-end test would notice the early requests).
import { HELD_SCRIPT_TYPE } from "./hydrate-on-load";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HYDRATION_SCRIPT = /<script([^>]*) type="module" async="">/g;

export function holdHydrationUntilLoad(html: string): string {
  return html.replace(MODULE_PRELOAD, "").replace(HYDRATION_SCRIPT, `<script$1 type="${HELD_SCRIPT_TYPE}">`);
}
