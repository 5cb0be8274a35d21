import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { canonicalUrl, inlineScriptHashes, KeptPages, keptKey, seesWhatAnyoneSees, type KeptPage } from "./kept-pages.server";

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

test("a page is worth keeping on its second ask within the time to live; the first asks are bounded", () => {
  const pages = new KeptPages(1_000_000, { maxAsked: 2 });
  expect(pages.askedBefore("a", 1_000, 0)).toBe(false);
  expect(pages.askedBefore("a", 1_000, 10)).toBe(true);
  // A third ask is still a repeat (the burst that follows a second ask keeps nothing twice).
  expect(pages.askedBefore("a", 1_000, 20)).toBe(true);
  // Past the time to live it is a first ask again.
  expect(pages.askedBefore("a", 1_000, 1_000)).toBe(false);
  // Beyond maxAsked, the oldest first ask is forgotten.
  expect(pages.askedBefore("b", 1_000, 1_001)).toBe(false);
  expect(pages.askedBefore("c", 1_000, 1_002)).toBe(false);
  expect(pages.askedBefore("a", 1_000, 1_003)).toBe(false);
  expect(pages.askedBefore("c", 1_000, 1_004)).toBe(true);
});

test("compressions under way are capped and counted in the budget before they finish", () => {
  const pages = new KeptPages(100, { maxKeeping: 2 });
  pages.set("old", page("o".repeat(40)), 60_000);
  expect(pages.reserve(30)).toBe(true);
  expect(pages.bytes).toBe(73);
  // A third at once is refused whatever the room.
  expect(pages.reserve(1)).toBe(true);
  expect(pages.reserve(1)).toBe(false);
  expect(pages.keeping).toBe(2);
  // Room is made for what is under way: the oldest page goes.
  pages.settle(1, "x", null, 60_000);
  expect(pages.reserve(60)).toBe(true);
  expect(pages.get("old")).toBeUndefined();
  expect(pages.bytes).toBe(90);
  // More than the budget can hold with what is under way is refused.
  pages.settle(30, "y", page("y".repeat(9)), 60_000);
  expect(pages.reserve(50)).toBe(false);
  pages.settle(60, "z", null, 60_000);
  expect(pages.keeping).toBe(0);
  expect(pages.bytes).toBe(10);
});

test("a burst of asks for one page waits for the one render, which ends once", async () => {
  const pages = new KeptPages();
  expect(pages.beingRendered("k")).toBeUndefined();
  const end = pages.startRendering("k");
  const waiting = pages.beingRendered("k");
  expect(waiting).toBeDefined();
  const rendered = { status: 200, route: "/", headers: [], scriptHashes: [], body: Buffer.from("<p>x</p>") };
  end(rendered);
  await expect(waiting).resolves.toBe(rendered);
  expect(pages.beingRendered("k")).toBeUndefined();
  // A later render of the same key is not ended by the first one's second call.
  pages.startRendering("k");
  end(null);
  expect(pages.beingRendered("k")).toBeDefined();
});

test("the canonical URL keeps only the parameters pages read, in their order", () => {
  const canonical = (href: string) => canonicalUrl(new URL(href, "http://x"));
  expect(canonical("/privacy-policy?j=1&utm_source=a")).toBe("/privacy-policy");
  expect(canonical("/?utm=1&t=100000000001&fbclid=z")).toBe("/?t=100000000001");
  expect(canonical("/blog?q=metro%20card&page=2")).toBe("/blog?q=metro%20card");
  expect(canonical("/?type=metrocard&number=12&x=1")).toBe("/?type=metrocard&number=12");
  expect(canonical("/blog/a-post?author")).toBe("/blog/a-post?author=");
  // The language by URL is part of the page, but only one of ours, named once.
  expect(canonical("/findowner?utm=1&hl=ta")).toBe("/findowner?hl=ta");
  expect(canonical("/about?hl=xx")).toBe("/about");
  expect(canonical("/about?hl=ta&hl=bn")).toBe("/about");
  expect(canonical("/?type=metrocard&hl=bn&number=12")).toBe("/?type=metrocard&hl=bn&number=12");
});

test("our cookies are read by name as the cookie parser reads them: spaces and tabs around a name count", () => {
  for (const cookie of ["tb_toast =t", "tb_toast\t=t", " tb_toast=t", "tb_lang=en; tb_toast =t", "_ga=1;tb_toast=t", "tb_toast=a; tb_toast=b", "tb_session"]) {
    expect(seesWhatAnyoneSees(cookie), JSON.stringify(cookie)).toBe(false);
  }
  expect(seesWhatAnyoneSees(" tb_lang =hi ;\ttb_visits=v; other=tb_toast")).toBe(true);
});
