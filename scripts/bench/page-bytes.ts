// What a finder's phone downloads for the scan page: the compressed HTML, where in it the owner's
// profile is complete (DESIGN §8: within the first 14 KB, one round trip of a new connection), and
// the CSS and JavaScript the page links.
import http from "node:http";
import zlib from "node:zlib";
import { USER_AGENT } from "./load.ts";

export type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The raw (still compressed) response body, as a client at `clientIp` gets it. */
export function getRaw(url: string, clientIp: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { "Accept-Encoding": "gzip", "User-Agent": USER_AGENT, "Fly-Client-IP": clientIp }, timeout: 15_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

export function decode(raw: Raw): Buffer {
  return raw.headers["content-encoding"] === "gzip" ? zlib.gunzipSync(raw.body) : raw.body;
}

/** The body gzip-compressed: as sent when the server compressed it, else compressed here. */
export function gzipped(raw: Raw): Buffer {
  return raw.headers["content-encoding"] === "gzip" ? raw.body : zlib.gzipSync(raw.body);
}

/** The smallest prefix of the gzip stream that already decompresses past `plainOffset`. */
export function compressedOffsetOf(gzip: Buffer, plainOffset: number): number {
  let low = 1;
  let high = gzip.length;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    let produced = 0;
    try {
      produced = zlib.gunzipSync(gzip.subarray(0, mid), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
    } catch {
      produced = 0;
    }
    if (produced >= plainOffset) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * Attributes that open the owner's profile, most specific first. PublicProfileView
 * (app/features/finder/public-profile-view.tsx) puts data-profile-kind on its root element; the
 * others are fallbacks should that markup change.
 */
const PROFILE_STARTS = [/data-profile-kind="(owner|demo)"/, /data-testid="owner-dialog"/, /data-profile-kind="[^"]*"/];

export type ProfileEnd = { found: true; via: string; plainEnd: number } | { found: false };

/** Where the element holding the owner's profile closes, in bytes of the plain HTML. */
export function findProfileEnd(html: string): ProfileEnd {
  for (const pattern of PROFILE_STARTS) {
    const match = pattern.exec(html);
    if (!match) continue;
    const end = closingTagEnd(html, match.index);
    if (end !== null) return { found: true, via: match[0], plainEnd: Buffer.byteLength(html.slice(0, end)) };
  }
  return { found: false };
}

/** HTML documents here have a few thousand tags; the bound keeps malformed markup finite. */
const MAX_TAGS = 100_000;

/** The end of the closing tag of the element whose start tag contains `attributeAt`. */
function closingTagEnd(html: string, attributeAt: number): number | null {
  const open = html.lastIndexOf("<", attributeAt);
  const name = /^<([a-zA-Z][\w-]*)/.exec(html.slice(open))?.[1];
  if (open < 0 || !name) return null;
  const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, "gi");
  tags.lastIndex = open;
  let depth = 0;
  for (let i = 0; i < MAX_TAGS; i++) {
    const tag = tags.exec(html);
    if (!tag) return null;
    if (tag[0].endsWith("/>")) continue;
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return null;
}

export type Assets = { css: string[]; js: string[] };

/** The text of the page's inline stylesheets (a page that is not hydrated: decision 018). */
export function inlineStyles(html: string): string {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!).join("");
}

/** Gzip size of a text on its own. */
export function gzipLength(text: string): number {
  return zlib.gzipSync(text).length;
}

/** The stylesheets and JavaScript modules the page makes a browser fetch. */
export function linkedAssets(html: string): Assets {
  const all = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const css = all(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const js = new Set([
    ...all(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...all(/<script[^>]+src="([^"]+)"/g),
    // Inline module scripts: import("/assets/x.js") and import … from "/assets/x.js".
    ...all(/import\(\s*"([^"]+\.js)"\s*\)/g),
    ...all(/import\s*(?:[^"';]*?\sfrom\s*)?"([^"]+\.js)"/g),
  ]);
  return { css, js: [...js] };
}

/**
 * The modules and everything they import statically, as a browser loads them: a page that names
 * one script (no modulepreload list) still downloads the chunks that script imports. Dynamic
 * imports are left out — they load later, on demand.
 */
export async function withStaticImports(base: string, modules: string[], clientIp: string): Promise<string[]> {
  const seen = new Set<string>();
  const queue = modules.map((module) => new URL(module, base).href);
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const raw = await getRaw(url, clientIp);
    if (raw.status !== 200) throw new Error(`${url} answered ${raw.status}`);
    const code = decode(raw).toString("utf8");
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) queue.push(new URL(match[1]!, url).href);
  }
  return [...seen].map((url) => new URL(url).pathname);
}

/** Total gzip bytes of the assets, as the server sends them (compressed here if it does not). */
export async function gzipSizeOf(base: string, paths: string[], clientIp: string): Promise<number> {
  let total = 0;
  for (const asset of paths) {
    const raw = await getRaw(new URL(asset, base).href, clientIp);
    if (raw.status !== 200) throw new Error(`${asset} answered ${raw.status}`);
    total += gzipped(raw).length;
  }
  return total;
}
