// The route a request matched, for the request log and the request metrics (server/request-log.ts):
// its pattern in the route table (`/`, `/token/:token/lock-screen.png`, `/*` for the not-found
// page), never the URL, whose query or path may carry a sticker's token or a thread's secret.
// React Router matches every request once anyway; its request-handler instrumentation (exported by
// entry.server.tsx) reports the pattern after the response is ready, so the label costs no second
// match. server/app.ts puts an empty MatchedRoute into each request's context and reads it back.
import { createContext, type ServerInstrumentation } from "react-router";

export type MatchedRoute = { pattern?: string };

/** Null outside a request served by server/app.ts (route tests call loaders directly). */
export const matchedRouteContext = createContext<MatchedRoute | null>(null);

export const instrumentations: ServerInstrumentation[] = [
  {
    handler(handler) {
      handler.instrument({
        async request(handle, { context }) {
          const { meta } = await handle();
          const matched = context?.get(matchedRouteContext);
          // React Router's patterns start with "/" only for the index page ("about", "f/:secret").
          if (matched && meta?.pattern) matched.pattern = meta.pattern.startsWith("/") ? meta.pattern : `/${meta.pattern}`;
        },
      });
    },
  },
];
