// Pages kept rendered and precompressed (decisions 029 and 031). A sticker scan of one owner, the
// landing page, /about, the blog: for anonymous visitors in one language such a page is the same
// bytes every time, so it is rendered once, compressed once (gzip and brotli, in libuv's thread
// pool, off the event loop) and then sent as a buffer in front of React Router (server/app.ts):
// - a scan's page is kept by what it shows: its URL, language and the search result as the page
//   shows it (features/finder/scan-page.server.ts), so an owner's edit is on the very next scan
//   with nothing to invalidate, in no process (decision 021's idea);
// - another page by URL and language, for PAGE_TTL_MS: what it shows beyond its URL comes from the
//   content service, whose answers are themselves kept that long (features/content/source.server.ts).
// Nothing per request is in a kept page: no nonce (its inline scripts are allowed by their hashes,
// kept with the page), no ticket (the finder's visit is in a cookie). Per process, least recently
// used out, within KEPT_MAX_BYTES counted as the buffers' lengths plus the key's, and the
// compressions under way counted before they finish.
// Bounded under junk traffic (decision 031): a page is known by its canonical URL, with only the
// query parameters a page reads (canonicalUrl; server/app.ts renders it at that URL); it is kept
// only when asked for a second time within PAGE_TTL_MS (a real scan is nearly always its owner's
// first in minutes: rendered for that request and compressed cheaply on the way out, which costs
// less than keeping it); and at most MAX_KEEPING compressions run at once (each encoder holds its
// memory from the moment it is made).
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createContext } from "react-router";
import { counter, gauge } from "./metrics.server";
import { isLocale, LANGUAGE_PARAMETER } from "./locale";

/** How long a kept page is used: the content service's cache time, and it bounds the footer's year. */
export const PAGE_TTL_MS = 5 * 60 * 1000;
/** Memory for kept pages per process: a scan page is ~43 KB of HTML, ~10 KB in each compression. */
export const KEPT_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Pages compressed for keeping at once; a page that would be kept beyond it is not (it was sent
 * already). libuv has 4 threads, which password hashes and file reads need too.
 */
export const MAX_KEEPING = 2;
/** Pages asked for once that are remembered (a hash each, ~100 bytes), so that a second ask keeps. */
export const ASKED_ONCE_MAX = 20_000;
/**
 * Brotli's quality for kept pages. Measured on the 43 KB result page: quality 5 costs 0.53 ms and
 * is 1 % larger than quality 9, which costs 9.9 ms (and 11 another 40 ms).
 */
const BROTLI_QUALITY = 5;

/**
 * The query parameters any kept page reads: the finder's search (features/finder/search-input.ts,
 * the demo's `unmasked`), the blog's `q` and a post's `author`. Others (`utm_…`, `fbclid`, junk)
 * change nothing on the page, so they make no page of their own (canonicalUrl). The page's
 * language by URL (`hl`, core/locale.ts) is kept too, but only when it names one of our languages:
 * `?hl=xx` is ignored by the page, so it is no page of its own either.
 */
const READ_PARAMETERS = new Set(["t", "token", "owner", "type", "number", "demo", "unmasked", "q", "author"]);

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

/** A page rendered alike for anyone and not kept: its HTML's bytes, to compress for each request. */
export type RenderedPage = Omit<KeptPage, "identity" | "gzip" | "br"> & { body: Buffer };

/** The Content-Security-Policy header (name and value) of this request, with extra script hashes. */
export type PolicyWith = (scriptHashes: readonly string[]) => readonly [string, string];

/**
 * Set by server/app.ts for a request whose page was not kept but may be: entry.server.tsx renders
 * it whole and without a nonce when its routes say it is alike for anyone (RouteHandle.keep).
 */
export type KeepRequest = {
  kind: "page" | "scan";
  locale: string;
  policyWith: PolicyWith;
  /** Asked for before within PAGE_TTL_MS: keep it (KeptPages.askedBefore). */
  keep: boolean;
  /** Filled by entry.server.tsx when it rendered the page alike for anyone; server/app.ts sends it and keeps it when asked to. */
  rendered?: { key: string; body: Buffer; scriptHashes: string[] };
};
export const keepContext = createContext<KeepRequest | null>(null);

// The cookies that do not change what a page shows: the language (part of the key) and the
// finder's visits (location-ticket.server.ts). Any other of ours (a session, a toast, developer
// mode) means the page is rendered for that request.
const SHOWS_NOTHING = new Set(["tb_lang", "tb_visits"]);

/**
 * Whether a request with these cookies may be sent a kept page. Names are read as the cookie
 * parser reads them (the `cookie` package under React Router's createCookie: split at `;`, the
 * name trimmed of spaces and tabs), so `tb_toast =…` is a toast here as it is to the root loader.
 * Whether a page rendered for a request may be kept is decided from what the render used (the
 * root's and routes' `handle.keep`), not from this.
 */
export function seesWhatAnyoneSees(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return true;
  for (const pair of cookieHeader.split(";")) {
    const equals = pair.indexOf("=");
    const name = (equals === -1 ? pair : pair.slice(0, equals)).trim();
    if (name.startsWith("tb_") && !SHOWS_NOTHING.has(name)) return false;
  }
  return true;
}

/** The URL as a kept page knows it: the path and, in their order, only the parameters pages read. */
export function canonicalUrl(url: URL): string {
  let search = "";
  for (const [name, value] of url.searchParams) {
    const read = READ_PARAMETERS.has(name) || (name === LANGUAGE_PARAMETER && isLocale(value) && url.searchParams.getAll(name).length === 1);
    if (read) search += `${search ? "&" : "?"}${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
  }
  return url.pathname + search;
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
  /** Bytes promised to compressions under way: their input, which neither output exceeds by much. */
  #pendingBytes = 0;
  #keeping = 0;
  /** Pages being rendered alike for anyone, by key: who asks for one meanwhile waits for it. */
  readonly #rendering = new Map<string, Promise<KeptPage | RenderedPage | null>>();
  /** Keys asked for once (as hashes), with when that ask stops counting; oldest first. */
  readonly #askedOnce = new Map<string, number>();
  readonly #maxBytes: number;
  readonly #maxKeeping: number;
  readonly #maxAsked: number;

  constructor(maxBytes = KEPT_MAX_BYTES, limits: { maxKeeping?: number; maxAsked?: number } = {}) {
    this.#maxBytes = maxBytes;
    this.#maxKeeping = limits.maxKeeping ?? MAX_KEEPING;
    this.#maxAsked = limits.maxAsked ?? ASKED_ONCE_MAX;
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

  /**
   * Whether this key was asked for before within `ttlMs` (then it is worth keeping); the first ask
   * is remembered, within ASKED_ONCE_MAX keys, oldest forgotten first.
   */
  askedBefore(key: string, ttlMs = PAGE_TTL_MS, now = Date.now()): boolean {
    const hash = createHash("sha256").update(key).digest("base64");
    const until = this.#askedOnce.get(hash);
    if (until !== undefined && until > now) return true;
    this.#askedOnce.delete(hash);
    this.#askedOnce.set(hash, now + ttlMs);
    for (const oldest of this.#askedOnce.keys()) {
      if (this.#askedOnce.size <= this.#maxAsked) break;
      this.#askedOnce.delete(oldest);
    }
    return false;
  }

  /**
   * The page being rendered under `key`, when one is: a request that asks for it meanwhile waits
   * for it rather than rendering it again (a burst of asks for one page is one render).
   */
  beingRendered(key: string): Promise<KeptPage | RenderedPage | null> | undefined {
    return this.#rendering.get(key);
  }

  /**
   * Says that a render of `key` has started; the returned function ends it, with the page kept,
   * or rendered and not kept, or null (the render failed or was not alike for anyone: each waiting
   * request then renders its own). Call it on every path.
   */
  startRendering(key: string): (page: KeptPage | RenderedPage | null) => void {
    let settle!: (page: KeptPage | RenderedPage | null) => void;
    const rendering = new Promise<KeptPage | RenderedPage | null>((resolve) => (settle = resolve));
    this.#rendering.set(key, rendering);
    return (page) => {
      // Only the first call counts; a later render of the same key is another's to end.
      if (this.#rendering.get(key) === rendering) this.#rendering.delete(key);
      settle(page);
    };
  }

  /**
   * A place for a page of `bytes` under way, or false when MAX_KEEPING compressions are under way
   * or the budget, counting what is kept and what is under way, cannot make room.
   */
  reserve(bytes: number): boolean {
    if (this.#keeping >= this.#maxKeeping || bytes + this.#pendingBytes > this.#maxBytes) return false;
    this.#keeping++;
    this.#pendingBytes += bytes;
    this.#evictTo(this.#maxBytes - this.#pendingBytes);
    return true;
  }

  /** Ends a reservation; `page` is kept when given. */
  settle(reserved: number, key: string, page: KeptPage | null, ttlMs: number, now = Date.now()) {
    this.#keeping--;
    this.#pendingBytes -= reserved;
    if (page) this.set(key, page, ttlMs, now);
  }

  set(key: string, page: KeptPage, ttlMs: number, now = Date.now()) {
    const bytes = key.length + page.identity.length + page.gzip.length + page.br.length;
    if (bytes + this.#pendingBytes > this.#maxBytes) return;
    this.delete(key);
    this.#entries.set(key, { ...page, expires: now + ttlMs, bytes });
    this.#bytes += bytes;
    this.#evictTo(this.#maxBytes - this.#pendingBytes);
  }

  #evictTo(budget: number) {
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= budget) break;
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
    this.#askedOnce.clear();
    this.#bytes = 0;
  }

  get size() {
    return this.#entries.size;
  }

  /** Bytes kept and bytes promised to compressions under way. */
  get bytes() {
    return this.#bytes + this.#pendingBytes;
  }

  /** Compressions for keeping under way. */
  get keeping() {
    return this.#keeping;
  }
}

/** This process's kept pages. */
export const keptPages = new KeptPages();

// What an operator watches: the budget used (kept and under way), the pages, the compressions under
// way and the pages not kept because MAX_KEEPING were (under junk traffic this one grows).
gauge({ name: "tagback_kept_pages_bytes", help: "Bytes of kept pages, with those promised to compressions under way", collect() { this.set(keptPages.bytes); } });
gauge({ name: "tagback_kept_pages", help: "Pages kept rendered and precompressed", collect() { this.set(keptPages.size); } });
gauge({ name: "tagback_kept_pages_compressing", help: "Pages being compressed for keeping now", collect() { this.set(keptPages.keeping); } });
const notKept = counter({ name: "tagback_kept_pages_not_kept_total", help: "Pages asked for twice but not kept: compressions at their cap or the budget full" });

/** Brotli's window for a body of `length` bytes: no larger than it needs (less memory per encoder). */
export function brotliWindowFor(length: number): number {
  const { BROTLI_MIN_WINDOW_BITS, BROTLI_MAX_WINDOW_BITS } = zlib.constants;
  return Math.min(BROTLI_MAX_WINDOW_BITS, Math.max(BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))));
}

/**
 * Compresses a rendered page (in the thread pool: the event loop goes on serving) and keeps it,
 * when a place can be reserved for it; the kept page, or null when none could be (then it is sent
 * as rendered, and the next ask renders it again). gzip at level 9 (0.45 ms on the result page,
 * level 6 0.40 ms) and brotli at BROTLI_QUALITY.
 */
export async function keepPage(key: string, identity: Buffer, page: Omit<KeptPage, "identity" | "gzip" | "br">, ttlMs: number, pages = keptPages): Promise<KeptPage | null> {
  const reserved = key.length + 3 * identity.length;
  if (!pages.reserve(reserved)) {
    notKept.inc();
    return null;
  }
  let kept: KeptPage | null = null;
  try {
    const [gzipped, brotlied] = await Promise.all([
      gzip(identity, { level: 9 }),
      brotli(identity, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(identity.length),
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ]);
    kept = { ...page, identity, gzip: gzipped, br: brotlied };
  } finally {
    pages.settle(reserved, key, kept, ttlMs);
  }
  return kept;
}
