// Fly's health check (fly.toml, every 15 s with a 2 s timeout), answered by the first middleware
// after the request log: no security headers, no cookie, no React Router, no render slot. When the
// only machine fails it, Fly's proxy holds every connection, so it must not wait behind the pages
// a busy process is rendering. 200 when the database answers a query, 500 when it does not.
import type { RequestHandler } from "express";
import type { Db } from "../db/connection.ts";
import { ROUTE_LABEL } from "./request-log.ts";

export const HEALTH_CHECK_PATH = "/healthcheck";

export function healthCheck(db: Db): RequestHandler {
  return (req, res, next) => {
    if (req.path !== HEALTH_CHECK_PATH) return next();
    res.locals.route = ROUTE_LABEL.healthCheck;
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.status(405).set({ Allow: "GET, HEAD", "Cache-Control": "no-store" }).end();
      return;
    }
    res.set({ "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" });
    try {
      db.$client.prepare("select 1").get();
      res.status(200).end("OK");
    } catch (error) {
      console.error("healthcheck failed", error);
      res.status(500).end("ERROR");
    }
  };
}
