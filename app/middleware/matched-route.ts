// The root's first middleware: notes the route the request matched, for the request log and the
// request metrics (server/request-log.ts), as its pattern in the route table (`/`, `/about`,
// `/f/:secret`, `/*` for the not-found page), never the URL, whose query or path may carry a
// sticker's token or a thread's secret. React Router hands every middleware the pattern it worked
// out while matching, so the label costs a function call. server/app.ts puts an empty MatchedRoute
// into each request's context and reads it back once the response is ready.
import { createContext, type MiddlewareFunction } from "react-router";

export type MatchedRoute = { pattern?: string };

/** Null outside a request served by server/app.ts (route tests call loaders directly). */
export const matchedRouteContext = createContext<MatchedRoute | null>(null);

export const matchedRouteMiddleware: MiddlewareFunction<Response> = ({ pattern, context }) => {
  const matched = context.get(matchedRouteContext);
  // React Router's patterns start with "/" only for the index page ("about", "f/:secret").
  if (matched) matched.pattern = pattern.startsWith("/") ? pattern : `/${pattern}`;
};
