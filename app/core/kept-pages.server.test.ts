import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { inlineScriptHashes, KeptPages, keptKey, seesWhatAnyoneSees, type KeptPage } from "./kept-pages.server";

const page = (text: string): KeptPage => ({
  status: 200,
  route: "/",
  headers: [],
  scriptHashes: [],
  identity: Buffer.from(text),
  gzip: Buffer.alloc(0),
  br: Buffer.alloc(0),
});

test("least recently used out, within the byte budget counted as buffers and key", () => {
  const pages = new KeptPages(100);
  pages.set("a", page("x".repeat(40)), 60_000);
  pages.set("b", page("y".repeat(40)), 60_000);
  expect(pages.bytes).toBe(82);
  expect(pages.get("a")).toBeDefined(); // a is now the most recently used
  pages.set("c", page("z".repeat(40)), 60_000);
  expect(pages.get("b")).toBeUndefined();
  expect(pages.get("a")?.identity.toString()).toBe("x".repeat(40));
  expect(pages.bytes).toBe(82);
  // A page larger than the whole budget is not kept, and evicts nothing.
  pages.set("huge", page("h".repeat(200)), 60_000);
  expect(pages.size).toBe(2);
});

test("a page is used for its time to live, then rendered again", () => {
  const pages = new KeptPages();
  pages.set("k", page("hello"), 1_000, 0);
  expect(pages.get("k", 999)).toBeDefined();
  expect(pages.get("k", 1_000)).toBeUndefined();
  expect(pages.bytes).toBe(0);
});

test("keys tell kinds, languages, URLs and shown data apart", () => {
  const url = new URL("http://x/?t=123412341234");
  const keys = new Set([keptKey("scan", "en", url, "{}"), keptKey("scan", "hi", url, "{}"), keptKey("scan", "en", url, '{"a":1}'), keptKey("page", "en", url), keptKey("page", "en", new URL("http://x/about"))]);
  expect(keys.size).toBe(5);
});

test("only our cookies that change a page mean it is rendered for the request", () => {
  expect(seesWhatAnyoneSees(undefined)).toBe(true);
  expect(seesWhatAnyoneSees("tb_lang=abc; _ga=GA1.1; tb_visits=xyz")).toBe(true);
  for (const cookie of ["tb_session=s", "_ga=1; tb_toast=t", "tb_lang=a;tb_dev=1"]) expect(seesWhatAnyoneSees(cookie), cookie).toBe(false);
});

test("the hashes of a document's inline scripts, not of its external ones", () => {
  const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;
  const html = `<script nonce="">one()</script><script type="module" src="/a.js"></script><script type="text/x-held">two()</script><script></script>`;
  expect(inlineScriptHashes(html)).toEqual([sha("one()"), sha("two()")]);
});
