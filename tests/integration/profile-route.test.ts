// Route-level tests of /profile: the real loader and action against a real (temporary) database.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { testDb } from "../support/test-db";
import { adminUsers, profiles, searchHistory, tagbackTokens } from "../../db/schema";
import { hashPassword } from "../../db/password";
import { profileErrorText } from "~/features/owner/profile-schema";
import { message } from "~/i18n/messages";
import * as layoutRoute from "~/routes/_app";
import * as profileRoute from "~/routes/_app.profile/route";
import { callRoute, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";

const NSFW_TEXT = message("common.nsfw").description!;

type Owner = { id: string; email: string };
let holder: Owner;

beforeAll(async () => {
  holder = await createOwner();
  await testDb().update(profiles).set({ metroCardNumber: "1111222233334444" }).where(eq(profiles.id, holder.id)).run();
});

async function save(owner: Owner, fields: Record<string, string>) {
  return callRoute(profileRoute.action, post("/profile?edit=1", { intent: "update-profile", ...fields }), { user: owner });
}

async function load(owner: Owner, path = "/profile") {
  return dataOf<Awaited<ReturnType<typeof profileRoute.loader>>>(await callRoute(profileRoute.loader, get(path), { user: owner }));
}

/** The signed-in layout's data, which every owner page (this one too) reads. */
async function loadLayout(owner: Owner, path = "/profile") {
  return dataOf<Awaited<ReturnType<typeof layoutRoute.loader>>>(await callRoute(layoutRoute.loader, get(path), { user: owner }));
}

async function stored(owner: Owner) {
  return (await testDb().select().from(profiles).where(eq(profiles.id, owner.id)).get())!;
}

/** The field errors of a refused save, as the page shows them beside the fields. */
function errors(result: unknown) {
  const fieldErrors = dataOf<{ result: { error?: Record<string, string[] | null> } }>(result).result.error ?? {};
  return Object.fromEntries(Object.entries(fieldErrors).map(([name, keys]) => [name, keys?.map((key) => profileErrorText(key))]));
}

describe("saving the profile", () => {
  test("a full valid form is stored as the spec says, with 'Profile updated'", async () => {
    const owner = await createOwner();
    const result = await save(owner, {
      fullName: "<b>Aarav</b> Kumar Sharma!",
      xUsername: "@aarav_99",
      bio: "<i>Found my bag?</i> Call me.",
      mobileNumber: "98100 12345",
      metroCardNumber: "12345678",
      socialSms: "9810012345",
      socialCall: "9810012346",
      socialTelegram: "@aarav",
      socialWhatsapp: "9810012347",
      maskBio: "on",
      useSocialIcons: "on",
    });
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toBe("/profile");
    expect(await toastOf(result)).toMatchObject({ type: "success", title: "Profile updated" });
    expect(await stored(owner)).toMatchObject({
      firstName: "Aarav",
      lastName: "Kumar Sharma",
      xUsername: "aarav_99",
      bio: "Found my bag? Call me.",
      mobileNumber: "9810012345",
      metroCardNumber: "12345678",
      socialSms: "9810012345",
      socialCall: "9810012346",
      socialTelegram: "@aarav",
      socialWhatsapp: "9810012347",
      maskBio: true,
      useSocialIcons: true,
      useMobileForSocials: false,
    });
  });

  test("each rule of §5 is refused with a 400 and its message, and nothing is changed", async () => {
    const owner = await createOwner();
    await save(owner, { fullName: "Kept Name", metroCardNumber: "87654321" });
    const before = await stored(owner);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ fullName: "a".repeat(31) }, "fullName", "Full name must be at most 30 characters."],
      [{ fullName: "Mister Fuck" }, "fullName", NSFW_TEXT],
      [{ fullName: "bhenchod" }, "fullName", NSFW_TEXT],
      [{ xUsername: "bad name" }, "xUsername", "X username may contain only letters, digits and underscores."],
      [{ xUsername: "a".repeat(17) }, "xUsername", "X username must be at most 16 characters."],
      [{ xUsername: "CHUTIYA" }, "xUsername", NSFW_TEXT],
      [{ bio: "b".repeat(201) }, "bio", "Bio must be at most 200 characters."],
      [{ bio: "total bullshit" }, "bio", NSFW_TEXT],
      [{ mobileNumber: "98100abc" }, "mobileNumber", "Mobile number must contain digits only."],
      [{ mobileNumber: "1".repeat(16) }, "mobileNumber", "Mobile number must be at most 15 digits."],
      [{ metroCardNumber: "1234567" }, "metroCardNumber", "Metro card number must be at least 8 digits."],
      [{ metroCardNumber: "1".repeat(17) }, "metroCardNumber", "Metro card number must be at most 16 digits."],
      [{ socialSms: "1".repeat(16) }, "socialSms", "Emergency number (SMS) must be at most 15 digits."],
      [{ socialCall: "call me" }, "socialCall", "Call number must contain digits only."],
      [{ socialWhatsapp: "+91981" }, "socialWhatsapp", "WhatsApp number must contain digits only."],
      [{ socialTelegram: "has space" }, "socialTelegram", expect.stringContaining("Telegram must be at most 32 characters") as unknown as string],
      [{ socialTelegram: "t".repeat(33) }, "socialTelegram", expect.stringContaining("Telegram must be at most 32 characters") as unknown as string],
    ];
    for (const [fields, field, message] of cases) {
      const result = await save(owner, { fullName: "Kept Name", metroCardNumber: "87654321", ...fields });
      expect(statusOf(result), JSON.stringify(fields)).toBe(400);
      expect(errors(result)[field], JSON.stringify(fields)).toEqual([message]);
    }
    expect(await stored(owner)).toEqual(before);
  });

  test("a metro card another account holds: 'Metro Card Already Registered', nothing changes", async () => {
    const owner = await createOwner();
    await save(owner, { fullName: "Before Change", metroCardNumber: "55556666" });
    const before = await stored(owner);
    const result = await save(owner, { fullName: "After Change", metroCardNumber: "1111222233334444" });
    expect(statusOf(result)).toBe(400);
    expect(errors(result).metroCardNumber).toEqual(["This metro card number is already registered to another account."]);
    expect(await stored(owner)).toEqual(before);
    expect((await stored(holder)).metroCardNumber).toBe("1111222233334444");
  });

  test("an empty metro card is stored as null; a changed one resets created_at, an unchanged one does not", async () => {
    const owner = await createOwner();
    const old = new Date("2025-01-01T00:00:00Z");
    await testDb().update(profiles).set({ createdAt: old, metroCardNumber: "22223333" }).where(eq(profiles.id, owner.id)).run();

    await save(owner, { fullName: "Same Card", metroCardNumber: "22223333" });
    expect((await stored(owner)).createdAt).toEqual(old);

    await save(owner, { fullName: "New Card", metroCardNumber: "2222 3333 4444" });
    const changed = await stored(owner);
    expect(changed.metroCardNumber).toBe("222233334444");
    expect(changed.createdAt.getTime()).toBeGreaterThan(old.getTime());

    await save(owner, { fullName: "No Card", metroCardNumber: "" });
    expect((await stored(owner)).metroCardNumber).toBeNull();
  });

  test("'use mobile number for all socials' copies the mobile, and keeps doing so on later mobile edits", async () => {
    const owner = await createOwner();
    await save(owner, { mobileNumber: "9000000001", useMobileForSocials: "on", socialSms: "1", socialTelegram: "@x" });
    expect(await stored(owner)).toMatchObject({
      useMobileForSocials: true,
      socialSms: "9000000001",
      socialCall: "9000000001",
      socialTelegram: "9000000001",
      socialWhatsapp: "9000000001",
    });
    await save(owner, { mobileNumber: "9000000002", useMobileForSocials: "on" });
    expect(await stored(owner)).toMatchObject({ socialSms: "9000000002", socialWhatsapp: "9000000002" });
    await save(owner, { mobileNumber: "9000000003", socialSms: "1234" });
    expect(await stored(owner)).toMatchObject({ useMobileForSocials: false, mobileNumber: "9000000003", socialSms: "1234", socialCall: null });
  });

  test("an unknown intent is a 400; a body that is not a form is a 400", async () => {
    const owner = await createOwner();
    const unknown = await callRoute(profileRoute.action, post("/profile", { intent: "drop-tables" }), { user: owner });
    expect(statusOf(unknown)).toBe(400);
    const broken = await callRoute(
      profileRoute.action,
      new Request("http://localhost:3000/profile", { method: "POST", body: "{}", headers: { "Content-Type": "multipart/form-data; boundary=x" } }),
      { user: owner },
    );
    expect(statusOf(broken)).toBe(400);
  });
});

describe("the page's data", () => {
  test("search history newest first, with IST time and en-IN date; total_searches", async () => {
    const owner = await createOwner();
    await testDb()
      .insert(searchHistory)
      .values([
        { userId: owner.id, searchType: "metro_card", searchValue: "12345678", searchedAt: new Date("2026-01-05T18:45:00Z"), city: "Noida", address: null },
        { userId: owner.id, searchType: "tagback_token", searchValue: "100000000001", searchedAt: new Date("2026-03-10T04:00:00Z"), city: "New Delhi", address: "Rajiv Chowk" },
      ])
      .run();
    await testDb().update(profiles).set({ totalSearches: 2 }).where(eq(profiles.id, owner.id)).run();
    const page = await load(owner);
    expect(page.profile.totalSearches).toBe(2);
    expect(page.history.map((row) => [row.searchType, row.value, row.time, row.date, row.city, row.address])).toEqual([
      ["tagback_token", "100000000001", "09:30 am IST", "10/03/2026", "New Delhi", "Rajiv Chowk"],
      ["metro_card", "12345678", "12:15 am IST", "06/01/2026", "Noida", null],
    ]);
  });

  test("a user sees only their own history", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    await testDb().insert(searchHistory).values({ userId: other.id, searchType: "metro_card", searchValue: "99998888" }).run();
    expect((await load(owner)).history).toEqual([]);
  });

  /** `count` visits of `owner`, one a minute back from a fixed time; the newest has value ...0001. */
  async function addVisits(owner: Owner, count: number) {
    const newest = Date.parse("2026-06-01T12:00:00Z");
    const rows = Array.from({ length: count }, (_, i) => ({
      userId: owner.id,
      searchType: "tagback_token" as const,
      searchValue: String(100000000000 + i + 1),
      searchedAt: new Date(newest - i * 60_000),
      city: "Pune",
    }));
    await testDb().insert(searchHistory).values(rows).run();
  }
  const visitValues = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(100000000000 + from + i));

  test("the history lists its newest 20 visits at first, and 'More' (?history=N) 20 more each time, to the end", async () => {
    const owner = await createOwner();
    const other = await createOwner();
    // Another owner's visits, newer than all of this owner's: a query without its user filter would list them first.
    await testDb()
      .insert(searchHistory)
      .values(Array.from({ length: 30 }, () => ({ userId: other.id, searchType: "metro_card" as const, searchValue: "99998888", searchedAt: new Date("2026-07-01T00:00:00Z") })))
      .run();
    await addVisits(owner, 45);

    const first = await load(owner);
    expect(first.history.map((row) => row.value)).toEqual(visitValues(1, 20));
    expect(first.moreHistory).toBe(true);

    const second = await load(owner, "/profile?history=40");
    expect(second.history.map((row) => row.value)).toEqual(visitValues(1, 40));
    expect(second.moreHistory).toBe(true);

    const last = await load(owner, "/profile?history=60");
    expect(last.history.map((row) => row.value)).toEqual(visitValues(1, 45));
    expect(last.moreHistory).toBe(false);

    const others = await load(other);
    expect(others.history).toHaveLength(20);
    expect(others.history.every((row) => row.value === "99998888")).toBe(true);
  });

  test("exactly 20 visits: no 'More'; a ?history that is not a count is the first 20; at most 100 however many are asked", async () => {
    const twenty = await createOwner();
    await addVisits(twenty, 20);
    expect((await load(twenty)).history).toHaveLength(20);
    expect((await load(twenty)).moreHistory).toBe(false);

    const many = await createOwner();
    await addVisits(many, 130);
    for (const junk of ["abc", "-40", "2.5", "", "1e9x"]) {
      const page = await load(many, `/profile?history=${junk}`);
      expect(page.history.map((row) => row.value), junk).toEqual(visitValues(1, 20));
    }
    expect((await load(many, "/profile?history=30")).history).toHaveLength(40);
    const most = await load(many, "/profile?history=1000000");
    expect(most.history.map((row) => row.value)).toEqual(visitValues(1, 100));
    expect(most.moreHistory).toBe(false);
    expect((await load(many, "/profile?history=80")).moreHistory).toBe(true);
  });

  test("the admin-lookup icon is decided by the server: only admins", async () => {
    const owner = await createOwner();
    expect((await loadLayout(owner)).isAdmin).toBe(false);
    await testDb().insert(adminUsers).values({ userId: owner.id }).run();
    expect((await loadLayout(owner)).isAdmin).toBe(true);
  });

  test("preview: 'No Identifiers Found' (null) without a metro card or verified token; the finder's profile otherwise", async () => {
    const owner = await createOwner();
    await save(owner, { fullName: "Preview Person", bio: "secret note", maskBio: "on", mobileNumber: "9876543210" });
    expect((await load(owner, "/profile?preview=1")).preview).toBeNull();

    // A claimed but unverified token is not an identifier either.
    await testDb()
      .insert(tagbackTokens)
      .values({ token: "777700000001", passwordHash: await hashPassword("1"), userId: owner.id, isClaimed: true, isVerified: false })
      .run();
    expect((await load(owner, "/profile?preview=1")).preview).toBeNull();

    await testDb().update(tagbackTokens).set({ isVerified: true }).where(eq(tagbackTokens.token, "777700000001")).run();
    const byToken = (await load(owner, "/profile?preview=1")).preview!;
    expect(byToken).toMatchObject({ kind: "owner", fullName: "Preview Person", bio: null, bioMasked: true });
    expect(JSON.stringify(byToken)).not.toContain("9876543210");
    expect(JSON.stringify(byToken)).not.toContain(owner.email);

    await save(owner, { fullName: "Preview Person", metroCardNumber: "30303030", bio: "open note" });
    expect((await load(owner, "/profile?preview=1")).preview).toMatchObject({ fullName: "Preview Person", bio: "open note", bioMasked: false });
    expect((await load(owner)).preview).toBeNull();
  });
});
