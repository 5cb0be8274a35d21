// The part of the server that Vite bundles with the app, so the request context it fills is the
// very one route modules read (see app/lib/request-info.ts). server.ts mounts it.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/core/context";

export const app = express();
app.disable("x-powered-by");

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, {
        nonce: String(res.locals.cspNonce ?? ""),
        clientIp: String(res.locals.clientIp ?? "unknown"),
      });
      return context;
    },
  }),
);
