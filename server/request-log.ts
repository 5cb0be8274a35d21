// Every request, once it is over: one line on stdout (JSON, or text at a terminal:
// app/core/log-lines.js) and one observation of the latency histogram, labelled by what answered it
// rather than by its URL. A URL can carry a sticker's token (`/?t=…`) or a finder's private thread
// secret (`/f/…`), and the client's address and anything it sent stay out too: the line holds
// time, method, route, status, duration and bytes, and the
// request's id, nothing else. The id (Fly's `Fly-Request-Id` when it sent a well-formed one, else
// one made here) is also the response's `X-Request-Id`: a user's report or Fly's proxy log names
// the very line.
//
// `route` is the route's pattern when React Router answered (middleware/matched-route.ts), or one
// of ROUTE_LABEL for what Express answers by itself. The work per request is a timer, a histogram
// observation and one synchronous write: about 1 % of a scan's CPU in a profile, most of it the
// log line (docs/operating.md).
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { counter, histogram } from "../app/core/metrics.server.ts";
import { logLine } from "../app/core/log-lines.js";

/** The `route` of a request the app's routes did not answer (set on res.locals.route). */
export const ROUTE_LABEL = {
  /** Answered by server/main.ts's own checks (a bad request line, 405, OPTIONS, cross-site, body too large). */
  server: "server",
  /** A file from build/client (hashed assets, public/). */
  static: "static",
  /** A finder search over the per-client limit, refused before routing (server/app.ts). */
  searchRefused: "search-refused",
  /** Fly's health check, answered before anything else (server/health-check.ts). */
  healthCheck: "healthcheck",
  /** React Router answered without matching a route (its route manifest) or failed before it matched. */
  unmatched: "unmatched",
} as const;

// Node's parser accepts a few dozen methods; main.ts answers all but these with 405.
const METHODS = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

const requestDuration = histogram({
  name: "tagback_http_request_duration_seconds",
  help: "Time from a request's arrival until its response ended, by route pattern, method and status (event streams are in tagback_event_stream_duration_seconds); _count counts requests",
  labelNames: ["route", "method", "status"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
});

// An event stream lives for minutes: in the request histogram it would put every route's p99 at
// its length.
const streamDuration = histogram({
  name: "tagback_event_stream_duration_seconds",
  help: "How long each live event stream stayed open, by route pattern",
  labelNames: ["route"],
  buckets: [1, 10, 60, 300, 900, 1800, 3600, 10800],
});

/** What one request's log line holds. */
export type RequestLogLine = { time: string; id: string; method: string; route: string; status: number; ms: number; bytes: number };

/**
 * Fly's id for the request when it looks like one (letters, digits, `-`, `_`, `.`, at most 128),
 * else a new one: a header a client can send is never written to the log as it came.
 */
export function requestIdOf(flyRequestId: string | string[] | undefined): string {
  return typeof flyRequestId === "string" && /^[\w.-]{1,128}$/.test(flyRequestId) ? flyRequestId : randomUUID();
}

/** Mounted first, so its timer starts before any other work and it sees every answer. */
/** Marks a request the process made to itself (server/warm-up.ts): neither logged nor observed. */
export const UNLOGGED = Symbol("unlogged request");

export function requestLog(write: (line: string) => void = (line) => process.stdout.write(line)): RequestHandler {
  return (req, res, next) => {
    if ((req as { [UNLOGGED]?: boolean })[UNLOGGED]) return next();
    const start = performance.now();
    const socket = req.socket;
    // Bytes on the wire, headers included and after compression; the connection may be reused.
    const writtenBefore = socket.bytesWritten;
    res.locals.route = ROUTE_LABEL.server;
    const id = requestIdOf(req.headers["fly-request-id"]);
    res.setHeader("X-Request-Id", id);
    const record = () => {
      const ms = performance.now() - start;
      const method = METHODS.has(req.method) ? req.method : "other";
      const route = String(res.locals.route);
      const status = res.statusCode;
      if (/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? ""))) streamDuration.observe({ route }, ms / 1000);
      else requestDuration.observe({ route, method, status }, ms / 1000);
      const line: RequestLogLine = {
        time: new Date().toISOString(),
        id,
        method,
        route,
        status,
        ms: Math.round(ms * 100) / 100,
        bytes: socket.bytesWritten - writtenBefore,
      };
      write(logLine(line));
    };
    // "close" follows "finish", and also comes alone when the client went away first.
    res.once("close", record);
    next();
  };
}

const parserRejected = counter({
  name: "tagback_http_parser_rejected_total",
  help: "Requests Node's HTTP parser refused before any handler saw them (a malformed request line or header, headers too large), by the parser's code",
  labelNames: ["code"],
});

/**
 * Node's `clientError`: a request its parser refused. Counted and logged as one JSON line (no
 * bytes of the request: they are a stranger's), then answered as Node would — 431 for headers too
 * large, else 400 — or, when the connection is already gone, dropped.
 */
export function rejectedByParser(write: (line: string) => void = (line) => process.stdout.write(line)) {
  return (error: NodeJS.ErrnoException, socket: Duplex) => {
    const code = /^HPE_[A-Z_]+$/.test(String(error.code)) ? String(error.code) : "other";
    parserRejected.inc({ code });
    const status = code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    write(logLine({ time: new Date().toISOString(), event: "parser-rejected", code, status }));
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(`HTTP/1.1 ${status} ${status === 431 ? "Request Header Fields Too Large" : "Bad Request"}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };
}
