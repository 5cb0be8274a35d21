// Lock-screen cards and reprints (issue 26, decision 027), called the way React Router calls the
// routes, on a real temporary database, the real print worker and the real renderer. The PNG of
// each offered size (and a custom one, light and dark) decodes with zxing-wasm to exactly the
// sticker's URL — also shrunk to what a phone camera 30 cm away sees of a phone screen; the owner's
// line is on the card, Hindi included, with a glyph for every character (no empty boxes); only the
// signed-in owner's verified tokens are drawn; the reprint's codes are the owner's tokens and no one
// else's; and while cards are drawn, scans are answered.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { profiles, tagbackTokens } from "../../db/schema";
import { getEnv } from "~/core/env.server";
import { exportOwnData } from "~/features/account/data-export.server";
import { cardText } from "~/features/stickers/card-text.server";
import { FREE_BAND, lockScreenSvg } from "~/features/stickers/lock-screen-card.server";
import { tokenUrl } from "~/features/stickers/mint.server";
import {
  LOCK_SCREEN_LINE_DEFAULT,
  LOCK_SCREEN_LINE_MAX,
  LOCK_SCREEN_LINE_RANGES,
  LOCK_SCREEN_SIZES,
  PRINTS_PER_USER_LIMIT,
  REPRINT_MAX_COPIES,
  REPRINT_MAX_LABELS,
} from "~/features/stickers/rules";
import { sheetPool } from "~/features/stickers/sheet-jobs.server";
import { message, translator } from "~/i18n/messages";
import * as tokenRoute from "~/routes/_app.token/route";
import * as findOwnerRoute from "~/routes/findowner";
import { loader as cardLoader } from "~/routes/token.$token.lock-screen[.]png";
import { loader as pdfLoader } from "~/routes/token.stickers[.]pdf";
import { loader as svgLoader } from "~/routes/token.stickers[.]svg";
import { callRoute, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";
import { testDb } from "../support/test-db";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer as ArrayBuffer },
});

type Owner = { id: string; email: string };
let asha: Owner & { tokens: string[]; unverified: string };
let ravi: Owner & { tokens: string[] };
let nobody: Owner;
let serial = 0;
const HINDI_LINE = "मिल जाए तो स्कैन करें — इनाम ₹500 मिलेगा";

/** A token of the owner's, verified unless said otherwise. */
async function give(owner: Owner, verified = true): Promise<string> {
  serial += 1;
  const token = `7${String(process.pid % 1000).padStart(3, "0")}${String(serial).padStart(8, "0")}`;
  await testDb().insert(tagbackTokens).values({ token, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: verified }).run();
  return token;
}

function card(owner: Owner | undefined, token: string, query = "") {
  const call = cardLoader as (args: unknown) => Promise<Response>;
  return callRoute((args) => call({ ...args, params: { token } }), get(`/token/${token}/lock-screen.png${query}`), { user: owner }) as Promise<Response>;
}

function reprint(owner: Owner | undefined, format: "pdf" | "svg", query = "") {
  const loader = (format === "pdf" ? pdfLoader : svgLoader) as (args: unknown) => Promise<Response>;
  return callRoute((args) => loader(args), get(`/token/stickers.${format}${query}`), { user: owner }) as Promise<Response>;
}

async function decode(input: Uint8Array | { width: number; height: number; data: Uint8ClampedArray }) {
  const image = input instanceof Uint8Array ? input : ({ ...input, colorSpace: "srgb" } as ImageData);
  const results = await readBarcodes(image, { formats: ["QRCode"], maxNumberOfSymbols: 255, tryHarder: true });
  return results.filter((result) => result.isValid);
}

function pngSize(png: Uint8Array) {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

let resvgReady: Promise<void> | undefined;
/** The PNG's RGBA pixels at `width` × `height` (resvg resamples it smoothly, as a camera sensor would). */
async function pixels(png: Uint8Array, width: number, height: number) {
  resvgReady ??= initWasm(fs.readFileSync(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));
  await resvgReady;
  const href = `data:image/png;base64,${Buffer.from(png).toString("base64")}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="${href}" width="${width}" height="${height}" preserveAspectRatio="none"/></svg>`;
  const image = new Resvg(svg).render();
  return { width, height, data: new Uint8ClampedArray(image.pixels) };
}

/** Pixels of the rows [top, bottom) that are not the background colour of the first pixel. */
function inkIn(image: { width: number; data: Uint8ClampedArray }, top: number, bottom: number) {
  const [r, g, b] = image.data;
  let ink = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if (Math.abs(image.data[i]! - r!) + Math.abs(image.data[i + 1]! - g!) + Math.abs(image.data[i + 2]! - b!) > 60) ink++;
    }
  }
  return ink;
}

async function saveLine(owner: Owner, line: string) {
  return callRoute(tokenRoute.action, post("/token", { intent: "lock-screen-line", line }), { user: owner });
}

beforeAll(async () => {
  const a = await createOwner();
  asha = { ...a, tokens: [await give(a), await give(a)], unverified: await give(a, false) };
  const r = await createOwner();
  ravi = { ...r, tokens: [await give(r)] };
  nobody = await createOwner();
});

afterAll(() => sheetPool.close());

/** What the /token action answers a card or reprint form: the refusal's data, or the redirect. */
async function submit(owner: Owner, fields: Record<string, string>) {
  return callRoute(tokenRoute.action, post("/token", fields), { user: owner });
}

type Refusal = { intent: string; subject: string | null; result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> } };

describe("the card and reprint forms on /token: a refusal stays in the form, an allowed one leads to the file", () => {
  test("a custom size out of range: 400 with the reason on its field, for that token's form, with what was typed", async () => {
    const token = asha.tokens[1]!;
    const typed = { intent: "lock-screen-card", token, size: "custom", width: "100", height: "2000", style: "dark" };
    const refused = await submit(asha, typed);
    expect(statusOf(refused)).toBe(400);
    const { intent, subject, result } = dataOf<Refusal>(refused);
    expect({ intent, subject }).toEqual({ intent: "lock-screen-card", subject: token });
    expect(result.error).toEqual({ width: ["token.cardWidth"] });
    expect(result.initialValue).toEqual(typed);

    // Both out of range: both fields say so. In range but square: the size as a whole.
    const both = dataOf<Refusal>(await submit(ravi, { intent: "lock-screen-card", token: ravi.tokens[0]!, size: "custom", width: "5000", height: "" }));
    expect(both.result.error).toEqual({ width: ["token.cardWidth"], height: ["token.cardHeight"] });
    expect(both.subject).toBe(ravi.tokens[0]);
    const square = await submit(asha, { ...typed, width: "1000", height: "1000" });
    expect(statusOf(square)).toBe(400);
    expect(dataOf<Refusal>(square).result.error).toEqual({ "": ["token.cardRatio"] });
  });

  test("an allowed card is a document redirect to its PNG, which the owner gets", { timeout: 60_000 }, async () => {
    const token = asha.tokens[0]!;
    const custom = await submit(asha, { intent: "lock-screen-card", token, size: "custom", width: "900", height: "1700", style: "dark" });
    expect(statusOf(custom)).toBe(302);
    expect((custom as Response).headers.get("X-Remix-Reload-Document")).toBe("true");
    const location = (custom as Response).headers.get("Location")!;
    expect(location).toBe(`/token/${token}/lock-screen.png?size=900x1700&style=dark`);
    const png = await card(asha, token, location.slice(location.indexOf("?")));
    expect(png.status).toBe(200);
    expect(pngSize(new Uint8Array(await png.arrayBuffer()))).toEqual({ width: 900, height: 1700 });

    // An offered size; the custom fields, left filled in, do not count.
    const offered = await submit(ravi, { intent: "lock-screen-card", token: ravi.tokens[0]!, size: "720x1600", style: "light", width: "1", height: "1" });
    expect((offered as Response).headers.get("Location")).toBe(`/token/${ravi.tokens[0]}/lock-screen.png?size=720x1600&style=light`);
  });

  test(`copies beyond ${REPRINT_MAX_COPIES}, or not a whole number: 400 with the reason on copies, with what was typed`, async () => {
    for (const copies of [String(REPRINT_MAX_COPIES + 1), "0", "two", "1.5"]) {
      const refused = await submit(asha, { intent: "reprint", copies, format: "pdf" });
      expect(statusOf(refused), copies).toBe(400);
      const { intent, result } = dataOf<Refusal>(refused);
      expect(intent).toBe("reprint");
      expect(result.error).toEqual({ copies: ["token.badCopies"] });
      expect(result.initialValue).toMatchObject({ copies });
    }
  });

  test(`more than ${REPRINT_MAX_LABELS} labels in all is refused in the form; within them, a redirect to the PDF or the SVG`, async () => {
    const many = await createOwner();
    for (let i = 0; i <= REPRINT_MAX_LABELS / REPRINT_MAX_COPIES; i++) await give(many);
    const tooMany = await submit(many, { intent: "reprint", copies: String(REPRINT_MAX_COPIES), format: "pdf" });
    expect(statusOf(tooMany)).toBe(400);
    expect(dataOf<Refusal>(tooMany).result.error).toEqual({ copies: ["token.tooManyLabels"] });
    // The same copies of another owner's one token fit.
    const pdf = await submit(ravi, { intent: "reprint", copies: String(REPRINT_MAX_COPIES), format: "pdf" });
    expect(statusOf(pdf)).toBe(302);
    expect((pdf as Response).headers.get("Location")).toBe(`/token/stickers.pdf?copies=${REPRINT_MAX_COPIES}`);
    const svg = await submit(asha, { intent: "reprint", copies: "", format: "svg" });
    expect((svg as Response).headers.get("Location")).toBe("/token/stickers.svg?copies=1");
  });
});

describe("the lock-screen card", () => {
  const sizes = [...LOCK_SCREEN_SIZES.map(({ width, height }) => ({ width, height, query: `?size=${width}x${height}` })), { width: 900, height: 1700, query: "?size=custom&width=900&height=1700&style=dark" }];

  test.each(sizes)("$width × $height: a PNG of that size whose code is exactly the sticker's URL", { timeout: 60_000 }, async ({ width, height, query }) => {
    const token = asha.tokens[0]!;
    const response = await card(asha, token, query);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(
      `inline; filename="tagback-lock-screen-${token}-${width}x${height}${query.includes("dark") ? "-dark" : ""}.png"`,
    );
    const png = new Uint8Array(await response.arrayBuffer());
    expect(pngSize(png)).toEqual({ width, height });
    const decoded = await decode(png);
    expect(decoded.map((result) => result.text)).toEqual([tokenUrl(getEnv().APP_URL, token)]);
    expect(decoded[0]!.ecLevel).toBe("H");
    // The code lies in the band lock screens leave free (clock above, buttons below).
    const { topLeft, bottomRight } = decoded[0]!.position;
    expect(topLeft.y).toBeGreaterThan(height * FREE_BAND.top);
    expect(bottomRight.y).toBeLessThan(height * FREE_BAND.bottom);

    // Another phone's camera 30 cm away: a 1920-pixel sensor across a 65° field sees 38 cm, so
    // the 68 mm-wide screen fills about 340 of its pixels. The code still reads at that size.
    const seen = Math.round(1920 * (68 / (2 * 300 * Math.tan((32.5 * Math.PI) / 180))));
    const far = await decode(await pixels(png, seen, Math.round((height * seen) / width)));
    expect(far.map((result) => result.text)).toEqual([tokenUrl(getEnv().APP_URL, token)]);
  });

  test("carries the owner's line, in Hindi too, with a glyph for every character", { timeout: 60_000 }, async () => {
    const token = asha.tokens[1]!;
    const size = "?size=720x1600";
    const before = new Uint8Array(await (await card(asha, token, size)).arrayBuffer());

    const saved = await saveLine(asha, `  <b>${HINDI_LINE}</b> `);
    expect(statusOf(saved)).toBe(302);
    expect(await toastOf(saved)).toMatchObject({ type: "success", title: message("token.lineSaved").title });
    expect((await testDb().select().from(profiles).where(eq(profiles.id, asha.id)).get())!.lockScreenLine).toBe(HINDI_LINE);
    expect(dataOf<{ lockScreenLine: string | null }>(await callRoute(tokenRoute.loader, get("/token"), { user: asha })).lockScreenLine).toBe(HINDI_LINE);

    const after = new Uint8Array(await (await card(asha, token, size)).arrayBuffer());
    expect((await decode(after)).map((result) => result.text)).toEqual([tokenUrl(getEnv().APP_URL, token)]);
    // The line is drawn above the code: ink there, and not the default line's.
    const text = await cardText();
    const { layout } = lockScreenSvg({ token, url: tokenUrl(getEnv().APP_URL, token), line: HINDI_LINE, width: 720, height: 1600, style: "light" }, text);
    expect(layout.lines.join(" ")).toBe(HINDI_LINE);
    const top = Math.floor(1600 * FREE_BAND.top);
    const [old, now] = [await pixels(before, 720, 1600), await pixels(after, 720, 1600)];
    expect(inkIn(now, top, layout.qr.y - 30)).toBeGreaterThan(2000);
    expect(now.data.subarray(top * 720 * 4, (layout.qr.y - 30) * 720 * 4)).not.toEqual(old.data.subarray(top * 720 * 4, (layout.qr.y - 30) * 720 * 4));

    // No tofu: HarfBuzz found a glyph for every character of the Hindi line in the card's font…
    for (const line of layout.lines) expect(text.shape(line, 40, "bold").missing).toBe(0);
    // …where a character the font lacks would be an empty box (.notdef): the check can fail.
    expect(text.shape("चीनी 你好", 40, "bold").missing).toBe(2);
    // Every character the line may hold has a glyph, in both weights.
    for (const weight of ["regular", "bold"] as const) {
      const covered = text.coverage(weight);
      const lacking = LOCK_SCREEN_LINE_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i)).filter((code) => !covered.has(code));
      expect(lacking.map((code) => code.toString(16))).toEqual([]);
    }
  });

  test("the line's rules: length, characters the card cannot print, profanity; empty resets it; each owner has their own", async () => {
    const owner = await createOwner();
    const token = await give(owner);
    const refusedWith = async (line: string) => {
      const result = await saveLine(owner, line);
      expect(statusOf(result)).toBe(400);
      return dataOf<{ result: { error: Record<string, string[]> } }>(result).result.error.line;
    };
    expect(await refusedWith("x".repeat(LOCK_SCREEN_LINE_MAX + 1))).toEqual(["token.lineTooLong"]);
    expect(await refusedWith("Call me 😀")).toEqual(["token.lineCharacters"]);
    expect(await refusedWith("你好")).toEqual(["token.lineCharacters"]);
    expect(await refusedWith("fuck off")).toEqual(["common.nsfw"]);
    expect((await testDb().select().from(profiles).where(eq(profiles.id, owner.id)).get())!.lockScreenLine).toBeNull();

    expect(statusOf(await saveLine(owner, "Reward ₹500 — call via Tagback"))).toBe(302);
    expect((await exportOwnData(testDb(), owner.id)).profile).toMatchObject({ lockScreenLine: "Reward ₹500 — call via Tagback" });
    // Another owner's line is theirs alone.
    expect((await testDb().select().from(profiles).where(eq(profiles.id, ravi.id)).get())!.lockScreenLine).toBeNull();
    const reset = await saveLine(owner, "   ");
    expect(await toastOf(reset)).toMatchObject({ title: message("token.lineReset").title });
    expect((await testDb().select().from(profiles).where(eq(profiles.id, owner.id)).get())!.lockScreenLine).toBeNull();
    const text = await cardText();
    expect(lockScreenSvg({ token, url: tokenUrl(getEnv().APP_URL, token), line: LOCK_SCREEN_LINE_DEFAULT, width: 1080, height: 2400, style: "dark" }, text).layout.lines).toEqual([
      LOCK_SCREEN_LINE_DEFAULT,
    ]);
  });

  test("only for the signed-in owner of a verified token: anyone else's, unverified or unknown is 404", async () => {
    const theirs = ravi.tokens[0]!;
    for (const [owner, token] of [
      [asha, theirs],
      [asha, asha.unverified],
      [asha, "799999999999"],
      [asha, "abc"],
      [nobody, asha.tokens[0]!],
    ] as const) {
      const response = await card(owner, token);
      expect(response.status, `${owner.email} ${token}`).toBe(404);
      expect(response.headers.get("Content-Type")).not.toBe("image/png");
      expect(await response.text()).toBe(message("token.notYourToken").description);
    }
    // In the page's language, as every owner page is (issue 48).
    const inTamil = await card(asha, theirs, "?hl=ta");
    expect(inTamil.status).toBe(404);
    expect(await inTamil.text()).toBe(translator("ta").m("token.notYourToken").description);
    const anonymous = await card(undefined, asha.tokens[0]!);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });

  test.each([
    ["?size=99x99", "token.cardWidth"],
    ["?size=1080x1080", "token.cardRatio"],
    ["?size=custom&width=1000", "token.cardHeight"],
    ["?size=big", "token.cardSize"],
    ["?style=neon", "token.cardStyle"],
  ] as const)("a link asking for %s is a 400 that says why", async (query, key) => {
    const response = await card(asha, asha.tokens[0]!, query);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe(message(key).description);
  });
});

describe("reprinting my stickers", () => {
  test("the PDF: A4 labels whose codes are the owner's verified tokens, each as many times as asked, and nobody else's", { timeout: 60_000 }, async () => {
    const response = await reprint(asha, "pdf", "?copies=2");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="tagback-my-stickers.pdf"');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-reprint-"));
    try {
      fs.writeFileSync(path.join(dir, "sheet.pdf"), new Uint8Array(await response.arrayBuffer()));
      execFileSync("pdftoppm", ["-png", "-r", "150", path.join(dir, "sheet.pdf"), path.join(dir, "page")]);
      const pages = fs.readdirSync(dir).filter((file) => file.endsWith(".png"));
      expect(pages).toHaveLength(1);
      const decoded = await decode(new Uint8Array(fs.readFileSync(path.join(dir, pages[0]!))));
      const expected = asha.tokens.flatMap((token) => [token, token]).map((token) => tokenUrl(getEnv().APP_URL, token));
      expect(decoded.map((result) => result.text).sort()).toEqual(expected.sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the SVG: the same labels; copies are checked; an owner with no verified token gets 404", { timeout: 60_000 }, async () => {
    const response = await reprint(ravi, "svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    const svg = await response.text();
    expect([...svg.matchAll(/data-token="(\d+)"/g)].map((match) => match[1])).toEqual(ravi.tokens);

    for (const copies of ["0", String(REPRINT_MAX_COPIES + 1), "two", "1.5"]) {
      const refused = await reprint(asha, "svg", `?copies=${copies}`);
      expect(refused.status, copies).toBe(400);
      expect(await refused.text()).toBe(message("token.badCopies").description);
    }
    const none = await reprint(nobody, "pdf");
    expect(none.status).toBe(404);
    expect(await none.text()).toBe(message("token.noVerifiedTokens").description);
    const anonymous = await reprint(undefined, "pdf");
    expect(anonymous.status).toBe(302);
  });

  test(`past ${PRINTS_PER_USER_LIMIT.points} prints a minute an owner waits (429)`, { timeout: 60_000 }, async () => {
    const owner = await createOwner();
    await give(owner);
    for (let i = 0; i < PRINTS_PER_USER_LIMIT.points; i++) expect((await reprint(owner, "svg")).status).toBe(200);
    const refused = await reprint(owner, "svg");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another owner prints on.
    expect((await reprint(ravi, "svg")).status).toBe(200);
  });

  test("one print at a time per owner: a second one while the first is drawn is a 429, and the queue stays free for others", { timeout: 60_000 }, async () => {
    const owner = await createOwner();
    const token = await give(owner);
    const [first, second] = await Promise.all([card(owner, token, "?size=1290x2796"), card(owner, token, "?size=720x1600")]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(await second.text()).toBe(message("token.printBusy").description);
    expect((await card(owner, token, "?size=720x1600")).status).toBe(200);
  });
});

test("while cards are drawn, the event loop answers scans", { timeout: 120_000 }, async () => {
  const owner = await createOwner();
  const token = await give(owner);
  await testDb().update(profiles).set({ firstName: "Scanned" }).where(eq(profiles.id, owner.id)).run();
  const scan = async () => {
    const started = performance.now();
    const result = await callRoute(findOwnerRoute.loader, get(`/findowner?t=${token}`));
    expect(JSON.stringify(dataOf(result))).toContain("Scanned");
    return performance.now() - started;
  };
  await scan(); // warm

  const ticks: number[] = [];
  const timer = setInterval(() => ticks.push(performance.now()), 5);
  const started = performance.now();
  let done = false;
  // One running and four waiting: the pool's whole queue, each a large card of another owner's.
  const owners = await Promise.all(Array.from({ length: 5 }, async () => {
    const one = await createOwner();
    return { one, token: await give(one) };
  }));
  const jobs = Promise.all(owners.map(({ one, token: theirs }) => card(one, theirs, "?size=1290x2796"))).finally(() => (done = true));
  const scans: number[] = [];
  // Each scan arrives as a request would, from the event loop (the database answers synchronously:
  // back-to-back scans in one task would never let the worker's answer in).
  while (!done) {
    scans.push(await scan());
    await new Promise((resolve) => setImmediate(resolve));
  }
  const responses = await jobs;
  const took = performance.now() - started;
  clearInterval(timer);

  for (const response of responses) expect(response.status).toBe(200);
  const gaps = ticks.slice(1).map((at, i) => at - ticks[i]!);
  // Scans were answered all along, each quickly, and the loop never stood still for long.
  expect(scans.length).toBeGreaterThan(10);
  expect(Math.max(...gaps)).toBeLessThan(took / 4);
  const median = scans.sort((a, b) => a - b)[Math.floor(scans.length / 2)]!;
  expect(median).toBeLessThan(50);
  console.log(`5 cards of 1290 × 2796 in ${Math.round(took)} ms; ${scans.length} scans meanwhile, median ${median.toFixed(1)} ms, slowest ${scans.at(-1)!.toFixed(1)} ms; longest loop gap ${Math.max(...gaps).toFixed(1)} ms`);
});
