// From found to returned (issue 49), through the routes' own loaders and actions on a real
// temporary database: the finder's shared position (the form's fields, the private page's share and
// withdraw, the owner's conversation, the alert mail), "I got it back" (the finder's page, their one
// mail, 409 to new messages from both sides, lost mode ending and coming back with an undo), the
// week's counts at /admin/returns on a seeded history (two owners, a bot, reloads, the owner's own
// scan, a return and an undone one) against a hand count, the landing page's threshold, and account
// deletion and the data download. Mail goes to the server log here (no SMTP_URL); the e2e spec
// (tests/e2e/returns.spec.ts) reads it from the loopback SMTP server.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { finderThreads, lostItems } from "../../db/schema";
import { processMetrics } from "~/core/metrics.server";
import { finderLoader } from "~/features/finder/finder-route.server";
import { visitsOf } from "~/features/finder/location-ticket.server";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { LOCATION_DECIMALS } from "~/features/finder-contact/rules";
import { funnelWeeks, weekOf, type FunnelWeek } from "~/features/returns/funnel.server";
import { undoReturn } from "~/features/returns/returns.server";
import { RETURN_UNDO_HOURS } from "~/features/returns/rules";
import { translator } from "~/i18n/messages";
import { localeCookie } from "~/i18n/locale-cookie.server";
import * as contactRoute from "~/routes/contact-owner/route";
import * as threadRoute from "~/routes/f.$secret/route";
import * as chat from "~/routes/_app.messaging.$conversationId/route";
import * as lostRoute from "~/routes/_app.lost";
import * as adminReturns from "~/routes/admin.returns";
import * as landing from "~/routes/_index/route";
import * as settingsRoute from "~/routes/_app.settings/route";
import * as exportRoute from "~/routes/_app.settings_.data";
import { callAdmin, createAdmin } from "../support/admin-routes";
import { BASE, callRoute, cookiesFrom, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";
import { testDb } from "../support/test-db";
import { loggedMails, ownerWithToken as ownerWithTokenIn, type OwnerWithToken as Owner } from "../support/finder-contact";

const db = testDb();
const ownerWithToken = (name?: string, extra?: Parameters<typeof ownerWithTokenIn>[2]) => ownerWithTokenIn(db, name, extra);
const { mailsTo } = loggedMails(db);
const HUMAN = "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";



// ---- Mail, as the server log shows it without SMTP_URL ----


// ---- The finder's side ----

/** A person's (or a bot's) scan of the owner's sticker from `ip`; the cookie carries the visit. */
async function scan(owner: Owner, ip: string, userAgent = HUMAN, user?: { id: string; email: string }) {
  const result = await callRoute(finderLoader, new Request(`${BASE}/findowner?t=${owner.token}`, { headers: { "User-Agent": userAgent } }), { clientIp: ip, user });
  return cookiesFrom(result);
}

async function sendForm(owner: Owner, fields: Record<string, string>, cookie = ""): Promise<{ status: number; secret: string | null; result: unknown }> {
  const [visitId] = cookie ? await visitsOf(cookie) : [];
  const ticket = formTicket({ ownerId: owner.id, type: "tagbacktoken", number: owner.token, visitId: visitId ?? null }, Date.now() - 10_000);
  const result = await callRoute(
    contactRoute.action,
    post(`/contact-owner?type=tagbacktoken&number=${owner.token}`, { ticket, message: "Found your keys at Rajiv Chowk", handover: "keep", website: "", ...fields }, cookie),
  );
  const location = result instanceof Response ? result.headers.get("Location") : null;
  return { status: statusOf(result), secret: location ? /^\/f\/([A-Za-z0-9_-]+)\?sent=1$/.exec(location)![1]! : null, result };
}

function finderPage(secret: string, cookie = "") {
  return callRoute((args) => threadRoute.loader({ ...args, params: { secret } }), get(`/f/${secret}`, cookie));
}
function finderPost(secret: string, fields: Record<string, string>) {
  return callRoute((args) => threadRoute.action({ ...args, params: { secret } }), post(`/f/${secret}`, fields));
}

// ---- The owner's side ----

function ownerPage(owner: Owner, conversationId: string) {
  return callRoute((args) => chat.loader({ ...args, params: { conversationId } }), get(`/messaging/${conversationId}`), { user: owner });
}
function ownerPost(owner: Owner, conversationId: string, fields: Record<string, string>) {
  return callRoute((args) => chat.action({ ...args, params: { conversationId } }), post(`/messaging/${conversationId}`, fields), { user: owner });
}

async function threadOf(owner: Owner) {
  return (await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).all()).at(-1)!;
}

const decimals = (value: number) => (String(value).split(".")[1] ?? "").length;

describe("share where I am", () => {
  test("the form's position is stored rounded to ~50 m; the owner's conversation and alert mail carry it as a geo: and an OpenStreetMap link", async () => {
    const owner = await ownerWithToken("Meera");
    const other = await ownerWithToken("Other");
    const sent = await sendForm(owner, { latitude: "28.632853", longitude: "77.219721", accuracy: "12.7" });
    expect(sent.status).toBe(303);
    const thread = await threadOf(owner);
    // 0.0005° grid: 28.632853 → 28.633, 77.219721 → 77.2195; the accuracy never finer than the rounding.
    expect(thread).toMatchObject({ latitude: 28.633, longitude: 77.2195, locationAccuracy: 50 });
    expect(decimals(thread.latitude!)).toBeLessThanOrEqual(LOCATION_DECIMALS);
    expect(decimals(thread.longitude!)).toBeLessThanOrEqual(LOCATION_DECIMALS);
    expect(thread.locationSharedAt).toBeInstanceOf(Date);
    expect(await db.select().from(finderThreads).where(eq(finderThreads.ownerId, other.id)).all()).toEqual([]);

    const page = dataOf<{ finderThread: { location: { geo: string; osm: string; text: string } } }>(await ownerPage(owner, thread.conversationId));
    expect(page.finderThread.location).toMatchObject({
      geo: "geo:28.633,77.2195?q=28.633,77.2195",
      osm: "https://www.openstreetmap.org/?mlat=28.633&mlon=77.2195#map=17/28.633/77.2195",
    });
    expect(page.finderThread.location.text).toContain("within about 50 m");
    const [mail] = await mailsTo(owner.email);
    expect(mail).toContain("geo:28.633,77.2195?q=28.633,77.2195");
    expect(mail).toContain("https://www.openstreetmap.org/?mlat=28.633&mlon=77.2195");
    // Never the unrounded position anywhere.
    expect(JSON.stringify({ page, mail })).not.toContain("28.6328");
  });

  test("a half-sent or impossible position is a 400 with the form back and nothing stored; none is fine", async () => {
    const owner = await ownerWithToken("Kabir");
    for (const [fields, error] of [
      [{ latitude: "28.6", longitude: "", accuracy: "20" }, "findLocation.bad"],
      [{ latitude: "128.6", longitude: "77.2", accuracy: "20" }, "findLocation.bad"],
      [{ latitude: "28.6", longitude: "77.2", accuracy: "NaN" }, "findLocation.bad"],
      [{ latitude: "28.6", longitude: "77.2", accuracy: "9000" }, "findLocation.tooVague"],
    ] as const) {
      const refused = await sendForm(owner, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      const body = dataOf<{ errors: { location?: string }; values: { latitude: string; message: string } }>(refused.result);
      expect(body.errors.location).toBe(error);
      expect(body.values).toMatchObject({ latitude: fields.latitude, message: "Found your keys at Rajiv Chowk" });
    }
    expect(await db.select().from(finderThreads).where(eq(finderThreads.ownerId, owner.id)).all()).toEqual([]);
    const plain = await sendForm(owner, { foundWhere: "Rajiv Chowk, gate 2" });
    expect(plain.status).toBe(303);
    expect(await threadOf(owner)).toMatchObject({ latitude: null, longitude: null, locationAccuracy: null, foundWhere: "Rajiv Chowk, gate 2" });
  });

  test("from the private page: shared rounded, then withdrawn; the owner's page follows", async () => {
    const owner = await ownerWithToken("Ira");
    const { secret } = await sendForm(owner, {});
    const thread = await threadOf(owner);
    expect(statusOf(await finderPost(secret!, { intent: "share-location", latitude: "19.0760123", longitude: "72.8776559", accuracy: "30" }))).toBe(302);
    expect(await threadOf(owner)).toMatchObject({ latitude: 19.076, longitude: 72.8775, locationAccuracy: 50 });
    expect(dataOf<{ location: { metres: number } }>(await finderPage(secret!)).location).toMatchObject({ metres: 50 });
    expect(statusOf(await finderPost(secret!, { intent: "share-location", latitude: "", longitude: "", accuracy: "" }))).toBe(400);
    expect(statusOf(await finderPost(secret!, { intent: "withdraw-location" }))).toBe(302);
    expect(await threadOf(owner)).toMatchObject({ latitude: null, longitude: null, locationAccuracy: null, locationSharedAt: null });
    expect(dataOf<{ finderThread: { location: unknown } }>(await ownerPage(owner, thread.conversationId)).finderThread.location).toBeNull();
  });
});

describe("I got it back", () => {
  test("the finder's page says so in their language with the owner's line, one mail, 409 both ways, lost mode ends; an undo within a day restores it all", async () => {
    const owner = await ownerWithToken("Asha");
    const bystander = await ownerWithToken("Bystander");
    await db.insert(lostItems).values({ userId: owner.id, type: "product", name: "Keys", identifier: owner.token, dateLost: "2026-11-20", message: "Please call me", status: "pending" }).run();
    await db.insert(lostItems).values({ userId: bystander.id, type: "product", name: "Bag", identifier: bystander.token, dateLost: "2026-11-20", message: "My bag", status: "pending" }).run();
    const scanned = await scan(owner, "198.51.100.7");
    expect(JSON.stringify(dataOf(await callRoute(finderLoader, get(`/findowner?t=${owner.token}`))))).toContain("Please call me");
    // A Hindi finder with an address.
    const hindiCookie = (await localeCookie().serialize("hi")).split(";")[0];
    const { secret } = await sendForm(owner, { contact: "finder.hindi@example.test" }, `${scanned}; ${hindiCookie}`);
    const thread = await threadOf(owner);
    expect(thread.locale).toBe("hi");

    const marked = await ownerPost(owner, thread.conversationId, { intent: "returned", note: "Thank you so much!\nChai on me." });
    expect(statusOf(marked)).toBe(302);
    expect(await toastOf(marked)).toMatchObject({ title: "Marked returned" });
    expect(await threadOf(owner)).toMatchObject({ returnNote: "Thank you so much! Chai on me." });

    // The finder's page (the link still works) says so, with the line.
    const page = dataOf<{ returned: { note: string } }>(await finderPage(secret!));
    expect(page.returned).toEqual({ note: "Thank you so much! Chai on me." });
    // One mail, in Hindi.
    const hindi = translator("hi");
    const mails = await mailsTo("finder.hindi@example.test");
    const returnedMails = mails.filter((mail) => mail.includes(hindi.t("returns.mailSubject")));
    expect(returnedMails).toHaveLength(1);
    expect(returnedMails[0]).toContain("> Thank you so much! Chai on me.");
    // Closed to new messages, both ways.
    const reply = await finderPost(secret!, { intent: "send", content: "Great!", clientKey: crypto.randomUUID() });
    expect(statusOf(reply)).toBe(409);
    expect(dataOf<{ error: string }>(reply).error).toBe("returns.closed");
    expect(statusOf(await ownerPost(owner, thread.conversationId, { intent: "send", content: "One more thing", clientKey: crypto.randomUUID() }))).toBe(409);
    expect(statusOf(await ownerPost(owner, thread.conversationId, { intent: "returned", note: "" }))).toBe(409);
    // Lost mode ended for that item, on the next scan; not for the other owner's.
    expect(JSON.stringify(dataOf(await callRoute(finderLoader, get(`/findowner?t=${owner.token}`))))).not.toContain("Please call me");
    expect(JSON.stringify(dataOf(await callRoute(finderLoader, get(`/findowner?t=${bystander.token}`))))).toContain("My bag");

    // Undo: open again, lost mode back.
    const undone = await ownerPost(owner, thread.conversationId, { intent: "undo-return" });
    expect(statusOf(undone)).toBe(302);
    expect(await toastOf(undone)).toMatchObject({ title: "Return undone" });
    expect(dataOf<{ returned: unknown }>(await finderPage(secret!)).returned).toBeNull();
    expect(statusOf(await finderPost(secret!, { intent: "send", content: "Still here", clientKey: crypto.randomUUID() }))).toBe(302);
    expect(JSON.stringify(dataOf(await callRoute(finderLoader, get(`/findowner?t=${owner.token}`))))).toContain("Please call me");

    // Marked again: still one mail to the finder.
    expect(statusOf(await ownerPost(owner, thread.conversationId, { intent: "returned", note: "" }))).toBe(302);
    expect((await mailsTo("finder.hindi@example.test")).filter((mail) => mail.includes(hindi.t("returns.mailSubject")))).toHaveLength(1);
    // After a day it stays returned.
    const late = new Date(Date.now() + (RETURN_UNDO_HOURS + 1) * 60 * 60 * 1000);
    expect(undoReturn(db, owner.id, thread.conversationId, late)).toEqual({ ok: false, reason: "too-late" });
    // Nobody else can mark or undo it.
    expect(statusOf(await ownerPost(bystander, thread.conversationId, { intent: "undo-return" }))).toBe(404);
  });

  test("a thank-you line too long or rude is a 400 and marks nothing", async () => {
    const owner = await ownerWithToken("Dev");
    await sendForm(owner, {});
    const thread = await threadOf(owner);
    expect(statusOf(await ownerPost(owner, thread.conversationId, { intent: "returned", note: "x".repeat(201) }))).toBe(400);
    expect(statusOf(await ownerPost(owner, thread.conversationId, { intent: "returned", note: "you bhenchod" }))).toBe(400);
    expect((await threadOf(owner)).returnedAt).toBeNull();
  });

  test("/lost's Mark as Recovered with a finder's thread open marks that thread returned too", async () => {
    const owner = await ownerWithToken("Ravi");
    const { secret } = await sendForm(owner, {});
    const [report] = await db
      .insert(lostItems)
      .values({ userId: owner.id, type: "product", name: "Keys", identifier: owner.token, dateLost: "2026-11-20", status: "pending" })
      .returning()
      .all();
    const result = await callRoute(lostRoute.action, post("/lost", { intent: "status", id: report!.id, status: "recovered" }), { user: owner });
    expect(statusOf(result)).toBe(302);
    expect(await toastOf(result)).toMatchObject({ title: "Marked returned" });
    expect(dataOf<{ returned: unknown }>(await finderPage(secret!)).returned).toEqual({ note: null });
    expect((await db.select().from(lostItems).where(eq(lostItems.id, report!.id)).get())?.status).toBe("recovered");
  });
});

describe("the way home, counted", () => {
  const zero: Omit<FunnelWeek, "week" | "medianSeconds"> = { scans: 0, messaged: 0, handovers: 0, returned: 0 };
  async function thisWeek() {
    const [week] = await funnelWeeks(db, Date.now(), 1);
    return week!;
  }

  test("a seeded history (two owners, a bot, reloads, the owner's own scan, a return and an undone one) matches a hand count, and names nobody", async () => {
    const before = await thisWeek();
    const metricsBefore = await processMetrics.metrics();
    const nila = await ownerWithToken("Nila");
    const omar = await ownerWithToken("Omar");
    // Nila: three people scan (one reloads twice), a bot, and Nila herself signed in.
    const first = await scan(nila, "192.0.2.10");
    await scan(nila, "192.0.2.10");
    await scan(nila, "192.0.2.10");
    const second = await scan(nila, "192.0.2.11");
    await scan(nila, "192.0.2.12");
    await scan(nila, "192.0.2.13", BOT);
    await scan(nila, "192.0.2.14", HUMAN, nila);
    // Omar: two people; the same address as one of Nila's finders is another owner's scan, counted.
    const third = await scan(omar, "192.0.2.10");
    await scan(omar, "192.0.2.15");
    // Hand count: Nila 3 (…10, …11, …12), Omar 2 → 5 scans.
    const a = await sendForm(nila, { handover: "metro_counter" }, first);
    const b = await sendForm(nila, { handover: "keep" }, second);
    const c = await sendForm(omar, { handover: "police" }, third);
    expect([a.status, b.status, c.status]).toEqual([303, 303, 303]);
    // 3 messages, 2 hand-overs chosen (not "keep").
    const [nilaFirst, nilaSecond] = await db.select().from(finderThreads).where(eq(finderThreads.ownerId, nila.id)).orderBy(finderThreads.createdAt).all();
    const omarThread = await threadOf(omar);
    expect(statusOf(await ownerPost(nila, nilaFirst!.conversationId, { intent: "returned", note: "Thanks!" }))).toBe(302);
    expect(statusOf(await ownerPost(omar, omarThread.conversationId, { intent: "returned", note: "" }))).toBe(302);
    expect(statusOf(await ownerPost(omar, omarThread.conversationId, { intent: "undo-return" }))).toBe(302);
    // 1 return (Omar's was undone); the time from Nila's finder's scan to the return.
    expect(nilaSecond!.returnedAt).toBeNull();

    const after = await thisWeek();
    const delta = Object.fromEntries(Object.keys(zero).map((step) => [step, after[step as keyof typeof zero] - before[step as keyof typeof zero]]));
    expect(delta).toEqual({ scans: 5, messaged: 3, handovers: 2, returned: 1 });
    expect(after.week).toBe(weekOf(Date.now()));
    expect(after.medianSeconds).not.toBeNull();

    // The admin page: this week's row, and nothing that names an owner, a finder or an item.
    const admin = await createAdmin();
    const page = await callAdmin(adminReturns.loader, get("/admin/returns"), { user: admin });
    const body = JSON.stringify(dataOf(page));
    const [shown] = dataOf<{ weeks: FunnelWeek[] }>(page).weeks;
    expect(shown).toMatchObject({ week: after.week, scans: after.scans, returned: after.returned });
    for (const identifier of [nila.id, nila.email, nila.token, omar.id, omar.email, omar.token, nilaFirst!.finderUserId, omarThread.finderUserId, "Nila", "Omar", "Thanks!"]) {
      expect(body, identifier).not.toContain(identifier);
    }
    // Prometheus: the same steps as counters.
    const metrics = await processMetrics.metrics();
    const count = (text: string, step: string) => Number(new RegExp(`tagback_returns_funnel_total\\{step="${step}"\\} (\\d+)`).exec(text)?.[1] ?? 0);
    expect(count(metrics, "scan") - count(metricsBefore, "scan")).toBe(5);
    expect(count(metrics, "returned") - count(metricsBefore, "returned")).toBe(2);
    expect(count(metrics, "undone") - count(metricsBefore, "undone")).toBe(1);
  });

  test("the landing page shows the real count only from the admin's threshold; a bad threshold is a 400", async () => {
    const admin = await createAdmin();
    const set = (value: string) => callAdmin(adminReturns.action, post("/admin/returns", { intent: "shown-from", shownFrom: value }), { user: admin });
    const landingCount = async () => dataOf<{ returned: number | null }>(await callRoute(landing.loader, get("/"))).returned;
    expect(await landingCount()).toBeNull();
    const total = (await funnelWeeks(db, Date.now(), 520)).reduce((sum, week) => sum + week.returned, 0);
    expect(statusOf(await set(String(total + 1)))).toBe(302);
    expect(await landingCount()).toBeNull();
    expect(statusOf(await set(String(Math.max(total, 1))))).toBe(302);
    expect(await landingCount()).toBe(total >= 1 ? total : null);
    for (const bad of ["0", "-3", "1.5", "ten", "99999999"]) expect(statusOf(await set(bad)), bad).toBe(400);
    expect(statusOf(await set(""))).toBe(302);
    expect(await landingCount()).toBeNull();
    // Not for anyone else.
    const owner = await createOwner();
    expect(statusOf(await callAdmin(adminReturns.action, post("/admin/returns", { intent: "shown-from", shownFrom: "1" }), { user: owner }))).toBe(403);
  });
});

describe("the finder's position is the finder's data", () => {
  test("the data download lists it without coordinates; deleting the owner's account erases it with the thread", async () => {
    const owner = await ownerWithToken("Tara");
    const other = await ownerWithToken("Uma");
    await sendForm(owner, { latitude: "12.971599", longitude: "77.594563", accuracy: "25" });
    await sendForm(other, { latitude: "13.0827", longitude: "80.2707", accuracy: "25" });
    const response = await callRoute(exportRoute.loader, get("/settings/data"), { user: owner });
    const text = await (response as Response).text();
    expect(text).toContain("a location the finder shared");
    // Not after a colon: an ISO time's seconds ("05:12:12.978Z") are not a latitude.
    expect(text).not.toMatch(/(?<![:\d])12\.97|77\.59|latitude|longitude/);
    const thread = await threadOf(owner);

    const erased = await callRoute(settingsRoute.action, post("/settings", { intent: "delete-account", confirm: owner.email }), { user: owner });
    expect(statusOf(erased)).toBe(302);
    expect(await db.select().from(finderThreads).where(eq(finderThreads.conversationId, thread.conversationId)).all()).toEqual([]);
    const rows = db.$client.prepare("select count(*) as n from finder_threads where latitude = ?").get(thread.latitude) as { n: number };
    expect(rows.n).toBe(0);
    // The other owner's thread keeps its finder's position.
    expect(await threadOf(other)).toMatchObject({ latitude: 13.0825, longitude: 80.2705 });
  });
});
