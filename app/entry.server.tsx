import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "~/core/nonce";
import { requestInfoContext } from "~/core/context";
import { documentHydration } from "~/core/hydrate-on-load";
import { holdHydrationUntilLoad } from "~/core/hydrate-on-load.server";
import { inlineScriptHashes, keepContext, keptKey } from "~/core/kept-pages.server";
import { countDatabaseError } from "~/core/metrics.server";
import { userContext } from "~/middleware/session";
import type { RouteHandle } from "~/core/route-handle";

export const streamTimeout = 5_000;

/**
 * What reaches the log: real failures. A client's mistake that React Router answers itself (a POST
 * to a page without an action is a 405, an unknown route a 404) is not a crash, and a request the
 * client abandoned is not one either.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  countDatabaseError(error);
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const { matches, loaderData, actionData, errors } = routerContext.staticHandlerContext;
  const routes = matches.map(({ route }) => [routerContext.routeModules[route.id]?.handle as RouteHandle | undefined, loaderData[route.id]] as const);
  const hydration = documentHydration(routes);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // A page every anonymous visitor sees alike, not kept yet (server/app.ts asked): rendered whole
  // and without a nonce, its inline scripts allowed by their hashes; server/app.ts sends it
  // compressed in one go and keeps it on its second ask (decisions 029 and 031).
  const keep = loadContext.get(keepContext);
  const shown = keep && request.method === "GET" && responseStatusCode === 200 && !actionData && !errors && !loadContext.get(userContext) ? keptShown(routes) : null;
  const alike = shown !== null && (keep!.kind === "scan") === (shown !== "");

  // Every document is rendered whole (none streams a part later: no route defers data), so that
  // server/app.ts sends it compressed in one call and one write (server/kept-response.ts). The
  // bytes React wrote are the body as they are: not streamed through a web stream to be decoded to
  // a string and encoded again (~6 % of a first scan's CPU).
  const page = await render(request.url, responseStatusCode, routerContext, alike ? "" : nonce);
  const body = hydration === "on-load" ? Buffer.from(holdHydrationUntilLoad(page.body.toString("utf8")), "utf8") : page.body;
  if (alike && page.status === 200) {
    const scriptHashes = inlineScriptHashes(body.toString("utf8"));
    responseHeaders.set(...keep!.policyWith(scriptHashes));
    keep!.rendered = { key: keptKey(keep!.kind, keep!.locale, new URL(request.url), shown), body, scriptHashes };
  }
  return new Response(body, { headers: responseHeaders, status: page.status });
}

/**
 * What the page shows beyond its URL and language, when its page route may be kept and every route
 * with a handle agrees (RouteHandle.keep), the root included: it refuses when it rendered a toast
 * or a signed-in visitor's header.
 */
function keptShown(routes: ReadonlyArray<readonly [RouteHandle | undefined, unknown]>): string | null {
  if (!routes.at(-1)?.[0]?.keep) return null;
  let shown = "";
  for (const [handle, data] of routes) {
    if (handle === undefined) continue;
    if (!handle.keep) return null;
    const part = handle.keep(data);
    if (part === null) return null;
    shown += part;
  }
  return shown;
}

/** Renders the document whole: its status (500 when a part failed after the shell) and its bytes. */
function render(url: string, responseStatusCode: number, routerContext: EntryContext, nonce: string): Promise<{ status: number; body: Buffer<ArrayBuffer> }> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          });
          sink.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            resolve({ status: responseStatusCode, body: Buffer.concat(chunks) });
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
