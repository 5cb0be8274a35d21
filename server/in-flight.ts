// Counts the requests this process is answering, for the mint's give-way
// (app/core/requests-in-flight.server.ts): from a request's arrival until its response closes
// (ended, or the client gone), except an event stream, which stops counting once its headers are
// out — it then stays open for minutes with nothing to do, and would hold a mint at a hash a second.
import type { RequestHandler } from "express";
import { requestBegan } from "../app/core/requests-in-flight.server.ts";

const EVENT_STREAM = /^text\/event-stream/i;

/** Mounted right after the request log, before the health check: every request is counted. */
export function countInFlight(): RequestHandler {
  return (_req, res, next) => {
    const ended = requestBegan();
    res.once("close", ended);
    // Every way headers leave (res.end, res.flushHeaders for a stream) goes through writeHead.
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: unknown[]) {
      if (EVENT_STREAM.test(String(res.getHeader("Content-Type") ?? ""))) ended();
      return (writeHead as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.writeHead;
    next();
  };
}
