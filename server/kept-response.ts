// Sends a kept page (app/core/kept-pages.server.ts) as a static file server would: the buffer
// compressed as the client accepts (brotli, else gzip, else as it is), with a Content-Length, no
// per-request work on the body. The policy header is this request's, allowing the page's inline
// scripts by their hashes (they carry no nonce).
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { KeptPage, PolicyWith } from "~/core/kept-pages.server";

export function sendKept(req: ExpressRequest, res: ExpressResponse, page: KeptPage, options: { setCookie?: string; headers?: Record<string, string> } = {}) {
  const encoding = req.acceptsEncodings("br", "gzip");
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.vary("Accept-Encoding");
  const policyWith = res.locals.policyWith as PolicyWith | undefined;
  if (policyWith) res.setHeader(...policyWith(page.scriptHashes));
  if (options.setCookie) res.append("Set-Cookie", options.setCookie);
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.setHeader("Server-Timing", 'render;desc="kept"');
  res.end(req.method === "HEAD" ? undefined : body);
}
