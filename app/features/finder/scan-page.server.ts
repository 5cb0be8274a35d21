// The sticker scan answered like a static file (decision 029). A scan (`/?t=TOKEN`, the QR code's
// address) by an anonymous finder is answered in front of React Router (server/app.ts): after the
// search limit, one lookup, and when this owner's page — as it shows now, in this language — is
// kept (core/kept-pages.server.ts), the visit is logged and the kept bytes are sent. Otherwise the
// request goes on to React Router, which renders the page and keeps it for the next finder
// (entry.server.tsx, under the key scanPageKey gives its data).
// The page is the same for every finder of that owner: the visit's ticket is in the finder's
// cookie (location-ticket.server.ts), the search limit's state is not in the page, and what the
// unlock form offers this client is part of what is shown, hence of the key.
import type { Db } from "../../../db/connection";
import { keptKey, keptPages, type KeptPage } from "~/core/kept-pages.server";
import type { FinderSearchResult } from "./finder";
import { countSearch } from "./finder-metrics.server";
import { visitsCookieWith } from "./location-ticket.server";
import { countBotSearch } from "./search-history.server";
import { lookUpSearch, recordVisit, type LookedUp } from "./owner-search.server";
import type { GatedSearch } from "./search-gate.server";
import { isAutomated } from "./visitor";

/**
 * The scan's search when a (canonical) URL is a plain sticker scan: `/` with the token as its only
 * parameter.
 */
export function plainScan(url: URL, search: GatedSearch | null): GatedSearch["query"] {
  if (url.pathname !== "/" || search?.kind !== "sticker" || !search.query) return null;
  return url.searchParams.size === 1 ? search.query : null;
}

/** What a result page is kept by: its language, URL and the result as the page shows it. */
export function scanPageKey(locale: string, url: URL, shown: FinderSearchResult): string {
  return keptKey("scan", locale, url, JSON.stringify(shown));
}

export type ScanRequest = {
  url: URL;
  query: NonNullable<GatedSearch["query"]>;
  locale: string;
  method: string;
  header: (name: string) => string | undefined;
  clientIp: string;
  clientKey: string;
};

/**
 * The kept page of this scan with the visit logged (and the Set-Cookie that gives the finder its
 * ticket), or, when the page is not kept, the key it would be kept by and the lookup: React
 * Router renders the page, its loader taking that lookup (owner-search.server.ts lookedUpContext).
 */
export async function keptScan(db: Db, scan: ScanRequest, pages = keptPages): Promise<{ page: KeptPage; setCookie?: string } | { page: null; key: string; lookedUp: LookedUp }> {
  const { query } = scan;
  const automated = isAutomated(scan.method, scan.header);
  const lookedUp = await lookUpSearch(db, query, { clientKey: scan.clientKey });
  const { result, ownerId } = lookedUp;
  // The shape the finder's loader gives the page (finder-route.server.ts): a person's scan of an owner is a visit.
  const shown: FinderSearchResult = { ...result, visit: ownerId !== null && !automated, query, demoUnmasked: false };
  const key = scanPageKey(scan.locale, scan.url, shown);
  const page = pages.get(key);
  if (!page) return { page: null, key, lookedUp };
  countSearch("sticker", result.profile.kind, automated);
  if (ownerId === null) return { page };
  if (automated) {
    await countBotSearch(db, ownerId);
    return { page };
  }
  const visitId = await recordVisit(db, ownerId, query, { ip: scan.clientIp, clientKey: scan.clientKey });
  return { page, setCookie: await visitsCookieWith(visitId, scan.header("cookie")) };
}
