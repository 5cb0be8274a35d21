import { expect, test } from "vitest";
import { documentKey, fromTemplate, RenderedDocuments, toTemplate } from "./render-cache.server";

const NONCE_A = "ljnVKfcwgJMkihhSQqWEfg==";
const TICKET_A = "1bded734-6624-4118-8ae2-c5488512a5d7.1795566693112.CqK1un0ZTGt3sR2qK4o8JUpVamX3";
const NONCE_B = "1o765kcRMq6TzDhrz6e4pg==";
const TICKET_B = "4667dd64-2706-46f0-a991-8c9fb45b3ba2.1795566693158.208ajM6cpgTmPS87-o7j1i2-k6yg";

const page = (nonce: string, ticket: string) =>
  `<link nonce="${nonce}" rel="icon"/><p>Aarav Sharma</p><a href="/contact-owner?visit=${ticket}">I found this</a><div data-ticket="${ticket}"></div>`;

test("a kept page comes back with the next request's own nonce and ticket, and nothing of the first's", () => {
  const template = toTemplate(page(NONCE_A, TICKET_A), [NONCE_A, TICKET_A]);
  expect(template).not.toBeNull();
  expect(template).not.toContain(NONCE_A);
  expect(template).not.toContain(TICKET_A);
  expect(fromTemplate(template!, [NONCE_B, TICKET_B])).toBe(page(NONCE_B, TICKET_B));
});

test("a value that also appears escaped or URL-encoded, or is too short to be told apart, keeps the page out", () => {
  const plusTicket = "abc+def/ghi=jkl.1795566693158.sig";
  expect(toTemplate(`<a href="/x?visit=${encodeURIComponent(plusTicket)}">`, [NONCE_A, plusTicket])).toBeNull();
  const quoted = `it's-a-ticket-0123456789`;
  expect(toTemplate(`<div data-ticket="it&#x27;s-a-ticket-0123456789">`, [NONCE_A, quoted])).toBeNull();
  expect(toTemplate("<p>1234</p>", [NONCE_A, "1234"])).toBeNull();
});

test("the key is the URL, status and data without this request's values: same data, same key; other data, other key", () => {
  const url = new URL("http://localhost/?t=100000000001");
  const data = (ticket: string, name: string) => ({ root: { locale: "en", signedIn: false }, "routes/_index": { search: { name, locationTicket: ticket } } });
  const first = documentKey(url, 200, data(TICKET_A, "Aarav Sharma"), [NONCE_A, TICKET_A]);
  expect(documentKey(url, 200, data(TICKET_B, "Aarav Sharma"), [NONCE_B, TICKET_B])).toBe(first);
  expect(documentKey(url, 200, data(TICKET_B, "Aarav S."), [NONCE_B, TICKET_B])).not.toBe(first);
  expect(documentKey(new URL("http://localhost/?t=200048210002"), 200, data(TICKET_B, "Aarav Sharma"), [NONCE_B, TICKET_B])).not.toBe(first);
  expect(first).not.toContain(TICKET_A);
});

test("least recently used pages leave first when the byte budget is full; a page is used for its TTL only", () => {
  const pageBytes = 2 * (1 + 100);
  const kept = new RenderedDocuments(pageBytes * 2, 1000);
  kept.set("a", "x".repeat(100), 0);
  kept.set("b", "y".repeat(100), 0);
  expect(kept.get("a", 10)).toBe("x".repeat(100)); // "a" is now the most recently used
  kept.set("c", "z".repeat(100), 10);
  expect(kept.size).toBe(2);
  expect(kept.get("b", 20)).toBeUndefined();
  expect(kept.get("a", 20)).toBeDefined();
  expect(kept.get("c", 20)).toBeDefined();
  expect(kept.get("c", 1010)).toBeUndefined();
  expect(kept.size).toBe(1);
  kept.set("huge", "h".repeat(1000), 0);
  expect(kept.get("huge", 0)).toBeUndefined();
});
