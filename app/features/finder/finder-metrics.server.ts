// What the operator counts of the finder search: every search that ran (a sticker scan above all)
// and every search refused by the per-client limit. Labels are the kinds the search already knows
// (how it was asked, what it found, person or software), never the number searched for.
import { counter } from "~/core/metrics.server";
import type { PublicProfile } from "./public-profile";
import type { SearchRequest } from "./search-input";

const searches = counter({
  name: "tagback_finder_searches_total",
  help: 'Finder searches answered, by how they were asked (kind="sticker": a QR scan), what they found and who asked (bots, link previews and prefetches are "software")',
  labelNames: ["kind", "result", "visitor"],
});

const refused = counter({
  name: "tagback_finder_searches_refused_total",
  help: "Finder searches refused with 429 by the per-client search limit, before any lookup",
});

export function countSearch(kind: Exclude<SearchRequest["kind"], "none" | "invalid-type">, result: PublicProfile["kind"], automated: boolean) {
  searches.inc({ kind, result, visitor: automated ? "software" : "person" });
}

export function countRefusedSearch() {
  refused.inc();
}
