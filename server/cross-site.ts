// Which origin a request was addressed to, and whether a state-changing request came from
// another site's page (a cross-site form post).
//
// server.js works the origin out once per request with readRequestTarget() (the Host header, or
// the authority of an absolute-form target), refuses what is not a well-formed HTTP/1.x request
// with a 400 (or 405 for a method we do not serve), and hands the origin to the cross-site check
// and to server/app.ts, which builds React Router's request URL from it. A refusal is named by its
// message key; server/refusals.ts writes it in the request's language.
import type { RefusalKey } from "./refusals.ts";

export type CrossSiteInput = {
  method: string;
  secFetchSite: string | undefined;
  origin: string | undefined;
  /** The Referer header: the judge only when neither Origin nor Sec-Fetch-Site came. */
  referer?: string | undefined;
  /** The origin this request was addressed to (scheme://host as the client saw it). */
  requestOrigin: string;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that another site's page sent, by OWASP's order of evidence:
 * Origin (current browsers send it with every POST), else Sec-Fetch-Site, else Referer. Either of
 * the first two that names another site is enough to refuse. Only a request with neither (an old
 * browser, or one behind a proxy that strips them) is judged by its Referer, and one from another
 * origin is refused; a request with none of the three is no browser's form post (curl, monitors)
 * and passes. React Router checks origins for page actions too, but this covers resource routes
 * and answers with a clear 403 instead of an error page. Origins compare as URLs, so
 * `http://[::1]:3000` and `http://[0:0::1]:3000` are the same origin; an Origin or Referer that
 * is not a URL is another site's.
 */
export function isCrossSiteWrite({ method, secFetchSite, origin, referer, requestOrigin }: CrossSiteInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite === "cross-site" || secFetchSite === "same-site") return true;
  // An opaque origin ("null") comes from sandboxed frames and data: URLs, never from our pages.
  if (origin === "null") return true;
  if (origin !== undefined) return !sameOrigin(origin, requestOrigin);
  if (secFetchSite !== undefined) return false;
  return referer !== undefined && !sameOrigin(referer, requestOrigin);
}

function sameOrigin(a: string, b: string) {
  const left = originOf(a);
  return left !== null && left === originOf(b);
}

function originOf(value: string) {
  try {
    const url = new URL(value);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * The methods that reach the app: every flow is an HTML form or a link, so GET, HEAD and POST.
 * OPTIONS is answered here (204 with Allow; no CORS). Anything else, PUT, DELETE and TRACE
 * included, answers 405: React Router would log each one as an error (a route without a PUT
 * action, an invalid method). A route that needs another method adds it here.
 */
export const ALLOW = "GET, HEAD, POST";
/** What a route without an action allows (server/app.ts says so on React Router's 405). */
export const ALLOW_READ = "GET, HEAD";
const SERVED_METHODS = new Set(ALLOW.split(", "));

export type RequestTargetInput = {
  method: string;
  /** The request target as received (req.url before any rewriting). */
  target: string;
  /** "1.1", "1.0", or "0.9" for a request line without a version. */
  httpVersion: string;
  /** The Host header (undefined when absent). */
  host: string | undefined;
  /** The scheme the client used: req.protocol (X-Forwarded-Proto when a proxy is trusted). */
  protocol: string;
  /** The host an HTTP/1.0 request without Host is addressed to (APP_URL's). */
  defaultHost: string;
};

export type RequestTarget =
  /** Serve `path` (origin-form: path and query) as a request to `origin`. */
  | { kind: "serve"; path: string; origin: string; host: string }
  /** OPTIONS (for `*`, the server as a whole): answered with Allow, never reaches the app. */
  | { kind: "options" }
  /** Refused: `key` names the plain-text answer (server/refusals.ts writes it in the request's language). */
  | { kind: "refuse"; status: 400 | 405; key: RefusalKey };

const ABSOLUTE_FORM = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^#]*)$/;
// A DNS name or IPv4 address, or an IPv6 literal in brackets, with an optional port.
const HOST = /^(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/;

/**
 * Checks the request line and Host of a request and works out the origin it was addressed to
 * (RFC 9112 §3.2: the authority of an absolute-form target wins over Host; HTTP/1.1 requires Host,
 * HTTP/1.0 without one is taken as addressed to APP_URL's host).
 */
export function readRequestTarget(input: RequestTargetInput): RequestTarget {
  const bad = (key: RefusalKey): RequestTarget => ({ kind: "refuse", status: 400, key });
  if (input.httpVersion !== "1.1" && input.httpVersion !== "1.0") return bad("refusal.badVersion");
  if (input.method !== "OPTIONS" && !SERVED_METHODS.has(input.method)) return { kind: "refuse", status: 405, key: "refusal.methodNotAllowed" };
  if (input.protocol !== "http" && input.protocol !== "https") return bad("refusal.badScheme");

  let path = input.target;
  let host = input.host;
  if (path === "*") return input.method === "OPTIONS" ? { kind: "options" } : bad("refusal.badTarget");
  if (!path.startsWith("/")) {
    const absolute = ABSOLUTE_FORM.exec(path);
    if (!absolute || !/^https?$/i.test(absolute[1]!)) return bad("refusal.badTarget");
    host = absolute[2]!;
    const rest = absolute[3]!;
    path = rest.startsWith("/") ? rest : `/${rest}`;
  }
  // React Router decodes every path segment; a broken escape would be its logged error.
  const queryStart = path.indexOf("?");
  try {
    decodeURIComponent(queryStart === -1 ? path : path.slice(0, queryStart));
  } catch {
    return bad("refusal.badEncoding");
  }

  if (host === undefined) {
    if (input.httpVersion !== "1.0") return bad("refusal.hostRequired");
    host = input.defaultHost;
  }
  const port = HOST.exec(host)?.[1];
  if (!HOST.test(host) || (port !== undefined && (Number(port) < 1 || Number(port) > 65535))) return bad("refusal.badHost");
  let url: URL;
  try {
    url = new URL(`${input.protocol}://${host}${path}`);
  } catch {
    return bad("refusal.badTarget");
  }
  if (input.method === "OPTIONS") return { kind: "options" };
  return { kind: "serve", path, origin: url.origin, host: url.host };
}
