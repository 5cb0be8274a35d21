// Kept pages under traffic as it really comes, and as an attacker would send it (decision 031),
// through the real server (production build, demo data, requests "behind Fly" from public
// addresses): a first scan is rendered and not kept, a second keeps; a query no page reads makes
// no page of its own; a burst of junk URLs keeps memory bounded and a finder's scan answered; a
// toast cookie however spelled is never kept for the next visitor.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DEMO_IDENTIFIERS } from "../../db/seed.ts";
import { decoded, how, KEPT, keptAnswer as keptAnswerOf, rawGet } from "../support/raw-get";
import { freePort, startServer, stopServer, type ServerProcess } from "./helpers";

const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36";
const { aarav, priya, rohan } = DEMO_IDENTIFIERS;
/**
 * DESIGN.md §8: 64 parallel junk URLs keep RSS ≤ 300 MB and a scan answered within 250 ms. The
 * memory is asserted here; the 250 ms is the bench's to measure (`burstScanMs` in
 * scripts/bench/traffic.ts: a busy machine moves wall time), and here what keeps it short: the scan
 * is sent from the kept bytes, which never wait for a render slot (server/app.ts).
 */
const BURST_RSS_BUDGET_MB = 300;

let server: ServerProcess;
let metricsPort: number;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-junk-"));
  metricsPort = await freePort();
  server = await startServer({ DATABASE_PATH: path.join(dir, "junk.db"), TRUST_PROXY: "fly", METRICS_PORT: String(metricsPort) });
}, 90_000);

afterAll(async () => {
  await stopServer(server);
  fs.rmSync(dir, { recursive: true, force: true });
});

let ip = 0;
/** A GET as a new public client with a phone's headers would send it. */
const get = (pathname: string, headers: Record<string, string> = {}) =>
  rawGet(`${server.url}${pathname}`, { "User-Agent": PHONE, "Accept-Encoding": "gzip, deflate, br, zstd", "Fly-Client-IP": `198.51.100.${(++ip % 250) + 1}`, ...headers });
const html = decoded;
const keptAnswer = (pathname: string, headers: Record<string, string> = {}) => keptAnswerOf(get, pathname, headers);
const RENDERED_ALIKE = 'render;desc="react"';

async function metric(name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split("\n").find((row) => row.startsWith(`${name} `));
  if (!line) throw new Error(`no metric ${name}`);
  return Number(line.split(" ")[1]);
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

describe("a page is kept on its second ask", () => {
  test("an owner's first scan is rendered for that finder and not kept; the second is kept; the third is sent kept", async () => {
    const pages = await metric("tagback_kept_pages");
    const first = await get(`/?t=${priya.token}`);
    expect(first.status).toBe(200);
    expect(how(first)).toBe(RENDERED_ALIKE);
    expect(html(first)).toContain(priya.name);
    // Sent compressed in one go, with its length (not streamed through the compression middleware).
    expect(first.headers["content-encoding"]).toBe("br");
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(await metric("tagback_kept_pages")).toBe(pages);

    const second = await get(`/?t=${priya.token}`);
    expect([RENDERED_ALIKE, KEPT]).toContain(how(second));
    const third = await keptAnswer(`/?t=${priya.token}`);
    expect(html(third)).toBe(html(first));
    expect(await metric("tagback_kept_pages")).toBeGreaterThan(pages);
  });

  test("a query no page reads makes no page of its own: the canonical page is rendered and kept for it", async () => {
    const junk = ["/privacy-policy?j=1", "/privacy-policy?j=2&utm_source=x", "/privacy-policy?fbclid=abc"];
    await get(junk[0]!);
    await get(junk[1]!);
    const kept = await keptAnswer(junk[2]!);
    const plain = await get("/privacy-policy");
    expect(how(plain)).toBe(KEPT);
    expect(plain.body.equals(kept.body)).toBe(true);
    // Its links back to itself (the language switch) name the canonical URL, not a stranger's query.
    expect(html(kept)).toContain('name="returnTo" value="/privacy-policy"');
    expect(html(kept)).not.toContain("fbclid");

    // A scan with a campaign's parameter is the plain scan.
    await keptAnswer(`/?t=${rohan.token}`);
    const tagged = await get(`/?t=${rohan.token}&utm_source=poster`);
    expect(how(tagged)).toBe(KEPT);
    expect(html(tagged)).toContain(rohan.name);
  });

  test("the parameters a page reads still make pages of their own, and other pages keep theirs", async () => {
    const search = await get(`/about?type=metrocard&number=${aarav.metroCard}`);
    expect(html(search)).toContain(aarav.name);
    const invalid = await get("/?type=nonsense");
    expect(invalid.status).toBe(400);
    expect(html(invalid)).toContain("Invalid Search Type");
    // A page that is never kept keeps every parameter: the sign-in page's return address.
    const signIn = await get("/auth?redirectTo=%2Fprofile%3Ftab%3Dx");
    expect(how(signIn)).toBeUndefined();
    expect(html(signIn)).toContain("/profile?tab=x");
  });
});

test("64 distinct junk URLs at once on every kind of kept page: memory bounded, a finder's scan answered, nothing junk kept", async () => {
  const posts = [...html(await get("/blog")).matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((match) => match[1]!);
  expect(posts.length).toBeGreaterThan(0);
  const kinds = [
    (n: number) => `/privacy-policy?j=${n}`,
    (n: number) => `/terms-and-conditions?j=${n}`,
    (n: number) => `/refund-policy?j=${n}`,
    (n: number) => `/?utm=${n}`,
    (n: number) => `/about?j=${n}`,
    (n: number) => `/findowner?j=${n}`,
    (n: number) => `/puzzle?j=${n}`,
    (n: number) => `/blog?q=${n}`,
    (n: number) => `${posts[0]}?author&j=${n}`,
    (n: number) => `/?t=${aarav.token}&j=${n}`,
  ];
  // A running service: each page has been asked for by visitors (so it is kept) and the finder's
  // owner is kept. The burst's junk then costs a kept page each, and a blog search a render each.
  for (const kind of kinds) {
    expect((await get(kind(0))).status).toBe(200);
    if (!kind(0).startsWith("/blog?q=")) await keptAnswer(kind(1));
  }
  await keptAnswer(`/?t=${aarav.token}`);
  const pid = server.child.pid!;
  const pagesBefore = await metric("tagback_kept_pages");

  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const burst = Array.from({ length: 64 }, (_, i) => get(kinds[i % kinds.length]!(1_000 + i)));
  const scan = get(`/?t=${aarav.token}`);
  const [scanned, ...junk] = await Promise.all([scan, ...burst]);
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));

  expect(junk.map((response) => response.status)).toEqual(junk.map(() => 200));
  expect(scanned.status).toBe(200);
  expect(html(scanned)).toContain(aarav.name);
  // Sent from the kept bytes while the burst's blog searches were rendered: it took no render slot.
  expect(how(scanned)).toBe(KEPT);
  expect(junk.filter((response) => how(response) !== KEPT).length).toBeGreaterThan(0);
  expect(peak, `peak RSS ${peak.toFixed(0)} MB`).toBeLessThanOrEqual(BURST_RSS_BUDGET_MB);
  // Junk made no page of its own (each blog search was asked for once), within budget.
  expect(await metric("tagback_kept_pages")).toBe(pagesBefore);
  expect(await metric("tagback_kept_pages_bytes")).toBeLessThanOrEqual(8 * 1024 * 1024);
});

describe("a toast, however its cookie is spelled, is never kept for the next visitor", () => {
  let toast: string;

  beforeAll(async () => {
    // A signed toast anyone can have: a confirmation link that is not one.
    const refused = await get("/auth/confirm?token=bogus");
    const cookie = (refused.headers["set-cookie"] ?? []).find((value) => value.startsWith("tb_toast="));
    expect(cookie).toBeDefined();
    toast = cookie!.split(";")[0]!.slice("tb_toast=".length);
  });

  const spellings: Array<[string, (value: string) => string]> = [
    ["a space before the =", (value) => `tb_toast =${value}`],
    ["a tab before the =", (value) => `tb_toast\t=${value}`],
    ["twice", (value) => `tb_toast=${value}; tb_toast=${value}`],
    ["after another cookie of ours", (value) => `tb_lang=en; tb_toast =${value}`],
    ["after a stranger's cookie, no space", (value) => `_ga=GA1.1;tb_toast=${value}`],
  ];

  test.each(spellings)("%s: rendered with the toast for that request, and the next finder gets none", async (_, spelling) => {
    const cookie = spelling(toast);
    for (const pathname of [`/?t=${DEMO_IDENTIFIERS.unclaimedTokens[0]}`, "/refund-policy"]) {
      // Twice: a second ask is what keeps a page.
      for (let i = 0; i < 2; i++) {
        const withToast = await get(pathname, { Cookie: cookie });
        expect(withToast.status).toBe(200);
        expect(how(withToast), `${pathname} with ${JSON.stringify(cookie)}`).toBeUndefined();
        expect(html(withToast)).toContain("Authentication Error");
      }
      const next = await keptAnswer(pathname);
      expect(html(next)).not.toContain("Authentication Error");
      expect(html(next)).not.toContain("This confirmation link is invalid");
    }
  });
});
