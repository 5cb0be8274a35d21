// Route-level tests of lost items (/lost, /lost-found), lost mode in the finder's search, the owner
// search and token claim on /found, and the photo upload decoded on the server — against a real
// (temporary) database, through the routes' own loaders and actions. Two owners' data side by
// side, so a missing user_id filter fails.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { hashPassword } from "../../db/password";
import { lostItems, products, profiles, tagbackTokens } from "../../db/schema";
import { searchOwner } from "~/features/finder/owner-search.server";
import { reportLost } from "~/features/lost-found/lost-items.server";
import { LOST_NOTE_MAX, PHOTO_MAX_BYTES } from "~/features/lost-found/rules";
import { isMessageKey, message } from "~/i18n/messages";
import * as foundRoute from "~/routes/_app.found/route";
import { decodesInFlight } from "~/routes/_app.found/photo-decode.server";
import * as lostFoundRoute from "~/routes/_app.lost-found/route";
import * as lostRoute from "~/routes/_app.lost";
import { drawQr, encodePng } from "../support/qr-image";
import { BASE, callRoute, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";
import { testDb } from "../support/test-db";

type Owner = { id: string; email: string };
type Refusal = { result: { error?: Record<string, string[] | null> } };

let tokenCounter = 0;
const PASSWORD = "24681357";
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

function nextToken() {
  tokenCounter += 1;
  return `7${String(tokenCounter).padStart(11, "0")}`;
}

/** An owner with a verified token, a product on it ("Laptop") and a metro card. */
async function ownerWithItems() {
  const owner = await createOwner();
  const token = nextToken();
  const metroCard = `9${String(tokenCounter).padStart(9, "0")}`;
  await testDb().insert(tagbackTokens).values({ token, passwordHash, userId: owner.id, isClaimed: true, isVerified: true }).run();
  const [product] = await testDb().insert(products).values({ userId: owner.id, name: "Laptop", token }).returning().all();
  await testDb().update(profiles).set({ firstName: "Asha", metroCardNumber: metroCard }).where(eq(profiles.id, owner.id)).run();
  return { ...owner, token, metroCard, productKey: `product:${product!.id}` };
}

function text(key: string | undefined) {
  if (key === undefined) return undefined;
  return isMessageKey(key) ? (message(key).description ?? message(key).title) : `not a message key: ${key}`;
}
const formError = (result: unknown) => text(dataOf<Refusal>(result).result.error?.[""]?.[0]);
const fieldError = (result: unknown, name: string) => text(dataOf<Refusal>(result).result.error?.[name]?.[0]);

const lostAct = (owner: Owner, fields: Record<string, string>) => callRoute(lostRoute.action, post("/lost", fields), { user: owner });
const lostFoundAct = (owner: Owner, fields: Record<string, string>) =>
  callRoute(lostFoundRoute.action, post("/lost-found", fields), { user: owner });

async function rowsOf(userId: string) {
  return testDb().select().from(lostItems).where(eq(lostItems.userId, userId)).all();
}

const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());

describe("/lost: report a registered item", () => {
  test("the product, with lost mode's message and reward: 'Item Marked as Lost', pending", async () => {
    const owner = await ownerWithItems();
    const result = await lostAct(owner, { intent: "report", item: owner.productKey, dateLost: TODAY, message: "<b>Please</b> call", reward: "Reward ₹500" });
    expect(statusOf(result)).toBe(302);
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Item Marked as Lost" });
    expect(await rowsOf(owner.id)).toMatchObject([
      { type: "product", name: "Laptop", identifier: owner.token, status: "pending", message: "Please call", reward: "Reward ₹500", dateLost: TODAY },
    ]);
    const page = dataOf<Awaited<ReturnType<typeof lostRoute.loader>>>(await callRoute(lostRoute.loader, get("/lost"), { user: owner }));
    expect(page.reports?.map((r) => r.name)).toEqual(["Laptop"]);
    expect(page.registered?.map((r) => r.type)).toEqual(["product", "metro"]);
  });

  test("nothing selected: 'Please select an item to report.'", async () => {
    const owner = await ownerWithItems();
    const result = await lostAct(owner, { intent: "report", dateLost: TODAY });
    expect(statusOf(result)).toBe(400);
    expect(fieldError(result, "item")).toBe("Please select an item to report.");
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  test("a second pending report of the same item: 'Already Reported', for a product and for a metro card", async () => {
    const owner = await ownerWithItems();
    expect(statusOf(await lostAct(owner, { intent: "report", item: owner.productKey, dateLost: TODAY }))).toBe(302);
    const again = await lostAct(owner, { intent: "report", item: owner.productKey, dateLost: TODAY });
    expect(statusOf(again)).toBe(409);
    expect(formError(again)).toBe("This product is already reported as lost.");
    expect(statusOf(await lostAct(owner, { intent: "report", item: "metro", dateLost: TODAY }))).toBe(302);
    const metroAgain = await lostAct(owner, { intent: "report", item: "metro", dateLost: TODAY });
    expect(statusOf(metroAgain)).toBe(409);
    expect(formError(metroAgain)).toBe("This metro card is already reported as lost.");
    expect(await rowsOf(owner.id)).toHaveLength(2);
  });

  test("the one pending report is the database's rule (a partial unique index), not only a check", async () => {
    const owner = await ownerWithItems();
    const report = { type: "metro" as const, name: "Card", identifier: owner.metroCard, dateLost: TODAY, message: null, reward: null };
    const outcomes = await Promise.all([reportLost(testDb(), owner.id, report), reportLost(testDb(), owner.id, report)]);
    expect(outcomes.map((o) => o.ok).sort()).toEqual([false, true]);
    expect(() => testDb().insert(lostItems).values({ userId: owner.id, ...report }).run()).toThrow(/UNIQUE/);
    // Recovered reports do not count: the same item can be reported again.
    await testDb().update(lostItems).set({ status: "recovered" }).where(eq(lostItems.userId, owner.id)).run();
    expect((await reportLost(testDb(), owner.id, report)).ok).toBe(true);
  });

  test("an item that is not the user's own cannot be picked", async () => {
    const owner = await ownerWithItems();
    const other = await ownerWithItems();
    const result = await lostAct(owner, { intent: "report", item: other.productKey, dateLost: TODAY });
    expect(statusOf(result)).toBe(400);
    expect(formError(result)).toMatch(/not registered to you/);
    expect(await rowsOf(owner.id)).toEqual([]);
    expect(await rowsOf(other.id)).toEqual([]);
  });

  test("lost mode's texts: at most 140 characters each, no profanity, a real date not in the future", async () => {
    const owner = await ownerWithItems();
    const tooLong = await lostAct(owner, { intent: "report", item: "metro", dateLost: TODAY, message: "x".repeat(LOST_NOTE_MAX + 1) });
    expect(statusOf(tooLong)).toBe(400);
    expect(fieldError(tooLong, "message")).toBe(`The message to finders must be at most ${LOST_NOTE_MAX} characters.`);
    const rude = await lostAct(owner, { intent: "report", item: "metro", dateLost: TODAY, reward: "chutiya" });
    expect(fieldError(rude, "reward")).toBe(message("common.nsfw").description);
    const future = await lostAct(owner, { intent: "report", item: "metro", dateLost: "2999-01-01" });
    expect(fieldError(future, "dateLost")).toMatch(/not in the future/);
    const notADate = await lostAct(owner, { intent: "report", item: "metro", dateLost: "2026-02-30" });
    expect(fieldError(notADate, "dateLost")).toMatch(/real date/);
    const exact = await lostAct(owner, { intent: "report", item: "metro", dateLost: TODAY, message: "m".repeat(LOST_NOTE_MAX), reward: "r".repeat(LOST_NOTE_MAX) });
    expect(statusOf(exact)).toBe(302);
  });
});

describe("status and delete, only on one's own reports", () => {
  async function reported() {
    const owner = await ownerWithItems();
    await lostAct(owner, { intent: "report", item: owner.productKey, dateLost: TODAY });
    const [row] = await rowsOf(owner.id);
    return { owner, id: row!.id };
  }

  test("'Mark as Recovered' → 'Item Recovered'; 'Mark as Pending' → pending again", async () => {
    const { owner, id } = await reported();
    const recovered = await lostAct(owner, { intent: "status", id, status: "recovered" });
    expect(await toastOf(recovered)).toMatchObject({ title: "Item Recovered" });
    expect((await rowsOf(owner.id))[0]!.status).toBe("recovered");
    const pending = await lostAct(owner, { intent: "status", id, status: "pending" });
    expect(await toastOf(pending)).toMatchObject({ title: "Item Marked as Lost" });
    expect((await rowsOf(owner.id))[0]!.status).toBe("pending");
  });

  test("back to pending while a newer report of the item is pending: 'Already Reported'", async () => {
    const { owner, id } = await reported();
    await lostAct(owner, { intent: "status", id, status: "recovered" });
    expect(statusOf(await lostAct(owner, { intent: "report", item: owner.productKey, dateLost: TODAY }))).toBe(302);
    const result = await lostAct(owner, { intent: "status", id, status: "pending" });
    expect(statusOf(result)).toBe(409);
    expect(formError(result)).toBe("This product is already reported as lost.");
  });

  test("delete: 'Item Deleted', the row is gone", async () => {
    const { owner, id } = await reported();
    const result = await lostFoundAct(owner, { intent: "delete", id });
    expect(await toastOf(result)).toMatchObject({ title: "Item Deleted" });
    expect(await rowsOf(owner.id)).toEqual([]);
  });

  test("another user cannot change or delete a report by its id (checked in the database)", async () => {
    const { owner, id } = await reported();
    const intruder = await ownerWithItems();
    const toggle = await lostAct(intruder, { intent: "status", id, status: "recovered" });
    expect(statusOf(toggle)).toBe(404);
    expect(formError(toggle)).toBe("This report is not yours, or it was deleted.");
    const removal = await lostFoundAct(intruder, { intent: "delete", id });
    expect(statusOf(removal)).toBe(404);
    const row = await testDb().select().from(lostItems).where(eq(lostItems.id, id)).get();
    expect(row).toMatchObject({ userId: owner.id, status: "pending" });
  });

  test("an unknown intent is a 400", async () => {
    const owner = await ownerWithItems();
    expect(statusOf(await lostAct(owner, { intent: "nope" }))).toBe(400);
  });
});

describe("/lost-found: the typed report form", () => {
  test("every field required: 'Missing Information' / 'Please fill in all fields.'", async () => {
    const owner = await ownerWithItems();
    const result = await lostFoundAct(owner, { intent: "report", type: "metro", name: "Card", dateLost: TODAY });
    expect(statusOf(result)).toBe(400);
    expect(dataOf<Refusal>(result).result.error?.[""]).toEqual(["lost.missingFields"]);
    expect(message("lost.missingFields")).toEqual({ title: "Missing Information", description: "Please fill in all fields." });
  });

  test.each([
    ["metro", "1234567", "Metro card number must be between 8-16 digits."],
    ["metro", "12345678901234567", "Metro card number must be between 8-16 digits."],
    ["product", "12345678901", "Tagback Token must be exactly 12 characters."],
    ["product", "1234567890123", "Tagback Token must be exactly 12 characters."],
  ])("%s %s: %s", async (type, identifier, expected) => {
    const owner = await ownerWithItems();
    const result = await lostFoundAct(owner, { intent: "report", type, name: "Thing", identifier, dateLost: TODAY });
    expect(statusOf(result)).toBe(400);
    expect(fieldError(result, "identifier")).toBe(expected);
  });

  test("'Report Submitted'; a token typed 1234-5678-9012 is stored as its digits; a duplicate is 'Already Reported'", async () => {
    const owner = await ownerWithItems();
    const grouped = owner.token.replace(/(\d{4})(?=\d)/g, "$1-");
    const result = await lostFoundAct(owner, { intent: "report", type: "product", name: "Bag", identifier: grouped, dateLost: TODAY, reward: "₹200" });
    expect(await toastOf(result)).toMatchObject({ title: "Report Submitted" });
    expect(await rowsOf(owner.id)).toMatchObject([{ type: "product", name: "Bag", identifier: owner.token, reward: "₹200", message: null }]);
    const again = await lostFoundAct(owner, { intent: "report", type: "product", name: "Bag", identifier: owner.token, dateLost: TODAY });
    expect(statusOf(again)).toBe(409);
    expect(formError(again)).toBe("This product is already reported as lost.");
  });
});

describe("lost mode in the finder's search", () => {
  const search = async (type: "metrocard" | "tagbacktoken", number: string) => (await searchOwner(testDb(), { type, number }, { ip: "203.0.113.9", log: false })).result;

  test("a pending report shows its message and reward on a token scan and a metro card search; recovered ends it", async () => {
    const owner = await ownerWithItems();
    expect((await search("tagbacktoken", owner.token)).lost).toBeNull();
    await lostAct(owner, { intent: "report", item: owner.productKey, dateLost: TODAY, message: "Reward ₹500, please call", reward: "₹500" });
    expect((await search("tagbacktoken", owner.token)).lost).toEqual({ message: "Reward ₹500, please call", reward: "₹500" });
    // The metro card is not reported: no lost mode for it.
    expect((await search("metrocard", owner.metroCard)).lost).toBeNull();
    await lostAct(owner, { intent: "report", item: "metro", dateLost: TODAY });
    expect((await search("metrocard", owner.metroCard)).lost).toEqual({ message: null, reward: null });

    const [productReport] = (await rowsOf(owner.id)).filter((r) => r.type === "product");
    await lostAct(owner, { intent: "status", id: productReport!.id, status: "recovered" });
    expect((await search("tagbacktoken", owner.token)).lost).toBeNull();
  });

  test("someone else's report of the same number changes nothing for the owner's finders", async () => {
    const owner = await ownerWithItems();
    const stranger = await ownerWithItems();
    await lostFoundAct(stranger, { intent: "report", type: "product", name: "Not mine", identifier: owner.token, dateLost: TODAY, message: "fake" });
    expect(await rowsOf(stranger.id)).toHaveLength(1);
    expect((await search("tagbacktoken", owner.token)).lost).toBeNull();
  });
});

describe("/found: the owner search, its messages, and claiming an unclaimed token", () => {
  const foundLoad = (user: Owner, path: string) => callRoute(foundRoute.loader, get(path), { user });
  type FoundData = Awaited<ReturnType<typeof foundRoute.loader>>["data"];

  test.each([
    ["/found?type=tagbacktoken&number=", "Please enter an identifier to search."],
    ["/found?type=tagbacktoken&number=1234", "Tagback token must be exactly 12 digits."],
    ["/found?type=metrocard&number=12345", "Metro card number must be between 8 and 16 digits."],
  ])("%s: %s", async (path, expected) => {
    const user = await createOwner();
    const result = await foundLoad(user, path);
    expect(statusOf(result)).toBe(400);
    expect(text(dataOf<FoundData>(result).finder.lastResult?.error?.number?.[0])).toBe(expected);
  });

  test("the Found an Item tab says both rules at once", async () => {
    const user = await createOwner();
    const result = await callRoute(lostFoundRoute.loader, get("/lost-found?tab=found&type=metrocard&number=123"), { user });
    expect(statusOf(result)).toBe(400);
    const finder = dataOf<{ finder: { lastResult: Refusal["result"] } }>(result).finder;
    expect(text(finder.lastResult.error?.number?.[0])).toBe(
      "Please enter a valid Metro Card number (8-16 digits) or Tagback Token (12 characters).",
    );
  });

  test("a found owner with lost mode on; a token nobody holds offers the claim; the right password claims it: 'Token Claimed'", async () => {
    const owner = await ownerWithItems();
    await lostAct(owner, { intent: "report", item: owner.productKey, dateLost: TODAY, reward: "₹500" });
    const finder = await createOwner();
    const hit = dataOf<FoundData>(await foundLoad(finder, `/found?type=tagbacktoken&number=${owner.token}`));
    expect(hit.finder.search?.profile.kind).toBe("owner");
    expect(hit.finder.search?.lost).toEqual({ message: null, reward: "₹500" });
    expect(hit.claim).toBeNull();

    const unclaimed = nextToken();
    await testDb().insert(tagbackTokens).values({ token: unclaimed, passwordHash }).run();
    const miss = dataOf<FoundData>(await foundLoad(finder, `/found?type=tagbacktoken&number=${unclaimed}`));
    expect(miss.claim).toEqual({ token: unclaimed });

    const wrong = await callRoute(foundRoute.action, post(`/found?claim=${unclaimed}`, { intent: "claim", token: unclaimed, password: "1" }), { user: finder });
    expect(statusOf(wrong)).toBe(400);
    expect(text(dataOf<Refusal>(wrong).result.error?.[""]?.[0])).toBe("Please check your token and password and try again.");
    const right = await callRoute(foundRoute.action, post(`/found?claim=${unclaimed}`, { intent: "claim", token: unclaimed, password: PASSWORD }), { user: finder });
    expect(await toastOf(right)).toMatchObject({ type: "success", title: "Token Claimed" });
    const row = await testDb().select().from(tagbackTokens).where(and(eq(tagbackTokens.token, unclaimed), eq(tagbackTokens.userId, finder.id))).get();
    expect(row).toMatchObject({ isClaimed: true, isVerified: true });
    // Claimed now: no claim form for anyone.
    const other = await createOwner();
    expect(dataOf<FoundData>(await foundLoad(other, `/found?claim=${unclaimed}`)).claim).toBeNull();
  });
});

describe("/found: a photo of a QR code, decoded on the server", () => {
  function upload(user: Owner, file: Blob | null, name = "photo.png") {
    const form = new FormData();
    if (file) form.append("photo", file, name);
    return callRoute(foundRoute.action, new Request(`${BASE}/found`, { method: "POST", body: form }), { user });
  }
  const png = (text: string, options: Partial<Parameters<typeof drawQr>[1]> = {}) =>
    new Blob([new Uint8Array(encodePng(drawQr(text, { width: 900, height: 700, moduleSize: 9.3, angle: 7, noise: 40, seed: 7, ...options })))], {
      type: "image/png",
    });
  const photoError = (result: unknown) => {
    const key = dataOf<{ error: string }>(result).error;
    return isMessageKey(key) ? message(key) : key;
  };

  test("a scaled, turned, noisy photo of a sticker's code leads to the search it names", async () => {
    const user = await createOwner();
    const token = nextToken();
    const result = await upload(user, png(`${BASE}/?t=${token}`));
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe(`/found?type=tagbacktoken&number=${token}`);
  });

  test("type and number codes too (metro card)", async () => {
    const user = await createOwner();
    const result = await upload(user, png(`${BASE}/?type=MetroCard&number=12345678`, { angle: -4, seed: 3 }));
    expect((result as Response).headers.get("Location")).toBe("/found?type=metrocard&number=12345678");
  });

  test("a code from another site: 422 'This QR code is not from Tagback.'", async () => {
    const user = await createOwner();
    const result = await upload(user, png("https://evil.example/?t=123412341234"));
    expect(statusOf(result)).toBe(422);
    expect(photoError(result)).toEqual({ title: "Invalid QR Code", description: "This QR code is not from Tagback." });
  });

  test("not an image: 415", async () => {
    const user = await createOwner();
    const result = await upload(user, new Blob(["just some text, not a picture"], { type: "image/png" }), "qr.png");
    expect(statusOf(result)).toBe(415);
    expect(photoError(result)).toMatchObject({ title: "Not a photo" });
    // A PNG signature on broken data is not an image either.
    const broken = new Uint8Array(encodePng(drawQr("x", { width: 64, height: 64, moduleSize: 2 })).subarray(0, 60));
    expect(statusOf(await upload(user, new Blob([broken])))).toBe(415);
  });

  test("too big: 413", async () => {
    const user = await createOwner();
    const result = await upload(user, new Blob([new Uint8Array(PHOTO_MAX_BYTES + 1)]));
    expect(statusOf(result)).toBe(413);
    expect(photoError(result)).toMatchObject({ title: "Photo too large" });
  });

  test("no QR code in it: 422", async () => {
    const user = await createOwner();
    const blank = drawQr("x", { width: 400, height: 300, moduleSize: 0.01, noise: 30 });
    const result = await upload(user, new Blob([new Uint8Array(encodePng(blank))]));
    expect(statusOf(result)).toBe(422);
    expect(photoError(result)).toMatchObject({ title: "No QR code found" });
  });

  test("decoding runs in a worker thread: the event loop keeps turning while a large photo is read", async () => {
    const user = await createOwner();
    // Warm up first (the decoder starts and compiles its WebAssembly on the first photo).
    expect(statusOf(await upload(user, png(`${BASE}/?t=${nextToken()}`)))).toBe(302);
    const photo = png(`${BASE}/?t=${nextToken()}`, { width: 2200, height: 1650, moduleSize: 22, noise: 30 });
    expect(photo.size).toBeLessThan(PHOTO_MAX_BYTES);
    // The property itself, not a ratio of wall times that a busy machine moves: while the photo is
    // in the decoder's hands, this thread's timers keep firing. Decoded on the event loop, the
    // decode would be one synchronous block, and no timer could ever see it in flight.
    let ticksWhileDecoding = 0;
    const ticker = setInterval(() => {
      if (decodesInFlight() > 0) ticksWhileDecoding++;
    }, 1);
    const result = await upload(user, photo);
    clearInterval(ticker);
    expect(statusOf(result)).toBe(302);
    expect(ticksWhileDecoding).toBeGreaterThanOrEqual(3);
  });

  test("no file: 400", async () => {
    const user = await createOwner();
    const result = await upload(user, null);
    expect(statusOf(result)).toBe(400);
    expect(photoError(result)).toMatchObject({ title: "No photo" });
  });
});
