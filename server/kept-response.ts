// Sends a page every anonymous visitor sees alike (decisions 029 and 031) as a static file server
// would: compressed as the client accepts (brotli, else gzip, else as it is), with a
// Content-Length, in one write. The policy header is this request's, allowing the page's inline
// scripts by their hashes (they carry no nonce).
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import zlib from "node:zlib";
import type { KeptPage, PolicyWith, RenderedPage } from "~/core/kept-pages.server";
import { brotliWindowFor } from "~/core/kept-pages.server";

type Extra = { setCookies?: readonly string[]; headers?: Record<string, string> };
type Encoding = "br" | "gzip" | "identity";

/** A kept page: its precompressed bytes, no work on the body. */
export function sendKept(req: ExpressRequest, res: ExpressResponse, page: KeptPage, extra: Extra = {}) {
  const encoding = accepted(req);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  send(req, res, page, encoding, body, "kept", extra);
}

/**
 * A page rendered for this request and not kept: compressed once, in one go on the event loop, at a
 * cheap level (measured on the 43 KB result page: brotli 3 0.18 ms, gzip 4 0.26 ms, both ~10.6 KB;
 * the compression middleware's streaming brotli cost ~2 ms). No encoder outlives the call, so no
 * number of such pages at once holds compression memory.
 */
export function sendRendered(req: ExpressRequest, res: ExpressResponse, page: RenderedPage, extra: Extra = {}) {
  const encoding = accepted(req);
  send(req, res, page, encoding, compressOnce(page.body, encoding), "react", extra);
}

/**
 * Any other document rendered for this request (a signed-in page, a form's answer, an error page):
 * entry.server.tsx renders it whole, so it too is compressed in one call and sent in one write,
 * with its own headers and policy (its nonce), rather than streamed through the compression
 * middleware in pieces.
 */
export async function sendDocument(req: ExpressRequest, res: ExpressResponse, response: Response) {
  // As bytes: React wrote UTF-8 already (entry.server.tsx), and a string would be decoded here
  // only to be encoded again for the compressor (~4 % of a signed-in page's CPU).
  const html = Buffer.from(await response.arrayBuffer());
  const encoding = accepted(req);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie" || name === "content-length" || name === "content-encoding") continue;
    res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res.vary("Accept-Encoding");
  const body = compressOnce(html, encoding);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

function compressOnce(identity: Buffer, encoding: Encoding): Buffer {
  if (encoding === "br") {
    return zlib.brotliCompressSync(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 3,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(identity.length),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
  }
  return encoding === "gzip" ? zlib.gzipSync(identity, { level: 4 }) : identity;
}

/**
 * Brotli whenever the client takes it, else gzip. Not `req.acceptsEncodings("br", "gzip")`: it
 * picks by the client's order, and a phone sends `gzip, deflate, br, zstd` (all q=1), which would
 * get the larger gzip.
 */
function accepted(req: ExpressRequest): Encoding {
  const taken = req.acceptsEncodings();
  if (taken.includes("br")) return "br";
  return taken.includes("gzip") || taken.includes("*") ? "gzip" : "identity";
}

function send(req: ExpressRequest, res: ExpressResponse, page: Omit<KeptPage, "identity" | "gzip" | "br">, encoding: Encoding, body: Buffer, how: string, extra: Extra) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.vary("Accept-Encoding");
  const policyWith = res.locals.policyWith as PolicyWith | undefined;
  if (policyWith) res.setHeader(...policyWith(page.scriptHashes));
  for (const cookie of extra.setCookies ?? []) res.append("Set-Cookie", cookie);
  for (const [name, value] of Object.entries(extra.headers ?? {})) res.setHeader(name, value);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.setHeader("Server-Timing", `render;desc="${how}"`);
  res.end(req.method === "HEAD" ? undefined : body);
}
