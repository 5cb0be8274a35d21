// The part of the server that Vite bundles with the app, so the context it builds is the very one
// route modules read (see app/core/context.ts). server/main.ts mounts it after opening the database.
//
// This is @react-router/express's adapter with these differences:
// - the request URL is server/main.ts's origin (res.locals.requestOrigin, from readRequestTarget in
//   server/cross-site.ts) plus the path. The stock adapter rebuilds it from req.hostname and
//   splits Host on ":", which breaks IPv6 literals (`[::1]:3000` lost its port, so every form post
//   over IPv6 failed React Router's origin check) and throws on an empty Host or an absolute-form
//   request target (500s);
// - on shutdown (res.locals.shutdownSignal, aborted by server/main.ts), the request.signal of an open
//   event stream aborts, so a route's stream ends and the process can exit. Long-lived responses
//   need nothing else: close the stream when request.signal aborts, as any event stream must for
//   a client that goes away;
// - a header the app sets replaces server/main.ts's default of the same name, and React Router's
//   405 for a route without an action names the methods the route allows.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { IncomingHttpHeaders } from "node:http";
import { createRequestHandler } from "react-router";
import { getDatabase } from "../db/connection";
import { appContext } from "~/core/context";
import { limitKeyOf } from "~/core/client-key";
import { countDatabaseError } from "~/core/metrics.server";
import { gateSearch, isDataRequest, refusedSearchContext, refusedSearchPage } from "~/features/finder/search-gate.server";
import { localeFromHeaders } from "~/middleware/i18n";
import { matchedRouteContext, type MatchedRoute } from "~/middleware/matched-route";
import stylesheet from "~/app.css?url";
import { canonicalUrl, keepContext, keepPage, keptKey, keptPages, PAGE_TTL_MS, seesWhatAnyoneSees, type KeepRequest, type KeptPage, type RenderedPage } from "~/core/kept-pages.server";
import { keptScan, plainScan } from "~/features/finder/scan-page.server";
import { lookedUpContext } from "~/features/finder/owner-search.server";
import { ALLOW_READ } from "./cross-site";
import { refusal } from "./refusals";
import { sendDocument, sendKept, sendRendered } from "./kept-response";
import { keptRoutePaths } from "./kept-routes";
import { renderSlots } from "./render-slots";
import { ROUTE_LABEL } from "./request-log";
// The warm-up asks the app for pages before the port opens (server/main.ts); bundled with the app it warms.
export { warmUp } from "./warm-up";

/** How long an event stream may take to end by itself after shutdown aborts its request.signal. */
const STREAM_CLOSE_GRACE_MS = 1_000;

// The build object itself, not a function returning it: given a function, React Router derives
// its route tables and handlers again on every request (~0.8 ms each). In development Vite loads
// this module afresh for every request anyway (server/main.ts), so edits still show.
const build = await import("virtual:react-router/server-build");
const handleRequest = createRequestHandler(build, process.env.NODE_ENV);
const mayBeKept = keptRoutePaths(build.routes);

/**
 * The app, as one Express middleware (server/main.ts mounts it last). A plain function, not an
 * Express sub-app: a mounted sub-app sets up its request and response objects again on every
 * request (5 % of a kept scan's CPU).
 */
export const app: RequestHandler = async (req, res, next) => {
  // Set while this request renders a page to keep that others may be waiting for.
  const rendering: { end: ((page: KeptPage | RenderedPage | null) => void) | null } = { end: null };
  try {
    const db = getDatabase().db;
    const clientIp = String(res.locals.clientIp ?? "unknown");
    const context = appContext({
      // The connection server/main.ts opened (db/connection.ts shares it across module copies).
      db,
      nonce: String(res.locals.cspNonce ?? ""),
      clientIp,
    });
    // The request log's route: the pattern React Router matched (middleware/matched-route.ts).
    const matched: MatchedRoute = {};
    context.set(matchedRouteContext, matched);
    res.locals.route = ROUTE_LABEL.unmatched;
    let url = requestUrl(req, res);
    let finderFirst = false;
    if (req.method === "GET" || req.method === "HEAD") {
      // The finder's search limit is counted here. A refused page request is answered at once,
      // before React Router routes or renders anything; a refused data request goes on with the
      // refusal in the context (app/features/finder/search-gate.server.ts).
      const clientKey = limitKeyOf(clientIp);
      const gate = await gateSearch(db, url, clientKey);
      finderFirst = gate.allowed && gate.search !== null;
      if (!gate.allowed) {
        if (!isDataRequest(url.pathname)) {
          res.locals.route = ROUTE_LABEL.searchRefused;
          const locale = await localeFromHeaders(req.headers.cookie, req.headers["accept-language"], url);
          return sendKept(req, res, refusedSearchPage(stylesheet, locale), { headers: { "Retry-After": String(gate.retryAfterSeconds) } });
        }
        context.set(refusedSearchContext, gate.retryAfterSeconds);
      } else if (seesWhatAnyoneSees(req.headers.cookie) && !isDataRequest(url.pathname) && mayBeKept(url.pathname)) {
        // A page every anonymous visitor sees alike is sent as kept bytes when it is kept
        // (decision 029): a plain sticker scan, or a page without a search. It is known by its
        // canonical URL, the query parameters no page reads left out (`?utm_source=`, junk), and
        // rendered at that URL, so junk makes no page of its own (decision 031).
        // Not `new URL(path, base)`: a path starting with `//` would name a host (see requestUrl).
        url = new URL(`${url.origin}${canonicalUrl(url)}`);
        const locale = await localeFromHeaders(req.headers.cookie, req.headers["accept-language"], url);
        // Not kept yet: rendered for this request, and kept for the next visitor only when this
        // is the second ask within PAGE_TTL_MS (a first scan costs a render, not a keeping).
        const keepIfAskedAgain = (kind: KeepRequest["kind"], key: string) =>
          context.set(keepContext, { kind, locale, policyWith: res.locals.policyWith, keep: keptPages.askedBefore(key) });
        const scanQuery = plainScan(url, gate.search);
        if (scanQuery) {
          const header = (name: string) => req.get(name);
          const kept = await keptScan(db, { url, query: scanQuery, locale, method: req.method, header, clientIp, clientKey });
          if (kept.page) {
            res.locals.route = kept.page.route;
            return sendKept(req, res, kept.page, { setCookies: kept.setCookie ? [kept.setCookie] : [] });
          }
          context.set(lookedUpContext, { query: scanQuery, lookedUp: kept.lookedUp });
          keepIfAskedAgain("scan", kept.key);
        } else if (gate.search === null) {
          const key = keptKey("page", locale, url);
          // Being rendered for another request: wait for it (a burst of asks is one render).
          const page = keptPages.get(key) ?? (await keptPages.beingRendered(key));
          if (page) {
            res.locals.route = page.route;
            return "body" in page ? sendRendered(req, res, page) : sendKept(req, res, page);
          }
          rendering.end = keptPages.startRendering(key);
          keepIfAskedAgain("page", key);
        }
      }
    }
    const controller = new AbortController();
    const request = fetchRequest(req, url, controller.signal);
    // The client went away before the whole response was written.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    // An anonymous page waits for a render slot, a finder's search first (render-slots.ts). Signed-in
    // visitors and form posts never wait (the health check never gets here: server/health-check.ts):
    // junk is anonymous, and a slot must not be held by an owner's sticker sheet or card being
    // drawn in a worker.
    const waits = (req.method === "GET" || req.method === "HEAD") && seesWhatAnyoneSees(req.headers.cookie);
    if (waits) await renderSlots.take(finderFirst);
    let handled: Response;
    try {
      handled = await handleRequest(request, context);
    } finally {
      if (waits) renderSlots.release();
    }
    const response = await allowOnMethodNotAllowed(handled, req);
    if (matched.pattern) res.locals.route = matched.pattern;
    const alike = context.get(keepContext);
    if (alike?.rendered && response.status === 200) return await sendAlike(req, res, response, alike, rendering.end);
    const contentType = response.headers.get("Content-Type") ?? "";
    if (/text\/event-stream/i.test(contentType)) endOnShutdown(res, controller);
    else if (/^text\/html/i.test(contentType) && response.body && !res.destroyed && !res.writableEnded) return await sendDocument(req, res, response);
    await sendResponse(res, response);
  } catch (error) {
    countDatabaseError(error);
    next(error);
  } finally {
    rendering.end?.(null);
  }
};

// Per request, never kept: the visitor's cookie, the policy, how this one was rendered, the length.
const NOT_KEPT_HEADERS = new Set(["set-cookie", "content-security-policy", "content-security-policy-report-only", "server-timing", "content-length"]);

/**
 * Sends a page entry.server.tsx rendered alike for every anonymous visitor: from the kept bytes
 * when this was its second ask and a place to keep it was had, otherwise compressed once, cheaply,
 * for this request (decision 031).
 */
async function sendAlike(
  req: ExpressRequest,
  res: ExpressResponse,
  response: Response,
  alike: KeepRequest,
  endRendering: ((page: KeptPage | RenderedPage | null) => void) | null,
) {
  const { rendered } = alike;
  if (!rendered) throw new Error("sendAlike: nothing rendered");
  const headers = [...response.headers].filter(([name]) => !NOT_KEPT_HEADERS.has(name));
  const page = { status: response.status, route: String(res.locals.route), headers, scriptHashes: rendered.scriptHashes };
  const setCookies = response.headers.getSetCookie();
  const kept = alike.keep
    ? await keepPage(rendered.key, rendered.body, page, PAGE_TTL_MS).catch((error: unknown) => {
        console.error("keeping a rendered page failed:", error);
        return null;
      })
    : null;
  const sent = kept ?? { ...page, body: rendered.body };
  endRendering?.(sent);
  if ("body" in sent) sendRendered(req, res, sent, { setCookies });
  else sendKept(req, res, sent, { setCookies });
}

/**
 * The URL React Router sees: the origin server/main.ts worked out, then the path as received. Not
 * `new URL(path, base)`: there a path starting with `//` is a network-path reference (`//` names
 * an empty host and throws, `//evil.example/` names that host), where here it stays a path.
 */
function requestUrl(req: ExpressRequest, res: ExpressResponse): URL {
  const origin = res.locals.requestOrigin;
  if (typeof origin !== "string") throw new Error("server/main.ts did not set res.locals.requestOrigin");
  return new URL(`${origin}${req.originalUrl}`);
}

function fetchRequest(req: ExpressRequest, url: URL, signal: AbortSignal): Request {
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: fetchHeaders(req.headers), signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

function fetchHeaders(incoming: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function endOnShutdown(res: ExpressResponse, controller: AbortController) {
  const shutdown = res.locals.shutdownSignal as AbortSignal | undefined;
  if (!shutdown) return;
  const stop = () => {
    controller.abort(new Error("The server is shutting down."));
    // A stream that ignores its signal is cut off; its reader is cancelled when the response closes.
    setTimeout(() => res.destroy(), STREAM_CLOSE_GRACE_MS).unref();
  };
  if (shutdown.aborted) return stop();
  shutdown.addEventListener("abort", stop, { once: true });
  res.on("close", () => shutdown.removeEventListener("abort", stop));
}

/**
 * React Router answers a POST to a route without an action with 405 and no Allow header; to a
 * resource route (robots.txt, the health check, the feeds, the event streams) with its serialized
 * error as well, `{"message":"Unexpected Server Error"}`. Every route here has a loader, so such a
 * route allows GET and HEAD: the answer says so, and a resource route's in plain words, in the
 * request's language (server/refusals.ts). (A route that answers 405 itself names its methods, and
 * is left alone.)
 */
async function allowOnMethodNotAllowed(response: Response, req: ExpressRequest): Promise<Response> {
  if (response.status !== 405 || response.headers.has("Allow")) return response;
  if (/^application\/json\b/i.test(response.headers.get("Content-Type") ?? "")) {
    void response.body?.cancel();
    const { locale, text } = await refusal("refusal.methodNotAllowed", { cookie: req.headers.cookie, acceptLanguage: req.get("accept-language"), target: req.originalUrl });
    return new Response(text, {
      status: 405,
      headers: { "Content-Type": "text/plain; charset=utf-8", Allow: ALLOW_READ, "Content-Language": locale, Vary: "Accept-Language, Cookie" },
    });
  }
  response.headers.set("Allow", ALLOW_READ);
  return response;
}

async function sendResponse(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    // A route's header replaces server/main.ts's default of that name (/f/:secret's stricter
    // Referrer-Policy): appended, the response carried both. Set-Cookie comes once per cookie.
    if (name === "set-cookie") res.append(name, value);
    else res.set(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
