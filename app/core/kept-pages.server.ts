// Pages kept rendered and precompressed (decision 029). A sticker scan of one owner, the landing
// page, /about, the blog: for anonymous visitors in one language such a page is the same bytes
// every time, so it is rendered once, compressed once (gzip and brotli, in libuv's thread pool, off
// the event loop) and then sent as a buffer in front of React Router (server/app.ts):
// - a scan's page is kept by what it shows: its URL, language and the search result as the page
//   shows it (features/finder/scan-page.server.ts), so an owner's edit is on the very next scan
//   with nothing to invalidate, in no process (decision 021's idea);
// - another page by URL and language, for PAGE_TTL_MS: what it shows beyond its URL comes from the
//   content service, whose answers are themselves kept that long (features/content/source.server.ts).
// Nothing per request is in a kept page: no nonce (its inline scripts are allowed by their hashes,
// kept with the page), no ticket (the finder's visit is in a cookie). Per process, least recently
// used out, within KEPT_MAX_BYTES counted as the buffers' lengths plus the key's.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createContext } from "react-router";

/** How long a kept page is used: the content service's cache time, and it bounds the footer's year. */
export const PAGE_TTL_MS = 5 * 60 * 1000;
/** Memory for kept pages per process: a scan page is ~6 KB of HTML, ~2 KB in each compression. */
export const KEPT_MAX_BYTES = 8 * 1024 * 1024;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export type KeptPage = {
  status: number;
  /** The route pattern React Router matched when it rendered the page: the request log's and metrics' label. */
  route: string;
  /** The response's own headers (Content-Type, Content-Language, Vary, Cache-Control). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The CSP hashes ('sha256-…') of the page's inline scripts. */
  scriptHashes: readonly string[];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
};

/** The Content-Security-Policy header (name and value) of this request, with extra script hashes. */
export type PolicyWith = (scriptHashes: readonly string[]) => readonly [string, string];

/**
 * Set by server/app.ts for a request whose page was not kept but may be: entry.server.tsx renders
 * it without a nonce and keeps it, when its route says so (RouteHandle.keep).
 */
export type KeepRequest = {
  kind: "page" | "scan";
  locale: string;
  policyWith: PolicyWith;
  /** Filled by entry.server.tsx when it rendered the page to keep; server/app.ts keeps it with the final headers. */
  rendered?: { key: string; html: string; scriptHashes: string[] };
};
export const keepContext = createContext<KeepRequest | null>(null);

// The cookies that do not change what a page shows: the language (part of the key) and the
// finder's visits (location-ticket.server.ts). Any other of ours (a session, a toast, developer
// mode) means the page is rendered for that request.
const OWN_COOKIE = /(?:^|;\s*)(tb_\w+)=/g;
const SHOWS_NOTHING = new Set(["tb_lang", "tb_visits"]);

/** Whether a request with these cookies sees what every anonymous visitor sees. */
export function seesWhatAnyoneSees(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  for (const [, name] of cookieHeader.matchAll(OWN_COOKIE)) if (!SHOWS_NOTHING.has(name!)) return false;
  return true;
}

type Entry = KeptPage & { expires: number; bytes: number };

/** What a page is kept by: its language and URL, and for a page that shows data, that data. */
export function keptKey(kind: "page" | "scan", locale: string, url: URL, shown = ""): string {
  return `${kind} ${locale} ${url.pathname}${url.search}\n${shown}`;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP hash of every inline script in a document: what allows them without a nonce. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (text) hashes.add(`sha256-${createHash("sha256").update(text).digest("base64")}`);
  }
  return [...hashes];
}

export class KeptPages {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  readonly #maxBytes: number;

  constructor(maxBytes = KEPT_MAX_BYTES) {
    this.#maxBytes = maxBytes;
  }

  get(key: string, now = Date.now()): KeptPage | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expires <= now) {
      this.#bytes -= entry.bytes;
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, page: KeptPage, ttlMs: number, now = Date.now()) {
    const bytes = key.length + page.identity.length + page.gzip.length + page.br.length;
    if (bytes > this.#maxBytes) return;
    this.delete(key);
    this.#entries.set(key, { ...page, expires: now + ttlMs, bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear() {
    this.#entries.clear();
    this.#bytes = 0;
  }

  get size() {
    return this.#entries.size;
  }

  get bytes() {
    return this.#bytes;
  }
}

/** This process's kept pages. */
export const keptPages = new KeptPages();

/**
 * Compresses a rendered page (in the thread pool: the event loop goes on serving) and keeps it.
 * Brotli at quality 9: within a few percent of 11 at a fraction of its time.
 */
export async function keepPage(key: string, html: string, page: Omit<KeptPage, "identity" | "gzip" | "br">, ttlMs: number, pages = keptPages): Promise<void> {
  const identity = Buffer.from(html, "utf8");
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: 9 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
  ]);
  pages.set(key, { ...page, identity, gzip: gzipped, br: brotlied }, ttlMs);
}
