// The part of the server that Vite bundles with the app, so the context it builds is the very one
// route modules read (see app/core/context.ts). server.ts mounts it after opening the database.
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { getDatabase } from "../db/connection";
import { appContext } from "~/core/context";

export const app = express();
app.disable("x-powered-by");

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext(_req, res) {
      return appContext({
        // The connection server.ts opened (db/connection.ts shares it across both module copies).
        db: getDatabase().db,
        nonce: String(res.locals.cspNonce ?? ""),
        clientIp: String(res.locals.clientIp ?? "unknown"),
      });
    },
  }),
);
