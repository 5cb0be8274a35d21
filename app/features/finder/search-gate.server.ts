// The finder search limit, checked in front of React Router (server/app.ts): a search on /, /about
// or /findowner is counted here, and a refused page request gets a small 429 page with
// Retry-After at once, without routing, loading or rendering the page (a flood of refused searches
// costs almost nothing). A refused data request (a client navigation's `.data` fetch, which must
// be answered in React Router's format) goes on with refusedSearchContext set, and the finder's
// loader answers 429 with the message in place. The loader itself never counts.
import { createContext } from "react-router";
import type { Db } from "../../../db/connection";
import { consume } from "~/core/rate-limit.server";
import { NO_STORE } from "~/core/no-store";
import { gzipSync, brotliCompressSync } from "node:zlib";
import type { KeptPage } from "~/core/kept-pages.server";
import { countRefusedSearch } from "./finder-metrics.server";
import { messageIn, type Locale } from "~/i18n/messages";
import { SEARCH_LIMIT } from "./rules";
import { parseSearch, readSearchRequest, searchFormSchema, urlTokenSchema, type SearchQuery, type SearchRequest } from "./search-input";

/** Set for a refused data request: the Retry-After seconds (null: the search was allowed). */
export const refusedSearchContext = createContext<number | null>(null);

/** Whether a path is one of React Router's data requests (answered in its own format). */
export function isDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/** The pages that run the finder search from their URL. */
export const FINDER_PATHS = new Set(["/", "/about", "/findowner"]);

/**
 * The page a path asks for, as React Router matches it, so that every way of asking counts the
 * same: its data requests (a client navigation's fetch) run the same loader at `/about.data`,
 * `/findowner.data` and `/_.data` (for `/`); and it matches a path decoded, in any case and with
 * any trailing slashes, so `//`, `/About/` and `/%61bout` are the pages `/` and `/about`.
 */
function pagePathOf(pathname: string): string {
  // Nearly every request names its page exactly (a scan is `/`): no decoding on the hot path.
  if (FINDER_PATHS.has(pathname)) return pathname;
  const page = pathname.endsWith("/_.data") ? pathname.slice(0, -"_.data".length) : isDataRequest(pathname) ? pathname.slice(0, -".data".length) : pathname;
  let decoded = page;
  try {
    // Segment by segment, like React Router: an encoded slash stays inside its segment.
    decoded = page.split("/").map((segment) => decodeURIComponent(segment).replaceAll("/", "%2F")).join("/");
  } catch {
    // A broken escape: server/main.ts refuses such a path; React Router would match it undecoded.
  }
  return decoded.toLowerCase().replace(/\/+$/, "") || "/";
}

/** A search that was counted: how it was asked and what (null for a demo search). */
export type GatedSearch = { kind: Exclude<SearchRequest["kind"], "none" | "invalid-type">; query: SearchQuery | null };

export type SearchGate = { allowed: true; search: GatedSearch | null } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts the search a GET of `url` asks for, if any. Only a search that would be run is counted:
 * an address without one, an unknown type or a malformed number is not (the page explains those).
 */
export async function gateSearch(db: Db, url: URL, clientKey: string): Promise<SearchGate> {
  if (!FINDER_PATHS.has(pagePathOf(url.pathname))) return { allowed: true, search: null };
  const request = readSearchRequest(url.searchParams);
  if (request.kind === "none" || request.kind === "invalid-type") return { allowed: true, search: null };
  let query: SearchQuery | null = null;
  if (request.kind !== "demo") {
    const submission = parseSearch(request.fields, request.kind === "sticker" ? urlTokenSchema : searchFormSchema);
    if (submission.status !== "success") return { allowed: true, search: null };
    query = submission.value;
  }
  const { allowed, retryAfterSeconds } = await consume(db, SEARCH_LIMIT, clientKey);
  if (allowed) return { allowed: true, search: { kind: request.kind, query } };
  countRefusedSearch();
  return { allowed: false, retryAfterSeconds };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The refused search's answer: the spec's message on a page of its own, a link home, in the
 * finder's language (worked out from the same headers as middleware/i18n.ts, which has not run).
 * The same bytes for everyone in a language, so made and compressed once per language and sent
 * like a kept page (core/kept-pages.server.ts); only Retry-After is the request's own.
 */
export function refusedSearchPage(stylesheet: string, locale: Locale = "en"): KeptPage {
  const key = `${locale} ${stylesheet}`;
  let page = refusedPages.get(key);
  if (!page) refusedPages.set(key, (page = makeRefusedSearchPage(stylesheet, locale)));
  return page;
}

const refusedPages = new Map<string, KeptPage>();

function makeRefusedSearchPage(stylesheet: string, locale: Locale): KeptPage {
  const { title, description } = messageIn(locale, "finder.tooManySearches");
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)} | Tagback</title>
<link rel="stylesheet" href="${escape(stylesheet)}"></head>
<body class="bg-slate-50 text-slate-900"><main class="mx-auto max-w-md p-6">
<div role="alert" data-testid="search-alert" class="rounded-lg border border-amber-300 bg-amber-50 p-4">
<h1 class="text-lg font-semibold">${escape(title)}</h1><p class="mt-1">${escape(description ?? "")}</p></div>
<p class="mt-4"><a class="text-blue-700 underline" href="/">${escape(messageIn(locale, "site.returnHome").title)}</a></p>
</main></body></html>`;
  const identity = Buffer.from(html, "utf8");
  return {
    status: 429,
    route: "search-refused",
    headers: [
      ...Object.entries(NO_STORE),
      ["Content-Type", "text/html; charset=utf-8"],
      ["Vary", "Accept-Language, Cookie"],
      ["Content-Language", locale],
    ],
    scriptHashes: [],
    identity,
    gzip: gzipSync(identity),
    br: brotliCompressSync(identity),
  };
}
