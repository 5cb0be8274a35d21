// /admin/stickers and its sheets, called the way React Router calls them: only admins get anything;
// minting from the page records a batch whose CSV passwords verify against the stored hashes; the
// SVG sheet (rasterised here from its own rectangles) and the PDF sheet (rendered by poppler's
// pdftoppm) decode, with zxing-wasm, to each sticker's URL.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes, type ReadResult } from "zxing-wasm/reader";
import { mintBatches, tagbackTokens } from "../../db/schema";
import { verifyPassword } from "../../db/password";
import { getEnv } from "~/core/env.server";
import { grantAdmin } from "~/features/account/admins.server";
import { formatToken } from "~/features/finder/search-input";
import { mintTokens, tokenUrl } from "~/features/stickers/mint.server";
import { mintJobsSettled, resumeInterruptedMints } from "~/features/stickers/mint-job.server";
import { loader as batchPageLoader } from "~/routes/admin.stickers_.$batchId/route";
import { action as passwordsAction } from "~/routes/admin.stickers.$batchId.passwords[.]csv";
import { INVENTORY_PAGE_SIZE } from "~/features/stickers/inventory";
import { LABELS_PER_PAGE, labelSheetFitsA4, pageCountFor, QUIET_ZONE_MODULES } from "~/features/stickers/sheet.server";
import { action, loader } from "~/routes/admin.stickers/route";
import { loader as pdfLoader } from "~/routes/admin.stickers.$batchId.sheet[.]pdf";
import { loader as svgLoader } from "~/routes/admin.stickers.$batchId.sheet[.]svg";
import { callRoute, createOwner, dataOf, get, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: fs.readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm")).buffer as ArrayBuffer },
});

type Minted = { batchId: string; count: number; tokens: Array<{ token: string; password: string }> };
type User = { id: string; email: string };

let admin: User;
let owner: User;
let batch: Minted;
const BATCH_SIZE = 30; // more than one A4 page of labels

function sheetCall(fn: typeof svgLoader | typeof pdfLoader, batchId: string, user?: User) {
  const request = get(`/admin/stickers/${batchId}/sheet.${fn === svgLoader ? "svg" : "pdf"}`);
  // callRoute passes no route params; the sheets read :batchId.
  return callRoute((args) => (fn as (a: typeof args) => Promise<Response>)({ ...args, params: { batchId } }), request, { user });
}

function batchPageCall(batchId: string, user: User) {
  const call = batchPageLoader as (a: unknown) => ReturnType<typeof batchPageLoader>;
  return callRoute((args) => call({ ...args, params: { batchId } }), get(`/admin/stickers/${batchId}`), { user });
}

function passwordsCall(batchId: string, user: User) {
  const call = passwordsAction as (a: unknown) => ReturnType<typeof passwordsAction>;
  return callRoute((args) => call({ ...args, params: { batchId } }), post(`/admin/stickers/${batchId}/passwords.csv`, {}), { user });
}

async function decode(image: { width: number; height: number; data: Uint8ClampedArray } | Uint8Array) {
  // zxing-wasm takes any { width, height, data (RGBA) } as ImageData, or the bytes of an image file.
  const input = image instanceof Uint8Array ? image : ({ ...image, colorSpace: "srgb" } as ImageData);
  const results = await readBarcodes(input, { formats: ["QRCode"], maxNumberOfSymbols: 255, tryHarder: true });
  return results.filter((r: ReadResult) => r.isValid);
}

beforeAll(async () => {
  admin = await createOwner();
  expect((await grantAdmin(testDb(), admin.email)).status).toBe("granted");
  owner = await createOwner();
});

describe("minting from the page", () => {
  it("mints a batch as a job, then offers its passwords once as a CSV that verifies", async () => {
    const mintKey = crypto.randomUUID();
    const result = await callRoute(action, post("/admin/stickers", { intent: "mint", count: String(BATCH_SIZE), mintKey }), { user: admin });
    // The POST answers at once with the batch's page, where the job's progress shows.
    expect(statusOf(result)).toBe(303);
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/admin\/stickers\/[0-9a-f-]{36}$/);
    const batchId = location.split("/").pop()!;
    expect(await testDb().select().from(mintBatches).where(eq(mintBatches.id, batchId)).get()).toMatchObject({
      count: BATCH_SIZE,
      mintedBy: admin.id,
      status: "minting",
    });
    await mintJobsSettled();

    const stored = await testDb().select().from(mintBatches).where(eq(mintBatches.id, batchId)).get();
    expect(stored).toMatchObject({ count: BATCH_SIZE, mintedBy: admin.id, status: "done", progress: BATCH_SIZE });
    // What the database (and its replicas) hold of the passwords until the download is sealed.
    expect(stored!.sealedPasswords).toBeInstanceOf(Buffer);
    expect(stored!.sealedPasswords!.toString("latin1")).not.toContain("token,password,url");
    const rows = await testDb().select().from(tagbackTokens).where(eq(tagbackTokens.batchId, batchId)).all();
    expect(rows).toHaveLength(BATCH_SIZE);

    // The batch's page offers the passwords to the admin who minted it, and to no other admin.
    const view = dataOf<{ batch: { status: string; passwordsOffered: boolean } }>(await batchPageCall(batchId, admin));
    expect(view.batch).toMatchObject({ status: "done", passwordsOffered: true });
    expect(JSON.stringify(view)).not.toContain(rows[0]!.token);
    const otherAdmin = await createOwner();
    await grantAdmin(testDb(), otherAdmin.email);
    expect(dataOf<{ batch: { passwordsOffered: boolean } }>(await batchPageCall(batchId, otherAdmin)).batch.passwordsOffered).toBe(false);
    const stolen = (await passwordsCall(batchId, otherAdmin)) as Response;
    expect(stolen.status).toBe(303);

    // The CSV: token,password,url per line, each password verifying against the stored hash.
    const download = (await passwordsCall(batchId, admin)) as Response;
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="tagback-batch-${batchId.slice(0, 8)}-passwords.csv"`);
    expect(download.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = (await download.text()).trimEnd().split("\n");
    expect(lines[0]).toBe("token,password,url");
    expect(lines).toHaveLength(BATCH_SIZE + 1);
    const tokens: Minted["tokens"] = [];
    for (const line of lines.slice(1)) {
      const [token, password, url] = line.split(",");
      const row = rows.find((r) => r.token === token)!;
      expect(row.passwordHash).not.toContain(password);
      expect(await verifyPassword(password!, row.passwordHash)).toBe(true);
      expect(url).toBe(tokenUrl(getEnv().APP_URL, token!));
      tokens.push({ token: token!, password: password! });
    }
    batch = { batchId, count: BATCH_SIZE, tokens };

    // Once: a second download goes back to the page, which says the passwords are gone.
    const again = (await passwordsCall(batchId, admin)) as Response;
    expect(again.status).toBe(303);
    expect(again.headers.get("Location")).toBe(`/admin/stickers/${batchId}`);
    expect((await testDb().select().from(mintBatches).where(eq(mintBatches.id, batchId)).get())!.sealedPasswords).toBeNull();
    expect(dataOf<{ batch: { passwordsOffered: boolean } }>(await batchPageCall(batchId, admin)).batch.passwordsOffered).toBe(false);

    // The inventory lists the batch, but never a password.
    const page = await callRoute(loader, get("/admin/stickers"), { user: admin });
    const loaded = dataOf<{ batches: Array<{ id: string; count: number; mintedBy: string | null }> }>(page);
    expect(loaded.batches[0]).toMatchObject({ id: batchId, count: BATCH_SIZE, mintedBy: admin.email, status: "done" });
    expect(JSON.stringify(loaded)).not.toContain(tokens[0]!.password);
  });

  it.each(["0", "-1", "abc", "2.5", "", "10001", "99999999"])("refuses the count %j with a message, minting nothing", async (count) => {
    const before = (await testDb().select().from(mintBatches).all()).length;
    const result = await callRoute(action, post("/admin/stickers", { intent: "mint", count }), { user: admin });
    expect(statusOf(result)).toBe(400);
    expect(dataOf(result)).toMatchObject({ error: "stickers.badCount" });
    expect((await testDb().select().from(mintBatches).all()).length).toBe(before);
  });

  it("answers an unknown intent with 400", async () => {
    const result = await callRoute(action, post("/admin/stickers", { intent: "burn", count: "1" }), { user: admin });
    expect(statusOf(result)).toBe(400);
  });
});

describe("the inventory", () => {
  it("lists tokens with their state and claiming user, counts, filters and pages", async () => {
    const [claimedVerified, claimedUnverified] = batch.tokens;
    await testDb()
      .update(tagbackTokens)
      .set({ userId: owner.id, isClaimed: true, isVerified: true })
      .where(eq(tagbackTokens.token, claimedVerified!.token))
      .run();
    await testDb()
      .update(tagbackTokens)
      .set({ userId: owner.id, isClaimed: true, isVerified: false })
      .where(eq(tagbackTokens.token, claimedUnverified!.token))
      .run();
    // A CLI batch beside the page's one: more tokens than one page of the inventory holds.
    const cli = await mintTokens(testDb(), INVENTORY_PAGE_SIZE - BATCH_SIZE + 5, getEnv().APP_URL);

    type Loaded = {
      inventory: { tokens: Array<{ token: string; state: string; claimedBy: string | null; batchId: string }>; total: number; page: number; pages: number };
      counts: Record<string, number>;
      batches: Array<{ id: string; mintedBy: string | null }>;
    };
    const load = async (query: string) => dataOf<Loaded>(await callRoute(loader, get(`/admin/stickers${query}`), { user: admin }));

    const inBatch = await load(`?batch=${batch.batchId}`);
    expect(inBatch.counts).toEqual({ all: BATCH_SIZE, unclaimed: BATCH_SIZE - 2, verified: 1, unverified: 1 });
    expect(inBatch.inventory.total).toBe(BATCH_SIZE);

    const verified = await load(`?state=verified&batch=${batch.batchId}`);
    expect(verified.inventory.tokens).toEqual([
      expect.objectContaining({ token: claimedVerified!.token, state: "verified", claimedBy: owner.email, batchId: batch.batchId }),
    ]);
    const unverified = await load(`?state=unverified`);
    expect(unverified.inventory.tokens.map((t) => [t.token, t.claimedBy])).toEqual([[claimedUnverified!.token, owner.email]]);
    const unclaimed = await load(`?state=unclaimed&batch=${batch.batchId}`);
    expect(unclaimed.inventory.total).toBe(BATCH_SIZE - 2);
    expect(unclaimed.inventory.tokens.every((t) => t.state === "unclaimed" && t.claimedBy === null)).toBe(true);

    const all = await load("");
    const total = BATCH_SIZE + cli.tokens.length;
    expect(all.inventory.total).toBe(total);
    expect(all.inventory.pages).toBe(2);
    expect(all.inventory.tokens).toHaveLength(INVENTORY_PAGE_SIZE);
    const second = await load("?page=2");
    expect(second.inventory.page).toBe(2);
    expect(second.inventory.tokens).toHaveLength(total - INVENTORY_PAGE_SIZE);
    const seen = new Set([...all.inventory.tokens, ...second.inventory.tokens].map((t) => t.token));
    expect(seen.size).toBe(total);
    // A page past the end shows the last one; nonsense filters are ignored.
    expect((await load("?page=99")).inventory.page).toBe(2);
    expect((await load("?state=nonsense&page=x")).inventory.total).toBe(total);
    // The CLI's batch is listed as minted by nobody.
    expect(all.batches.find((b) => b.id === cli.batchId)).toMatchObject({ mintedBy: null });
  });
});

describe("the sticker sheets", () => {
  it("fit A4: 3 × 8 labels of 70 × 36 mm", () => {
    expect(labelSheetFitsA4()).toBe(true);
    expect(LABELS_PER_PAGE).toBe(24);
    expect(pageCountFor(BATCH_SIZE)).toBe(2);
  });

  it("SVG: each QR decodes (from the sheet's own rectangles) to its sticker's URL, with the token 4-4-4 beneath", async () => {
    const response = (await sheetCall(svgLoader, batch.batchId, admin)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^inline; filename="tagback-stickers-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.svg"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const svg = await response.text();
    const urls = batch.tokens.map((t) => tokenUrl(getEnv().APP_URL, t.token));

    // Rasterise the sheet: white paper, then every module run of every QR, in millimetres.
    const [, width, height] = svg.match(/viewBox="0 0 ([\d.]+) ([\d.]+)"/)!.map(Number) as [number, number, number];
    const PX_PER_MM = 8;
    const w = Math.ceil(width * PX_PER_MM);
    const h = Math.ceil(height * PX_PER_MM);
    const gray = new Uint8Array(w * h).fill(255);
    const symbol =
      /<g data-token="(\d+)">\s*<g transform="translate\(([\d.]+) ([\d.]+)\) scale\(([\d.]+)\)">\s*<rect x="0" y="0" width="(\d+)" height="(\d+)" fill="#fff"\/>\s*<path fill="#000" shape-rendering="crispEdges" d="([^"]*)"\/>\s*<\/g>\s*<text [^>]*>([^<]*)<\/text>/g;
    const symbols = [...svg.matchAll(symbol)];
    expect(symbols).toHaveLength(BATCH_SIZE);
    for (const [, token, tx, ty, scale, side, , d, text] of symbols) {
      // The quiet zone: the symbol's white square is the module matrix plus 4 modules each side.
      const url = tokenUrl(getEnv().APP_URL, token!);
      const { modules } = QRCode.create(url, { errorCorrectionLevel: "H" });
      expect(Number(side)).toBe(modules.size + 2 * QUIET_ZONE_MODULES);
      expect(text).toBe(formatToken(token!));
      expect(text).toMatch(/^\d{4}-\d{4}-\d{4}$/);
      const runs = [...d!.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
      expect(runs.map((r) => r[0]).join("")).toBe(d); // nothing in the path left unread
      for (const [, x, y, runWidth] of runs) {
        expect(Number(x)).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES);
        expect(Number(x) + Number(runWidth)).toBeLessThanOrEqual(Number(side) - QUIET_ZONE_MODULES);
        const x0 = (Number(tx) + Number(x) * Number(scale)) * PX_PER_MM;
        const x1 = (Number(tx) + (Number(x) + Number(runWidth)) * Number(scale)) * PX_PER_MM;
        const y0 = (Number(ty) + Number(y) * Number(scale)) * PX_PER_MM;
        const y1 = (Number(ty) + (Number(y) + 1) * Number(scale)) * PX_PER_MM;
        for (let py = Math.ceil(y0 - 0.5); py + 0.5 < y1; py++) {
          for (let px = Math.ceil(x0 - 0.5); px + 0.5 < x1; px++) gray[py * w + px] = 0;
        }
      }
    }
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < gray.length; i++) rgba.set([gray[i]!, gray[i]!, gray[i]!, 255], i * 4);
    const decoded = await decode({ width: w, height: h, data: rgba });
    expect(decoded.map((r) => r.text).sort()).toEqual([...urls].sort());
    for (const result of decoded) expect(result.ecLevel).toBe("H");
  });

  it("PDF: A4 pages of 24 labels that poppler renders and whose QR codes decode to the URLs", async () => {
    const response = (await sheetCall(pdfLoader, batch.batchId, admin)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="tagback-stickers-[\d-]+[0-9a-f]{8}\.pdf"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const pdf = new Uint8Array(await response.arrayBuffer());
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(pageCountFor(BATCH_SIZE));
    for (const page of document.getPages()) {
      expect(page.getWidth()).toBeCloseTo((210 / 25.4) * 72, 1);
      expect(page.getHeight()).toBeCloseTo((297 / 25.4) * 72, 1);
    }

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tagback-sheet-"));
    try {
      fs.writeFileSync(path.join(dir, "sheet.pdf"), pdf);
      execFileSync("pdftoppm", ["-png", "-r", "150", path.join(dir, "sheet.pdf"), path.join(dir, "page")]);
      const pngs = fs.readdirSync(dir).filter((f) => f.endsWith(".png")).sort();
      expect(pngs).toHaveLength(2);
      const urls = batch.tokens.map((t) => tokenUrl(getEnv().APP_URL, t.token));
      const pages = [urls.slice(0, LABELS_PER_PAGE), urls.slice(LABELS_PER_PAGE)];
      for (const [index, png] of pngs.entries()) {
        const decoded = await decode(new Uint8Array(fs.readFileSync(path.join(dir, png))));
        expect(decoded.map((r) => r.text).sort()).toEqual([...pages[index]!].sort());
        for (const result of decoded) expect(result.ecLevel).toBe("H");
      }
      // The token is printed beneath each code, 4-4-4.
      const text = execFileSync("pdftotext", [path.join(dir, "sheet.pdf"), "-"], { encoding: "utf8" });
      for (const { token } of batch.tokens) expect(text).toContain(formatToken(token));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 404 for a batch that does not exist", async () => {
    const response = (await sheetCall(svgLoader, "no-such-batch", admin)) as Response;
    expect(response.status).toBe(404);
    expect(((await sheetCall(pdfLoader, "no-such-batch", admin)) as Response).status).toBe(404);
  });
});

describe("only admins", () => {
  const denied = async (result: unknown, who: "anonymous" | "user") => {
    if (who === "anonymous") {
      expect(statusOf(result)).toBe(302);
      expect((result as Response).headers.get("Location")).toMatch(/^\/auth\?redirectTo=%2Fadmin%2Fstickers/);
    } else {
      expect(statusOf(result)).toBe(403);
      expect(await (result as Response).text()).toBe("You do not have admin access.");
    }
  };

  it.each(["anonymous", "user"] as const)("%s: nothing from the page, the mint action or the sheets", async (who) => {
    const user = who === "user" ? await createOwner() : undefined;
    const before = (await testDb().select().from(mintBatches).all()).length;
    await denied(await callRoute(loader, get(`/admin/stickers?batch=${batch.batchId}`), { user }), who);
    await denied(await callRoute(action, post("/admin/stickers", { intent: "mint", count: "3" }), { user }), who);
    await denied(await sheetCall(svgLoader, batch.batchId, user), who);
    await denied(await sheetCall(pdfLoader, batch.batchId, user), who);
    expect((await testDb().select().from(mintBatches).all()).length).toBe(before);
    const tokens = await testDb()
      .select()
      .from(tagbackTokens)
      .where(inArray(tagbackTokens.batchId, [batch.batchId]))
      .all();
    expect(tokens).toHaveLength(BATCH_SIZE);
  });
});

// After the inventory test, which counts every token in the database.
describe("minting jobs", () => {
  it("mints once when the form is sent twice with the same key, even at the same time", async () => {
    const mintKey = crypto.randomUUID();
    const send = () => callRoute(action, post("/admin/stickers", { intent: "mint", count: "3", mintKey }), { user: admin });
    const [first, second] = (await Promise.all([send(), send()])) as Response[];
    const third = (await send()) as Response;
    await mintJobsSettled();
    const location = first!.headers.get("Location");
    expect(second!.headers.get("Location")).toBe(location);
    expect(third.headers.get("Location")).toBe(location);
    const batches = await testDb().select().from(mintBatches).where(eq(mintBatches.requestKey, mintKey)).all();
    expect(batches).toHaveLength(1);
    expect(await testDb().select().from(tagbackTokens).where(eq(tagbackTokens.batchId, batches[0]!.id)).all()).toHaveLength(3);
    // Another admin's form with the same key is theirs: keys are per admin.
    const otherAdmin = await createOwner();
    await grantAdmin(testDb(), otherAdmin.email);
    const theirs = (await callRoute(action, post("/admin/stickers", { intent: "mint", count: "1", mintKey }), { user: otherAdmin })) as Response;
    expect(theirs.headers.get("Location")).not.toBe(location);
    await mintJobsSettled();
  });

  it("mints a batch a stop cut short again from the start when its written tokens' passwords were not kept, those tokens removed, its passwords offered", async () => {
    const [cut] = await testDb().insert(mintBatches).values({ count: 5, mintedBy: admin.id, status: "minting", progress: 2 }).returning().all();
    const kept = await mintTokens(testDb(), 2, getEnv().APP_URL);
    await testDb()
      .insert(tagbackTokens)
      .values({ token: "987600000001", passwordHash: "x", batchId: cut!.id })
      .run();
    expect(await resumeInterruptedMints(testDb(), getEnv().APP_URL)).toEqual({ resumed: 1, restarted: 1 });
    await mintJobsSettled();
    expect(await testDb().select().from(mintBatches).where(eq(mintBatches.id, cut!.id)).get()).toMatchObject({ status: "done", progress: 5 });
    const tokens = await testDb().select().from(tagbackTokens).where(eq(tagbackTokens.batchId, cut!.id)).all();
    expect(tokens).toHaveLength(5);
    // The token written before the stop, with no sealed slice (whose password nobody knows), is gone.
    expect(tokens.map((t) => t.token)).not.toContain("987600000001");
    // Another batch is untouched; nothing is left to resume.
    expect(await testDb().select().from(tagbackTokens).where(eq(tagbackTokens.batchId, kept.batchId)).all()).toHaveLength(2);
    expect(await resumeInterruptedMints(testDb(), getEnv().APP_URL)).toEqual({ resumed: 0, restarted: 0 });
    // Its page offers the passwords to the admin who minted it, and it has sheets.
    expect(dataOf<{ batch: { status: string; passwordsOffered: boolean } }>(await batchPageCall(cut!.id, admin)).batch).toMatchObject({
      status: "done",
      passwordsOffered: true,
    });
    expect(statusOf(await sheetCall(pdfLoader, cut!.id, admin))).toBe(200);
  });
});
