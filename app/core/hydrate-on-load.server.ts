// The server's half of hydration on load (hydrate-on-load.ts, decision 019): the document React
// renders passes through this stream, which drops the module preloads <Scripts /> hoists into the
// <head> and gives its module script a type browsers do not run. Everything else passes unchanged.
// It depends on how React Router writes those two tags; if that changes, nothing matches, and the
// page simply hydrates at once as before (an end-to-end test would notice the early requests).
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { HELD_SCRIPT_TYPE } from "./hydrate-on-load";

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;
const HYDRATION_SCRIPT = /<script([^>]*) type="module" async="">/g;

const hold = (html: string) => html.replace(MODULE_PRELOAD, "").replace(HYDRATION_SCRIPT, `<script$1 type="${HELD_SCRIPT_TYPE}">`);

export function holdHydrationUntilLoad(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      // A tag cut by the end of a chunk waits for the rest of it.
      const lastOpen = text.lastIndexOf("<");
      const end = lastOpen > text.lastIndexOf(">") ? lastOpen : text.length;
      pending = text.slice(end);
      callback(null, hold(text.slice(0, end)));
    },
    flush(callback) {
      callback(null, hold(pending + decoder.end()));
    },
  });
}
