import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { NonceProvider } from "~/core/nonce";
import { requestInfoContext } from "~/core/context";
import { documentHydration } from "~/core/hydrate-on-load";
import { holdHydrationUntilLoad } from "~/core/hydrate-on-load.server";
import { coalescedBody } from "~/core/coalesced-body.server";
import { documentKey, fromTemplate, RenderedDocuments, toTemplate } from "~/core/render-cache.server";
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

const renderedDocuments = new RenderedDocuments();

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

  // A search result for an anonymous visitor is rendered once per URL and data (decision 021).
  const ownValues = routes.map(([handle, data]) => handle?.renderCache?.(data) ?? null);
  const varying = ownValues.some((values) => values !== null) ? [nonce, ...ownValues.flatMap((values) => values ?? [])] : null;
  const kept =
    varying && hydration === "none" && request.method === "GET" && responseStatusCode === 200 && !actionData && !errors && !loadContext.get(userContext)
      ? documentKey(new URL(request.url), responseStatusCode, loaderData, varying)
      : null;
  if (kept !== null) {
    const template = renderedDocuments.get(kept);
    if (template !== undefined) {
      responseHeaders.append("Server-Timing", 'render;desc="kept"');
      return new Response(fromTemplate(template, varying!), { headers: responseHeaders, status: responseStatusCode });
    }
  }

  const response = await render(request, responseStatusCode, responseHeaders, routerContext, nonce, {
    // A page to keep is rendered whole before it is sent.
    whole: kept !== null,
    holdHydration: hydration === "on-load",
  });
  if (kept === null || response.status !== 200) return response;
  const html = await response.text();
  const template = toTemplate(html, varying!);
  if (template !== null) renderedDocuments.set(kept, template);
  response.headers.append("Server-Timing", 'render;desc="react"');
  return new Response(html, { headers: response.headers, status: response.status });
}

function render(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  nonce: string,
  options: { whole: boolean; holdHydration: boolean },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots (and pages to keep) get the whole document at once; people get the shell as soon as it is ready.
    const readyOption = options.whole || (userAgent && isbot(userAgent)) ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          // A landing page's hydration waits for the load event (decision 019).
          const body = options.holdHydration ? holdHydrationUntilLoad() : coalescedBody();
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
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
