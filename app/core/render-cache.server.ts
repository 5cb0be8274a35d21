// Rendered documents kept by what they show (decision 021). A sticker scan renders the same owner's
// result again and again: the same route data gives the same HTML, apart from a few values made
// for each request (the CSP nonce, the signed ticket of the visit just logged). Such a page is
// rendered by React once; later requests with the same key get that HTML with their own values put
// back. The key is the URL, the status and the route data itself, read after the loaders ran for
// this request: an owner who changes anything the page shows (profile, products, tokens, settings,
// a lost report) changes the data, so the next scan has a new key. Nothing needs invalidating, and
// no other process needs telling.

/** How long one rendered document is used: bounds anything a page shows that is not in its data (the footer's year). */
export const RENDERED_TTL_MS = 10 * 60 * 1000;
/** Memory for rendered documents per process (a scan page is ~60 KB of text). */
export const RENDERED_MAX_BYTES = 8 * 1024 * 1024;
/** A per-request value shorter than this could also occur by chance in the page: such a page is not kept. */
const MIN_VARYING_LENGTH = 16;

const placeholder = (index: number) => `\u0000${index}\u0000`;
const PLACEHOLDERS = /\u0000(\d+)\u0000/g;

function takeOut(text: string, varying: readonly string[]): string {
  return varying.reduce((result, value, index) => result.split(value).join(placeholder(index)), text);
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/**
 * The page with each per-request value replaced by a placeholder, or null when that cannot be done
 * safely: a value too short to be told apart, or one that also appears escaped or URL-encoded,
 * which a plain replacement would miss (the next visitor would get this visitor's ticket).
 */
export function toTemplate(html: string, varying: readonly string[]): string | null {
  if (varying.some((value) => value.length < MIN_VARYING_LENGTH)) return null;
  const template = takeOut(html, varying);
  for (const value of varying) {
    for (const form of [encodeURIComponent(value), escapeHtml(value)]) {
      if (form !== value && template.includes(form)) return null;
    }
  }
  return template;
}

/** A kept page with this request's values. */
export function fromTemplate(template: string, varying: readonly string[]): string {
  return template.replace(PLACEHOLDERS, (_, index: string) => varying[Number(index)] ?? "");
}

/** What a page is kept by: its URL, status and route data, without this request's own values. */
export function documentKey(url: URL, status: number, routeData: unknown, varying: readonly string[]): string {
  return takeOut(`${status} ${url.pathname}${url.search}\n${JSON.stringify(routeData)}`, varying);
}

/** Least recently used first out, within a byte budget; entries older than the TTL are dropped. */
export class RenderedDocuments {
  readonly #entries = new Map<string, { template: string; expires: number }>();
  #bytes = 0;

  readonly #maxBytes: number;
  readonly #ttlMs: number;

  constructor(maxBytes = RENDERED_MAX_BYTES, ttlMs = RENDERED_TTL_MS) {
    this.#maxBytes = maxBytes;
    this.#ttlMs = ttlMs;
  }

  get(key: string, now = Date.now()): string | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#delete(key);
    if (entry.expires <= now) return undefined;
    this.#entries.set(key, entry);
    this.#bytes += sizeOf(key, entry.template);
    return entry.template;
  }

  set(key: string, template: string, now = Date.now()) {
    const size = sizeOf(key, template);
    if (size > this.#maxBytes) return;
    this.#delete(key);
    this.#entries.set(key, { template, expires: now + this.#ttlMs });
    this.#bytes += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#delete(oldest);
    }
  }

  get size() {
    return this.#entries.size;
  }

  #delete(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(key, entry.template);
  }
}

// Strings are counted at two bytes a character (V8 keeps text with Devanagari in UTF-16).
const sizeOf = (key: string, template: string) => 2 * (key.length + template.length);
