// Malformed requests to every route answer a 4xx (or a success), never a 5xx, and the server keeps
// answering. A fixed catalogue (bad methods, wrong bodies, odd query strings, weird headers) for
// every route and its `.data` twin, anonymous and signed in, and for `//`-style targets; then
// fast-check with a fixed seed and a bounded number of runs, so the test is deterministic; then the
// JSON endpoints (the passkey steps) and the push subscription with the bodies and seeded
// generated ones, and a bound on what long passkey challenges add to the log (decision 043); then a
// POST to every resource route that only reads, which must be a plain 405.
import Database from "better-sqlite3";
import fc from "fast-check";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { crashLines, rawRequest, startServer, stopServer, type ServerProcess } from "./helpers";

const SEED = 20_261_123;
const RUNS = 400;
const CONCURRENCY = 8;

/** The URL of a route file or folder of app/routes/ (flat routes). */
function routeUrl(entry: string): string {
  const segments = entry
    .replace(/\.(tsx?|jsx?)$/, "")
    .split(/\.(?![^[]*\])/) // a dot in brackets is part of the segment: robots[.]txt
    .filter((segment) => !segment.startsWith("_")) // pathless layouts and _index
    .map((segment) => segment.replace(/_$/, "")) // auth_.callback: not nested in auth's layout
    .map((segment) => segment.replace(/\[(.*?)\]/g, "$1"))
    .map((segment) => (segment === "$" ? "no-such-page" : segment.startsWith("$") ? "x" : segment));
  return `/${segments.join("/")}`;
}

/** URLs of the route table, from app/routes/, plus the ones the spec names. */
function routeUrls(): string[] {
  const urls = new Set(["/", "/about", "/findowner", "/auth", "/auth/callback", "/auth/confirm", "/logout", "/search/location",
    "/healthcheck", "/profile", "/token", "/settings", "/lost", "/found", "/lost-found", "/messaging", "/admin/lookup", "/no-such-page/x"]);
  for (const entry of fs.readdirSync("app/routes")) urls.add(routeUrl(entry));
  return [...urls].sort();
}

/** Resource routes (no page) with a loader and no action: robots.txt, the health check, feeds, event streams. */
function readOnlyResourceUrls(): string[] {
  return fs.readdirSync("app/routes").flatMap((entry) => {
    const file = [entry, `${entry}/route.tsx`, `${entry}/route.ts`].map((name) => path.join("app/routes", name)).find((name) => fs.statSync(name, { throwIfNoEntry: false })?.isFile());
    const source = file ? fs.readFileSync(file, "utf8") : "";
    const readOnly = /^export (async )?function loader\b/m.test(source) && !/^export default\b|^export (async )?function action\b/m.test(source);
    return readOnly ? [routeUrl(entry)] : [];
  });
}

/**
 * Request targets that are network-path references (`//host/path`) where `new URL(target, base)`
 * reads a host, or throws on an empty one: each is a path here.
 */
const NETWORK_PATH_TARGETS = ["//", "///", "//?t=100000000001", "//evil.example/", "//about", "//_.data", "//robots.txt", "//%zz"];

/** React Router's single-fetch URL for a page: `/about.data`, `/_.data` for the root. */
const dataUrl = (url: string) => (url === "/" ? "/_.data" : `${url}.data`);

const ROUTES = routeUrls();
const PATHS = ROUTES.flatMap((url) => [url, dataUrl(url)]);
const FIELD_NAMES = ["intent", "email", "password", "redirectTo", "token", "tokenId", "productId", "name", "digits", "digit", "type",
  "number", "ticket", "latitude", "longitude", "fullName", "bio", "xUsername", "mobileNumber", "metroCardNumber", "socialSms",
  "maskBio", "useSocialIcons", "useMobileForSocials", "setting", "value", "code", "state", "item", "id", "status", "identifier",
  "dateLost", "message", "reward", "photo"];
const INTENTS = ["unlock", "google", "dev-unlock", "sign-up", "sign-in", "verify-token", "remove-token", "add-product", "rename-product",
  "delete-product", "privacy", "update-profile", "logout", "report", "status", "delete", "claim", "", "nonsense"];

type FuzzRequest = {
  method: string;
  target: string;
  headers: [string, string][];
  body?: Buffer;
  signedIn?: boolean;
  /** The Host header: the server's by default, null for none. */
  host?: string | null;
  /** Send the target in absolute form (`http://HOST/path`). */
  absolute?: boolean;
};

let server: ServerProcess;
let dir: string;
let sessionCookie = "";
const failures: string[] = [];
/** How many answers of each status the requests got: proof they reached the app. */
const statuses = new Map<number, number>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-fuzz-"));
  server = await startServer({ DATABASE_PATH: path.join(dir, "fuzz.db"), DEV_MODE_PASSWORD: "fuzz-pw" });
  // A signed-in owner (demo data), so the owner pages' actions run too.
  const unlocked = await fetch(`${server.url}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "dev-unlock", password: "fuzz-pw" }),
    redirect: "manual",
  });
  const devCookie = cookiePairs(unlocked);
  const signedIn = await fetch(`${server.url}/auth`, {
    method: "POST",
    headers: { Cookie: devCookie },
    body: new URLSearchParams({ intent: "sign-in", email: "aarav.sharma@example.com", password: "demo1234" }),
    redirect: "manual",
  });
  expect(signedIn.status).toBe(302);
  sessionCookie = [devCookie, cookiePairs(signedIn)].filter(Boolean).join("; ");
  expect((await fetch(`${server.url}/profile`, { headers: { Cookie: sessionCookie }, redirect: "manual" })).status).toBe(200);
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

function cookiePairs(response: Response) {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

function encode(request: FuzzRequest): Buffer {
  const authority = `127.0.0.1:${server.port}`;
  const target = request.absolute ? `http://${authority}${request.target}` : request.target;
  const host = request.host === undefined ? authority : request.host;
  const lines = [`${request.method} ${target} HTTP/1.1`, ...(host === null ? [] : [`Host: ${host}`]), "Connection: close"];
  let cookie = request.signedIn ? sessionCookie : "";
  for (const [name, value] of request.headers) {
    if (name.toLowerCase() === "cookie") cookie = [cookie, value].filter(Boolean).join("; ");
    else lines.push(`${name}: ${value}`);
  }
  if (cookie) lines.push(`Cookie: ${cookie}`);
  if (request.body) lines.push(`Content-Length: ${request.body.length}`);
  return Buffer.concat([Buffer.from(lines.join("\r\n") + "\r\n\r\n", "latin1"), request.body ?? Buffer.alloc(0)]);
}

function describeRequest(request: FuzzRequest) {
  const body = request.body ? ` body ${request.body.length} B: ${request.body.subarray(0, 80).toString("latin1")}` : "";
  const headers = request.headers.map(([n, v]) => `${n}: ${v.slice(0, 60)}`).join(" | ");
  const host = request.host === undefined ? "" : ` Host: ${request.host}`;
  return `${request.signedIn ? "[signed in] " : ""}${request.method} ${request.absolute ? "(absolute) " : ""}${request.target.slice(0, 120)}${host} ${headers}${body}`;
}

/** Sends one request; records it when the answer is a 5xx or no answer at all. */
async function check(request: FuzzRequest): Promise<boolean> {
  const response = await rawRequest(server.port, encode(request), { timeoutMs: 15_000 }).catch((error: Error) => ({ status: 0, body: error.message }));
  statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  if (response.status >= 100 && response.status < 500) return true;
  failures.push(`${response.status} ${describeRequest(request)} -> ${response.body.slice(0, 200)}`);
  return false;
}

async function checkAll(requests: FuzzRequest[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) await check(requests[next++]!);
    }),
  );
}

// --- the fixed catalogue

const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
const FORM = ["Content-Type", "application/x-www-form-urlencoded"] as [string, string];
const sameOrigin = () => ["Origin", `http://127.0.0.1:${server.port}`] as [string, string];

function bodies(): { headers: [string, string][]; body: Buffer }[] {
  const boundary = "----fuzzboundary";
  return [
    { headers: [["Content-Type", "application/json"]], body: Buffer.from('{"intent":"unlock","digits":[1,2]}') },
    { headers: [["Content-Type", `multipart/form-data; boundary=${boundary}`]], body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nunl`) },
    { headers: [["Content-Type", "multipart/form-data"]], body: Buffer.from("intent=unlock") },
    { headers: [["Content-Type", `multipart/form-data; boundary=${boundary}`]], body: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--${boundary}--\r\n`, "latin1") },
    { headers: [FORM], body: Buffer.from(`${"n".repeat(60_000)}=1&intent=unlock`) },
    { headers: [FORM], body: Buffer.from([0x69, 0x6e, 0x74, 0x65, 0x6e, 0x74, 0x3d, 0xff, 0xfe, 0xc0, 0xaf, 0x26, 0x25, 0x7a, 0x7a, 0x3d, 0x25]) },
    { headers: [FORM], body: Buffer.from("intent=unlock&digits=%zz&number=%&type=%00&t=%E0%A4") },
    { headers: [FORM], body: Buffer.alloc(150 * 1024, "a") },
    { headers: [FORM], body: form({ intent: "x".repeat(90_000) }) },
    { headers: [FORM], body: Buffer.alloc(0) },
    { headers: [["Content-Type", "text/plain;charset=utf-8"]], body: Buffer.from("intent=unlock") },
    { headers: [["Content-Type", "application/x-www-form-urlencoded; charset=utf-16"]], body: Buffer.from("\xff\xfei\x00n\x00", "latin1") },
    ...INTENTS.map((intent) => ({ headers: [FORM] as [string, string][], body: form({ intent, token: "1".repeat(12), digits: "4821", email: "a@b", password: "x" }) })),
  ];
}

const QUERIES = ["?t=" + "9".repeat(10_000), "?%", "?%zz", "?t=1&t=2&t=3&type=metrocard&type=token", "?t=%00", "?type=%00&number=%00",
  "?_routes=root,routes/about,nonexistent", "?_routes=", "?index&index", "?redirectTo=//evil.example&redirectTo=https://evil.example",
  "?edit=1&preview=1&rename=%zz&tab=%00", "?demo=" + "%ff".repeat(300), "?code=&state=%zz&error=x", "?" + "a=1&".repeat(2_000)];

const HOSTS = ["", " ", "[::1]", "[::1]:1", "[::1", "a b", "x@evil.example", "localhost:99999", "localhost:abc", "EXAMPLE.COM.", "%zz", "\u00ff"];

function catalogue(signedIn: boolean): FuzzRequest[] {
  const requests: FuzzRequest[] = [];
  for (const target of PATHS) {
    // Signing out would end the session the other signed-in requests use.
    const canPost = !(signedIn && target.startsWith("/logout"));
    for (const method of ["GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"]) {
      if (method !== "GET" && method !== "HEAD" && !canPost) continue;
      requests.push({ method, target, headers: method === "GET" || method === "HEAD" ? [] : [sameOrigin()], signedIn });
    }
    if (canPost) {
      for (const { headers, body } of bodies()) requests.push({ method: "POST", target, headers: [sameOrigin(), ...headers], body, signedIn });
      requests.push({ method: "POST", target: `${target}?index`, headers: [sameOrigin(), FORM], body: form({ intent: "unlock" }), signedIn });
      for (const origin of ["null", "garbage", "http://evil.example", "", "http://127.0.0.1:1"]) {
        requests.push({ method: "POST", target, headers: [["Origin", origin], FORM], body: form({ intent: "unlock" }), signedIn });
      }
    }
    for (const query of QUERIES) requests.push({ method: "GET", target: `${target}${query}`, headers: [], signedIn });
    // Protocol level: an absolute-form target, odd Hosts.
    requests.push({ method: "GET", target, headers: [], signedIn, absolute: true });
    if (canPost) requests.push({ method: "POST", target, headers: [sameOrigin(), FORM], body: form({ intent: "unlock" }), signedIn, absolute: true });
    for (const host of HOSTS) requests.push({ method: "GET", target, headers: [], signedIn, host });
    for (const cookie of ["x".repeat(8_000), "__session=garbage; __session=%zz; a=\u00ff; ;;=; =x", "tagback_toast=e30%3D.bad; dev=1; lang=zz"]) {
      requests.push({ method: "GET", target, headers: [["Cookie", cookie]], signedIn });
    }
    requests.push({ method: "GET", target, headers: [["Cookie", "a=" + "b".repeat(20_000)]], signedIn });
    requests.push({ method: "GET", target, headers: [["Accept-Language", "zz-ZZ;q=abc, *;q=-1, " + "hi,".repeat(300)], ["User-Agent", "Googlebot/2.1"]], signedIn });
  }
  return requests;
}

/** Each network-path target with each method that reaches the app. */
const networkPaths = (): FuzzRequest[] =>
  NETWORK_PATH_TARGETS.flatMap((target) => [
    { method: "GET", target, headers: [] },
    { method: "HEAD", target, headers: [] },
    { method: "POST", target, headers: [sameOrigin(), FORM], body: form({ intent: "unlock" }) },
  ]);

// ~12,800 requests one after another: the whole file took ~15 s on a quiet 2-core machine, this test over 60 s with a CPU-bound
// loop on each core beside it. The bound catches a hang, not slowness.
test(`a fixed catalogue of malformed requests to ${PATHS.length} URLs gets no 5xx`, { timeout: 240_000 }, async () => {
  const requests = [...networkPaths(), ...catalogue(false), ...catalogue(true).filter((_, i) => i % 2 === 0)];
  await checkAll(requests);
  expect(failures).toEqual([]);
  console.log(`${requests.length} catalogue requests by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
});

// --- generated requests

const bytes = (max: number) => fc.uint8Array({ maxLength: max });
const percentEncoded = (max: number) => bytes(max).map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, "0")}`).join(""));
const looseText = fc.oneof(fc.string({ maxLength: 40 }), percentEncoded(40), fc.constantFrom("%", "%z", "%zz", "%00", "%ff", "+", "&&", "=="));
const fieldName = fc.oneof(fc.constantFrom(...FIELD_NAMES), looseText);
const fieldValue = fc.oneof(fc.constantFrom(...INTENTS, "1234-5678-9012", "100000000001", "4821", "metrocard", "tagbacktoken"), looseText);
const pairs = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 8 });
const urlencoded = pairs.map((list) => list.map(([name, value]) => `${encodeLoose(name)}=${encodeLoose(value)}`).join("&"));

/** Percent-encodes what would break the request line; leaves the fuzzer's own escapes alone. */
function encodeLoose(text: string) {
  return [...Buffer.from(text, "utf8")].map((b) => (b > 0x20 && b < 0x7f && b !== 0x23 && b !== 0x26 && b !== 0x3d ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0")}`)).join("");
}

const body: fc.Arbitrary<{ headers: [string, string][]; body: Buffer } | null> = fc.oneof(
  fc.constant(null),
  urlencoded.map((text) => ({ headers: [FORM], body: Buffer.from(text) })),
  fc.tuple(pairs, fc.boolean()).map(([list, truncate]) => {
    const boundary = "fcboundary";
    let text = list.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join("") + `--${boundary}--\r\n`;
    if (truncate) text = text.slice(0, Math.floor(text.length / 2));
    return { headers: [["Content-Type", `multipart/form-data; boundary=${boundary}`]] as [string, string][], body: Buffer.from(text) };
  }),
  fc.tuple(fc.constantFrom("application/json", "text/plain", "application/octet-stream", "multipart/form-data", "application/x-www-form-urlencoded"), bytes(2_000)).map(
    ([type, raw]) => ({ headers: [["Content-Type", type]] as [string, string][], body: Buffer.from(raw) }),
  ),
);

const header: fc.Arbitrary<[string, string]> = fc.oneof(
  fc.tuple(fc.constant("Cookie"), fc.oneof(urlencoded.map((s) => s.replaceAll("&", "; ")), fc.string({ unit: "binary-ascii", maxLength: 200 }).map((s) => s.replace(/[\r\n\0]/g, "")))),
  fc.tuple(fc.constant("Origin"), fc.constantFrom("null", "garbage", "http://evil.example", "http://[::1", "")),
  fc.tuple(fc.constant("Sec-Fetch-Site"), fc.constantFrom("same-origin", "cross-site", "none", "bogus")),
  fc.tuple(fc.constant("Accept-Language"), fc.string({ unit: "grapheme-ascii", maxLength: 60 })),
  fc.tuple(fc.constant("Content-Type"), fc.constantFrom("multipart/form-data; boundary=", "application/x-www-form-urlencoded; charset=bogus", "text/html")),
);

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom("GET", "HEAD", "POST", "POST", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"),
    path: fc.constantFrom(...PATHS),
    query: fc.oneof(fc.constant(""), urlencoded.map((q) => `?${q}`), fc.constantFrom(...QUERIES), fc.constant("?index")),
    headers: fc.array(header, { maxLength: 3 }),
    body,
    signedIn: fc.boolean(),
    absolute: fc.boolean(),
    host: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, fc.constantFrom<string | null>(...HOSTS, null), fc.string({ maxLength: 30 })),
  })
  .map(({ method, path: target, query, headers, body: payload, signedIn, absolute, host }) => {
    const post = method !== "GET" && method !== "HEAD";
    const withBody = post && payload ? payload : null;
    return {
      method,
      target: `${target}${query}`,
      headers: [...(post ? [sameOrigin()] : []), ...(withBody?.headers ?? []), ...headers],
      body: withBody?.body,
      signedIn: signedIn && !(post && target.startsWith("/logout")),
      absolute,
      host,
    };
  });

test(`${RUNS} generated requests (seed ${SEED}) get no 5xx`, { timeout: 60_000 }, async () => {
  statuses.clear();
  await fc.assert(
    fc.asyncProperty(fuzzRequest, async (request) => check(request)),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
  expect(failures).toEqual([]);
  console.log(`generated requests by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
  // Pages rendered, forms were read and refused, bad requests were refused.
  for (const status of [200, 400, 403, 405]) expect(statuses.get(status) ?? 0, `answers with ${status}`).toBeGreaterThan(0);
});

// --- the JSON endpoints and the push subscription (decision 043)

const JSON_TYPE = ["Content-Type", "application/json"] as [string, string];
const b64 = (text: string) => Buffer.from(text).toString("base64url");

/** A WebAuthn answer of the right shape whose fields the fuzzer replaces one by one. */
const answerShape = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: b64('{"type":"webauthn.get","challenge":"x","origin":"http://localhost"}'), authenticatorData: "AAAA", signature: "AAAA", attestationObject: "AAAA" },
  clientExtensionResults: {},
};

/** The bodies that answered 500, and more of their kind. */
const JSON_CATALOGUE = [
  '{"step":"verify","response":{"id":true}}', "[]", "{}", "null", '"x"', "0", "-1e309", "true", "", "{", '{"step":', "\u0000", "[".repeat(10_000),
  JSON.stringify({ step: "verify", response: { ...answerShape, id: true } }),
  JSON.stringify({ step: "verify", response: { ...answerShape, id: "a".repeat(60_000) } }),
  JSON.stringify({ step: "verify", response: { ...answerShape, response: null } }),
  JSON.stringify({ step: "verify", response: { ...answerShape, response: { ...answerShape.response, clientDataJSON: "%%%" } } }),
  JSON.stringify({ step: "verify", response: answerShape, redirectTo: { toString: 1 } }),
  JSON.stringify({ step: "options", step2: "verify" }),
  JSON.stringify({ step: ["verify"], response: answerShape }),
  JSON.stringify({ __proto__: { step: "options" } }),
  '{"step":"options","step":"verify"}',
];

const fieldValue43: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 200 }),
  fc.constantFrom("", "AAAA", "public-key", "verify", "options", null, true, 0, [], {}, "a".repeat(5_000), "=".repeat(3)),
);
const jsonBody: fc.Arbitrary<string> = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.record({ step: fc.oneof(fc.constantFrom("options", "verify"), fieldValue43) }).map((body) => JSON.stringify(body)),
  // A well-shaped answer with one field at a time replaced by anything.
  fc
    .tuple(fc.constantFrom("id", "rawId", "type", "response", "clientExtensionResults", "authenticatorAttachment"), fieldValue43, fc.constantFrom("clientDataJSON", "authenticatorData", "signature", "attestationObject", "userHandle", "transports"), fieldValue43)
    .map(([outer, outerValue, inner, innerValue]) =>
      JSON.stringify({ step: "verify", redirectTo: "/token", response: { ...answerShape, [outer]: outerValue, response: { ...answerShape.response, [inner]: innerValue } } }),
    ),
  fc.uint8Array({ maxLength: 300 }).map((raw) => Buffer.from(raw).toString("latin1")),
);

/** Endpoints a push-subscribe form may carry: the issue's, push services', loopback, generated. */
const endpoint43 = fc.oneof(
  fc.constantFrom("", "x", "http://", "https://[", "https://a b", "https://[fe80::1%eth0]/", "https://127.0.0.1:9091/", "https://127.1/", "https://2130706433/",
    "https://[::ffff:127.0.0.1]/", "https://169.254.169.254/", "https://[fdaa::3]/", "https://_api.internal:4280/", "https://10.1.2.3/", "https://172.16.0.1/",
    "https://192.168.0.1/", "https://u:p@fcm.googleapis.com/x", "https://fcm.googleapis.com:22/", "https://localhost/", "https://fcm.googleapis.com/fcm/send/x"),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ maxLength: 100 }),
  fc.string({ maxLength: 3_000 }).map((tail) => `https://fcm.googleapis.com/${tail}`),
);
const key43 = fc.oneof(fc.string({ maxLength: 120 }), fc.uint8Array({ minLength: 14, maxLength: 70 }).map((raw) => Buffer.from(raw).toString("base64url")));

test("the JSON endpoints and the push subscription: the issue's bodies and generated ones (seeded) get no 5xx", { timeout: 60_000 }, async () => {
  statuses.clear();
  const json = (target: string, body: string, signedIn: boolean): FuzzRequest => ({ method: "POST", target, headers: [sameOrigin(), JSON_TYPE], body: Buffer.from(body), signedIn });
  const requests: FuzzRequest[] = JSON_CATALOGUE.flatMap((body) => [json("/auth/passkey", body, false), json("/settings/passkeys", body, true)]);
  const [generated] = fc.sample(fc.array(jsonBody, { minLength: 300, maxLength: 300 }), { seed: SEED, numRuns: 1 });
  for (const [i, body] of generated!.entries()) requests.push(json(i % 2 ? "/auth/passkey" : "/settings/passkeys", body, i % 2 === 0));
  const [subscriptions] = fc.sample(fc.array(fc.tuple(endpoint43, key43, key43), { minLength: 200, maxLength: 200 }), { seed: SEED, numRuns: 1 });
  for (const [endpoint, p256dh, auth] of subscriptions!) {
    requests.push({ method: "POST", target: "/settings", headers: [sameOrigin(), FORM], body: form({ intent: "push-subscribe", endpoint, p256dh, auth }), signedIn: true });
  }
  expect(requests.length).toBeGreaterThanOrEqual(500);
  await checkAll(requests);
  expect(failures).toEqual([]);
  console.log(`${requests.length} JSON and push-subscribe requests by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
  // They reached the actions: refused as bad input, not turned away before.
  expect(statuses.get(400) ?? 0).toBeGreaterThan(requests.length / 2);
});

test("20 passkey answers carrying a long challenge add under 20 KB to the log (the issue measured 1.4 MB)", async () => {
  const before = server.output().length;
  const answerWith = (challenge: string) =>
    JSON.stringify({
      step: "verify",
      response: { ...answerShape, response: { ...answerShape.response, clientDataJSON: b64(JSON.stringify({ type: "webauthn.create", challenge, origin: `http://127.0.0.1:${server.port}` })) } },
    });
  // As long as the schema lets through (the library then refuses it into the log), and the 70 KB.
  const longest = "c".repeat(2_900);
  for (const challenge of [...Array(10).fill(longest), ...Array(10).fill("c".repeat(70_000))]) {
    const response = await rawRequest(server.port, encode({ method: "POST", target: "/settings/passkeys", headers: [sameOrigin(), JSON_TYPE], body: Buffer.from(answerWith(challenge)), signedIn: true }));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  }
  const added = server.output().slice(before);
  console.log(`20 answers with long challenges added ${added.length} bytes of log`);
  expect(added.length).toBeLessThan(20 * 1024);
  // The refusals that reached the library were logged, one bounded line each, without the challenge.
  const refusals = added.split("\n").filter((line) => line.includes("passkey registration refused"));
  expect(refusals.length).toBeGreaterThanOrEqual(10);
  for (const line of refusals) {
    expect(line.length).toBeLessThan(600);
    expect(line).not.toContain("c".repeat(100));
  }
});

test("a POST to every read-only resource route is a 405 naming GET and HEAD, and logs nothing", async () => {
  const urls = readOnlyResourceUrls();
  // (The health check is not a route: server/health-check.ts answers it, and its own 405; tests/integration/metrics.test.ts.)
  expect(urls).toEqual(expect.arrayContaining(["/robots.txt", "/sitemap.xml", "/blog/rss.xml", "/admin/stickers/x/sheet.pdf"]));
  // Signed in as an admin, so the admin layout's guard lets the POST reach the route.
  const db = new Database(path.join(dir, "fuzz.db"));
  db.prepare("INSERT OR IGNORE INTO admin_users (user_id, created_at) SELECT id, ? FROM users WHERE email = ?").run(Date.now(), "aarav.sharma@example.com");
  db.close();
  const errorsBefore = crashLines(server.stderr()).length;
  for (const target of urls) {
    const response = await rawRequest(server.port, encode({ method: "POST", target, headers: [sameOrigin(), FORM], body: form({ intent: "x" }), signedIn: true }));
    expect(response.status, target).toBe(405);
    expect(response.headers.allow, target).toBe("GET, HEAD");
    expect(response.body, target).toBe("Method not allowed.\n");
  }
  expect(crashLines(server.stderr()).slice(errorsBefore)).toEqual([]);
});

// A POST to a page without an action is React Router's own 405; app/entry.server.tsx's handleError
// keeps such client mistakes out of the log, so any logged error fails the test.
test("the server still answers and logged no crash", async () => {
  expect(server.child.exitCode).toBeNull();
  expect((await fetch(`${server.url}/healthcheck`)).status).toBe(200);
  expect((await fetch(`${server.url}/profile`, { headers: { Cookie: sessionCookie }, redirect: "manual" })).status).toBe(200);
  const headlines = crashLines(server.stderr()).filter((line) => !/^\s+at /.test(line));
  expect(headlines).toEqual([]);
});
