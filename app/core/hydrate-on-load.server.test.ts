import { expect, test } from "vitest";
import { HELD_SCRIPT_TYPE } from "./hydrate-on-load";
import { holdHydrationUntilLoad } from "./hydrate-on-load.server";

// The shape React Router's <Scripts /> gives a document: preloads hoisted into <head>, the
// hydration module at the end of <body>, the loader data streamed after it.
const DOCUMENT =
  '<!DOCTYPE html><html lang="hi"><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n0"/>' +
  '<link rel="modulepreload" href="/assets/jsx-runtime-B.js" nonce="n0"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
  '<body><h1>खोया-पाया — lost &amp; found</h1><script type="application/ld+json" nonce="n0">{"price":"179"}</script>' +
  '<script nonce="n0">window.__reactRouterContext = {"a":"\\u003cb>"};</script>' +
  '<script nonce="n0" type="module" async="">import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script nonce="n0">window.__reactRouterContext.streamController.enqueue("x < y");</script></body></html>';

const EXPECTED = DOCUMENT.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(
  '<script nonce="n0" type="module" async="">',
  `<script nonce="n0" type="${HELD_SCRIPT_TYPE}">`,
);

test("drops the module preloads and holds the hydration script; everything else passes unchanged", () => {
  const output = holdHydrationUntilLoad(DOCUMENT);
  expect(output).toBe(EXPECTED);
  expect(output).not.toContain("modulepreload");
  expect(output).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
  expect(output).toContain('<script nonce="n0">window.__reactRouterContext = ');
});
