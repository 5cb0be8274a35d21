// HTTP requests that are valid (or merely odd) at the protocol level, written byte by byte on a
// socket: the server answers each with the right status and never logs a crash.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { crashLines, rawRequest, startServer, stopServer, type ServerProcess } from "./helpers";
import { LOCALES } from "../../app/core/locale.ts";
import { messageIn, type MessageKey } from "../../app/i18n/messages.ts";

let server: ServerProcess;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-protocol-"));
  server = await startServer({ DATABASE_PATH: path.join(dir, "protocol.db") });
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

const crlf = (lines: string[]) => lines.join("\r\n") + "\r\n\r\n";
const host = () => `127.0.0.1:${server.port}`;
const LANDING_TITLE = "<title>Tagback | QR stickers that bring lost things home</title>";

describe("request targets", () => {
  test("an absolute-form target (valid HTTP/1.1) serves the page", async () => {
    const response = await rawRequest(server.port, crlf([`GET http://${host()}/ HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
    expect(response.status).toBe(200);
    expect(response.body).toContain(LANDING_TITLE);
  });

  test("an absolute-form target names the host; a sticker scan through it finds the owner", async () => {
    // RFC 9112 §3.2.2: the target's authority wins over the Host header.
    const response = await rawRequest(
      server.port,
      crlf([`GET http://${host()}/?t=100000000001 HTTP/1.1`, "Host: elsewhere.example", "Connection: close"]),
    );
    expect(response.status).toBe(200);
    expect(response.body).toContain("Aarav Sharma");
  });

  test("an absolute-form POST is same-origin with the target's origin", async () => {
    const body = "intent=unlock&type=metrocard&number=9876543210123&digits=4821";
    const response = await rawRequest(
      server.port,
      crlf([
        `POST http://${host()}/?index&type=metrocard&number=9876543210123 HTTP/1.1`,
        `Host: ${host()}`,
        `Origin: http://${host()}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${body.length}`,
        "Connection: close",
      ]) + body,
    );
    expect(response.status).toBe(200);
    expect(response.body).toContain("Architect in Bandra");
  });

  test("an absolute-form target with another scheme is a bad request", async () => {
    for (const target of [`ftp://${host()}/`, "javascript://x/", `http://${host()}@evil.example/`, "http:///"]) {
      const response = await rawRequest(server.port, crlf([`GET ${target} HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
      expect(response.status, target).toBe(400);
    }
  });

  test("an asterisk target is a bad request except for OPTIONS", async () => {
    const get = await rawRequest(server.port, crlf(["GET * HTTP/1.1", `Host: ${host()}`, "Connection: close"]));
    expect(get.status).toBe(400);
    const options = await rawRequest(server.port, crlf(["OPTIONS * HTTP/1.1", `Host: ${host()}`, "Connection: close"]));
    expect(options.status).toBe(204);
    expect(options.headers.allow).toContain("GET");
  });

  test("an authority-form target outside CONNECT is a bad request", async () => {
    const response = await rawRequest(server.port, crlf([`GET ${host()} HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
    expect(response.status).toBe(400);
  });

  test("a request line without a version is a bad request, counted and logged as the parser's refusal", async () => {
    const response = await rawRequest(server.port, "GET /\r\n\r\n");
    expect(response.status).toBe(400);
    const line = server
      .output()
      .split("\n")
      .filter((text) => text.startsWith("{"))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.event === "parser-rejected");
    expect(line).toMatchObject({ event: "parser-rejected", code: expect.stringMatching(/^HPE_/), status: 400 });
  });

  test("headers too large: 431", async () => {
    const response = await rawRequest(server.port, crlf(["GET / HTTP/1.1", `Host: ${host()}`, `X-Big: ${"a".repeat(20_000)}`, "Connection: close"]));
    expect(response.status).toBe(431);
  });

  test("a target starting with // is a path (React Router's / for //), never a 500", async () => {
    for (const method of ["GET", "HEAD"]) {
      for (const target of ["//", "///"]) {
        const response = await rawRequest(server.port, crlf([`${method} ${target} HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
        expect(response.status, `${method} ${target}`).toBe(200);
      }
    }
    const scan = await rawRequest(server.port, crlf(["GET //?t=100000000001 HTTP/1.1", `Host: ${host()}`, "Connection: close"]));
    expect(scan.status).toBe(200);
    expect(scan.body).toContain("Aarav Sharma");
    // Not another host: the not-found page of this one.
    const elsewhere = await rawRequest(server.port, crlf(["GET //evil.example/ HTTP/1.1", `Host: ${host()}`, "Connection: close"]));
    expect(elsewhere.status).toBe(404);
  });

  test("a path with broken percent-encoding is a bad request, not a logged error", async () => {
    for (const target of ["/%zz", "/about%", "/%C0%AF", "/%ZZ.data"]) {
      const response = await rawRequest(server.port, crlf([`GET ${target} HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
      expect(response.status, target).toBe(400);
    }
  });
});

describe("Host", () => {
  test("an empty Host header is a bad request", async () => {
    const response = await rawRequest(server.port, crlf(["GET / HTTP/1.1", "Host:", "Connection: close"]));
    expect(response.status).toBe(400);
  });

  test("a malformed Host is a bad request", async () => {
    for (const value of ["a b", "x@evil.example:1", "localhost:99999", "localhost:abc", "local/host", "[::1", "[zz::1]:80"]) {
      const response = await rawRequest(server.port, crlf(["GET / HTTP/1.1", `Host: ${value}`, "Connection: close"]));
      expect(response.status, value).toBe(400);
    }
  });

  test("HTTP/1.1 without Host is a bad request", async () => {
    const response = await rawRequest(server.port, crlf(["GET / HTTP/1.1", "Connection: close"]));
    expect(response.status).toBe(400);
  });

  test("HTTP/1.0 without Host is served as if addressed to APP_URL", async () => {
    const response = await rawRequest(server.port, crlf(["GET / HTTP/1.0"]));
    expect(response.status).toBe(200);
    expect(response.body).toContain(LANDING_TITLE);
  });

  test("HTTP/1.0 with Host is served", async () => {
    const response = await rawRequest(server.port, crlf(["GET /healthcheck HTTP/1.0", `Host: ${host()}`]));
    expect(response.status).toBe(200);
  });
});

describe("methods", () => {
  test("TRACE and methods no form sends answer 405 with Allow", async () => {
    for (const method of ["TRACE", "PROPFIND", "MKCOL", "PUT", "PATCH", "DELETE"]) {
      const response = await rawRequest(server.port, crlf([`${method} / HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
      expect(response.status, method).toBe(405);
      expect(response.headers.allow, method).toBe("GET, HEAD, POST");
    }
  });

  test("OPTIONS names the methods and never reaches the app", async () => {
    for (const target of ["/", "/about", "/search/location", "/about.data"]) {
      const response = await rawRequest(server.port, crlf([`OPTIONS ${target} HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
      expect(response.status, target).toBe(204);
      expect(response.headers.allow, target).toBe("GET, HEAD, POST, OPTIONS");
    }
  });

  test("HEAD answers like GET without a body", async () => {
    const response = await rawRequest(server.port, crlf(["HEAD / HTTP/1.1", `Host: ${host()}`, "Connection: close"]));
    expect(response.status).toBe(200);
    expect(response.body).toBe("");
  });
});

describe("cross-site posts", () => {
  const postLanguage = (headers: Record<string, string>) =>
    fetch(`${server.url}/language`, { method: "POST", headers, body: new URLSearchParams({ lang: "hi", returnTo: "/about" }), redirect: "manual" });

  test("without Origin or Sec-Fetch-Site, a Referer from another origin is refused", async () => {
    for (const referer of ["https://evil.example/form", `http://127.0.0.1:${server.port + 1}/`, "not a url"]) {
      const response = await postLanguage({ Referer: referer });
      expect(response.status, referer).toBe(403);
      expect(response.headers.get("set-cookie"), referer).toBeNull();
    }
  });

  test("a Referer from this origin, or no browser headers at all, is served", async () => {
    const sameOrigin: Record<string, string>[] = [{ Referer: `${server.url}/about?x=1` }, {}];
    for (const headers of sameOrigin) {
      const response = await postLanguage(headers);
      expect(response.status).toBe(303);
      expect(response.headers.get("set-cookie")).toContain("tb_lang=");
    }
  });
});

describe("the plain-text refusals before the app, in the request's language", () => {
  const text = (locale: (typeof LOCALES)[number], key: "site.crossSiteRefused" | "site.bodyTooLarge") => {
    const message = messageIn(locale, key);
    return `${message.title}\n${message.description}\n`;
  };
  const crossSite = (headers: Record<string, string>, target = "/language") =>
    fetch(`${server.url}${target}`, { method: "POST", headers: { Origin: "https://evil.example", ...headers }, body: new URLSearchParams({ lang: "hi" }), redirect: "manual" });
  const tooLarge = (headers: Record<string, string>) =>
    fetch(`${server.url}/contact-owner`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: `message=${"x".repeat(200 * 1024)}`,
      redirect: "manual",
    });

  test.each(LOCALES)("403 and 413 in %s, from Accept-Language", async (locale) => {
    const refused = await crossSite({ "Accept-Language": `${locale}-IN,${locale};q=0.9,en;q=0.5` });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(refused.headers.get("content-language")).toBe(locale);
    expect(refused.headers.get("vary")).toMatch(/Accept-Language/);
    expect(await refused.text()).toBe(text(locale, "site.crossSiteRefused"));
    const large = await tooLarge({ "Accept-Language": locale });
    expect(large.status).toBe(413);
    expect(large.headers.get("content-language")).toBe(locale);
    expect(await large.text()).toBe(text(locale, "site.bodyTooLarge"));
  });

  test.each(LOCALES)("400, 405 and 411 in %s, from Accept-Language, and a form that is not one", async (locale) => {
    const utf8 = (body: string) => Buffer.from(body, "latin1").toString("utf8");
    const plain = (key: MessageKey) => `${messageIn(locale, key).title}\n`;
    const ask = (lines: string[], body = "") => rawRequest(server.port, crlf([...lines, `Accept-Language: ${locale}-IN,${locale};q=0.9`, "Connection: close"]) + body);
    const badHost = await ask(["GET / HTTP/1.1", "Host: local/host"]);
    expect(badHost.status).toBe(400);
    expect(badHost.headers["content-language"]).toBe(locale);
    expect(utf8(badHost.body)).toBe(plain("refusal.badHost"));
    const put = await ask(["PUT / HTTP/1.1", `Host: ${host()}`, "Content-Length: 0"]);
    expect(put.status).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD, POST");
    expect(utf8(put.body)).toBe(plain("refusal.methodNotAllowed"));
    const chunked = await ask(["POST /language HTTP/1.1", `Host: ${host()}`, "Content-Type: application/x-www-form-urlencoded", "Transfer-Encoding: chunked"], "0\r\n\r\n");
    expect(chunked.status).toBe(411);
    expect(utf8(chunked.body)).toBe(plain("refusal.lengthRequired"));
    // A read-only resource route: React Router's 405, answered in plain words (server/app.ts).
    const robots = await ask(["POST /robots.txt HTTP/1.1", `Host: ${host()}`, "Content-Type: application/x-www-form-urlencoded", "Content-Length: 1"], "x");
    expect(robots.status).toBe(405);
    expect(robots.headers["content-language"]).toBe(locale);
    expect(utf8(robots.body)).toBe(plain("refusal.methodNotAllowed"));
    // A multipart body that is not one (middleware/read-form.server.ts): a 400 in words, not a 500.
    const broken = await ask(["POST /language HTTP/1.1", `Host: ${host()}`, "Content-Type: multipart/form-data; boundary=x", "Content-Length: 5"], "--y\r\n");
    expect(broken.status).toBe(400);
    expect(utf8(broken.body)).toContain(messageIn(locale, "refusal.badForm").title);
  });

  test("the switch's cookie wins over Accept-Language, and a language the URL names over both", async () => {
    const chosen = await fetch(`${server.url}/language`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ lang: "kn", returnTo: "/" }),
      redirect: "manual",
    });
    const cookie = chosen.headers.get("set-cookie")!.split(";")[0]!;
    const byCookie = await crossSite({ Cookie: cookie, "Accept-Language": "ta" });
    expect(await byCookie.text()).toBe(text("kn", "site.crossSiteRefused"));
    const byUrl = await crossSite({ Cookie: cookie, "Accept-Language": "ta" }, "/findowner?hl=bn");
    expect(byUrl.headers.get("content-language")).toBe("bn");
    expect(await byUrl.text()).toBe(text("bn", "site.crossSiteRefused"));
    // Nothing said: English.
    expect(await (await tooLarge({})).text()).toBe(text("en", "site.bodyTooLarge"));
  });
});

describe("response headers", () => {
  test("a header a route sets replaces the server's default instead of coming twice", async () => {
    // A finder's private thread (here one that does not exist) keeps its address out of Referers.
    const thread = await rawRequest(server.port, crlf([`GET /f/${"a".repeat(43)} HTTP/1.1`, `Host: ${host()}`, "Connection: close"]));
    const referrerPolicies = (text: string) => text.slice(0, text.indexOf("\r\n\r\n")).match(/^referrer-policy:.*$/gim)?.map((line) => line.toLowerCase());
    expect(referrerPolicies(thread.text)).toEqual(["referrer-policy: same-origin"]);
    const landing = await rawRequest(server.port, crlf(["GET / HTTP/1.1", `Host: ${host()}`, "Connection: close"]));
    expect(referrerPolicies(landing.text)).toEqual(["referrer-policy: strict-origin-when-cross-origin"]);
  });
});

describe("IPv6", () => {
  test("a same-origin form post over http://[::1]:PORT works", async () => {
    const origin = `http://[::1]:${server.port}`;
    const response = await fetch(`${origin}/?index&type=metrocard&number=9876543210123`, {
      method: "POST",
      headers: { Origin: origin, "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ intent: "unlock", type: "metrocard", number: "9876543210123", digits: "4821" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Architect in Bandra");
  });

  test("the same host spelled differently is still the same origin", async () => {
    const body = "intent=unlock&type=metrocard&number=9876543210123&digits=4821";
    const response = await rawRequest(
      server.port,
      crlf([
        "POST /?index&type=metrocard&number=9876543210123 HTTP/1.1",
        `Host: [0:0:0:0:0:0:0:1]:${server.port}`,
        `Origin: http://[::1]:${server.port}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${body.length}`,
        "Connection: close",
      ]) + body,
      { host: "::1" },
    );
    expect(response.status).toBe(200);
    expect(response.body).toContain("Architect in Bandra");
  });

  test("another origin is still refused over IPv6", async () => {
    const response = await fetch(`http://[::1]:${server.port}/?index&type=metrocard&number=9876543210123`, {
      method: "POST",
      headers: { Origin: `http://[::2]:${server.port}` },
      body: new URLSearchParams({ intent: "unlock", type: "metrocard", number: "9876543210123", digits: "4821" }),
    });
    expect(response.status).toBe(403);
  });
});

test("none of the above logged a crash", () => {
  expect(crashLines(server.stderr())).toEqual([]);
});
