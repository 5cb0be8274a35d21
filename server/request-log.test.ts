// The request log's metrics: an ordinary response is observed in the request histogram, an event
// stream only in its own (its minutes would otherwise set every route's p99), and the log line
// holds neither the URL nor the client's address. A real Express app on loopback.
import express from "express";
import type { AddressInfo } from "node:net";
import { register } from "prom-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import { requestLog } from "./request-log";

const lines: string[] = [];
let base: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use(requestLog((line) => lines.push(line)));
  app.get("/page", (_req, res) => {
    res.locals.route = "/page";
    res.type("html").send("<p>hi</p>");
  });
  app.get("/events", (_req, res) => {
    res.locals.route = "/events";
    res.set("Content-Type", "text/event-stream").write("data: one\n\n");
    setTimeout(() => res.end(), 20);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

async function count(name: string, route: string): Promise<number> {
  const metric = (await register.getMetricsAsJSON()).find((m) => m.name === name);
  return Number(metric?.values.find((v) => (v as { metricName?: string }).metricName === `${name}_count` && v.labels.route === route)?.value ?? 0);
}

test("a page goes to the request histogram, an event stream to its own", async () => {
  await (await fetch(`${base}/page?token=123456789012`)).text();
  await (await fetch(`${base}/events`)).text();
  await expect.poll(() => count("tagback_event_stream_duration_seconds", "/events")).toBe(1);
  expect(await count("tagback_http_request_duration_seconds", "/page")).toBe(1);
  expect(await count("tagback_http_request_duration_seconds", "/events")).toBe(0);
  expect(lines.map((line) => JSON.parse(line).route)).toEqual(["/page", "/events"]);
  expect(lines.join("")).not.toContain("123456789012");
});
