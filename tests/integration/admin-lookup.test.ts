// Route-level tests of 'User Lookup' (/admin/lookup): by token and by metro card, each message,
// the audit row every valid lookup writes, and the trail's append-only trigger.
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { adminLookups, profiles, tagbackTokens } from "../../db/schema";
import * as lookupRoute from "~/routes/admin.lookup";
import { AUDIT_SHOWN } from "~/features/admin/rules";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { callAdmin, createAdmin } from "../support/admin-routes";
import { createOwner, dataOf, get, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

type Page = Awaited<ReturnType<typeof lookupRoute.loader>>;
type User = { id: string; email: string };

let admin: User;
let owner: User;
const TOKEN = "246813579024";
const METRO = "8765432109876";

beforeAll(async () => {
  admin = await createAdmin();
  owner = await createOwner("looked-up-owner@example.test");
  await testDb()
    .update(profiles)
    .set({
      firstName: "Asha",
      lastName: "Rao",
      xUsername: "asha_r",
      bio: "Call me if you find my keys",
      mobileNumber: "9876543210",
      socialSms: "9123456789",
      socialCall: "+44 20 7946 0958",
      socialTelegram: "asha_rao",
      socialWhatsapp: "9000011111",
      metroCardNumber: METRO,
    })
    .where(eq(profiles.id, owner.id))
    .run();
  await testDb().insert(tagbackTokens).values({ token: TOKEN, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: true }).run();
  // Other users, so a lookup has to pick the right one.
  for (let i = 0; i < 3; i++) {
    const other = await createOwner();
    await testDb().update(profiles).set({ firstName: `Other${i}`, metroCardNumber: `5555000${i}111` }).where(eq(profiles.id, other.id)).run();
    await testDb().insert(tagbackTokens).values({ token: `13579000000${i}`, passwordHash: "x", userId: other.id, isClaimed: true, isVerified: true }).run();
  }
});

async function lookUp(query: string, user: User = admin) {
  const result = await callAdmin(lookupRoute.loader, get(`/admin/lookup${query}`), { user });
  return { status: statusOf(result), page: dataOf<Page>(result) };
}

async function latestAudit() {
  return testDb().select().from(adminLookups).orderBy(desc(adminLookups.lookedUpAt)).limit(1).get();
}

describe("lookup by token", () => {
  test("a verified token finds its owner's full contact details, 10-digit numbers with 91", async () => {
    const { status, page } = await lookUp(`?type=token&number=${TOKEN.slice(0, 4)}-${TOKEN.slice(4, 8)}-${TOKEN.slice(8)}`);
    expect(status).toBe(200);
    expect(page.outcome).toEqual({
      status: "found",
      owner: {
        fullName: "Asha Rao",
        email: "looked-up-owner@example.test",
        xUsername: "asha_r",
        bio: "Call me if you find my keys",
        primaryNumber: "+919876543210",
        emergencyNumber: "+919123456789",
        callNumber: "+44 20 7946 0958",
        telegram: "@asha_rao",
        whatsapp: "+919000011111",
      },
    });
    expect(await latestAudit()).toMatchObject({ adminUserId: admin.id, adminEmail: admin.email, kind: "token", value: TOKEN, found: true });
  });

  test("an unverified or unknown token: 'No match' / 'No verified user found for this token.'", async () => {
    await testDb().insert(tagbackTokens).values({ token: "999988887777", passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: false }).run();
    for (const token of ["999988887777", "111111111111"]) {
      const { page } = await lookUp(`?type=token&number=${token}`);
      expect(page.outcome).toEqual({ status: "not-found", notice: { title: "No match", description: "No verified user found for this token." } });
      expect(await latestAudit()).toMatchObject({ kind: "token", value: token, found: false, adminEmail: admin.email });
    }
  });

  test(`a token that is not ${TOKEN_LENGTH} digits: 'Enter a 12-digit Tagback token.', and no audit row`, async () => {
    const before = (await testDb().select().from(adminLookups).all()).length;
    for (const number of ["12345", "1234567890123", "abcdabcdabcd", ""]) {
      const { page } = await lookUp(`?type=token&number=${number}`);
      expect(page.outcome).toEqual({ status: "invalid", error: { title: "Enter a 12-digit Tagback token." } });
    }
    expect((await testDb().select().from(adminLookups).all()).length).toBe(before);
  });
});

describe("lookup by metro card", () => {
  test("finds the card's owner; an unknown card: 'No match'", async () => {
    const found = await lookUp(`?type=metrocard&number=${METRO}`);
    expect(found.page.outcome).toMatchObject({ status: "found", owner: { email: "looked-up-owner@example.test", fullName: "Asha Rao" } });
    expect(await latestAudit()).toMatchObject({ kind: "metrocard", value: METRO, found: true });
    const missing = await lookUp("?type=metrocard&number=12121212");
    expect(missing.page.outcome).toEqual({ status: "not-found", notice: { title: "No match", description: "No user found for this metro card." } });
    expect(await latestAudit()).toMatchObject({ kind: "metrocard", value: "12121212", found: false });
  });

  test("8 to 16 digits: 'Metro card number must be 8–16 digits.'", async () => {
    for (const number of ["1234567", "12345678901234567", "1234abcd"]) {
      const { page } = await lookUp(`?type=metrocard&number=${number}`);
      expect(page.outcome).toEqual({ status: "invalid", error: { title: "Metro card number must be 8–16 digits." } });
    }
  });
});

describe("the page", () => {
  test("no query: an empty form and no lookup; an unknown type is refused", async () => {
    const { page } = await lookUp("");
    expect(page.outcome).toEqual({ status: "none" });
    expect(page.form).toEqual({ kind: "token", number: "" });
    expect((await lookUp("?type=email&number=x")).page.outcome.status).toBe("invalid");
  });

  test("the audit trail: newest first, who, what, found, at most the latest 50", async () => {
    const other = await createAdmin();
    await lookUp(`?type=token&number=${TOKEN}`, other);
    const { page } = await lookUp("");
    expect(page.audit[0]).toMatchObject({ adminEmail: other.email, kind: "Tagback token", value: TOKEN, found: true });
    expect(page.audit[0]!.when).toMatch(/IST$/);
    for (let i = 0; i < AUDIT_SHOWN; i++) await lookUp("?type=metrocard&number=12121212");
    expect((await lookUp("")).page.audit).toHaveLength(AUDIT_SHOWN);
  });

  test("'Lookup failed' (and no details) when the lookup cannot be recorded; the error is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { $client } = testDb();
    $client.exec("CREATE TEMP TRIGGER refuse_audit BEFORE INSERT ON admin_lookups BEGIN SELECT RAISE(ABORT, 'audit down'); END");
    try {
      const { status, page } = await lookUp(`?type=token&number=${TOKEN}`);
      expect(status).toBe(200);
      expect(page.outcome).toEqual({ status: "failed", error: { title: "Lookup failed", description: expect.any(String) } });
      expect(logged).toHaveBeenCalledWith("admin lookup failed", expect.any(Error));
    } finally {
      logged.mockRestore();
      $client.exec("DROP TRIGGER temp.refuse_audit");
    }
  });

  test("a form posted elsewhere while the page is open does not repeat (and re-audit) the lookup", () => {
    const revalidate = lookupRoute.shouldRevalidate as (args: { formMethod?: string; defaultShouldRevalidate: boolean }) => boolean;
    expect(revalidate({ formMethod: "POST", defaultShouldRevalidate: true })).toBe(false);
    expect(revalidate({ formMethod: "GET", defaultShouldRevalidate: true })).toBe(true);
    expect(revalidate({ defaultShouldRevalidate: true })).toBe(true);
  });

  test("private, never cached", () => {
    expect(new Headers(lookupRoute.headers({} as never)).get("Cache-Control")).toBe("private, no-store");
  });
});

describe("the audit trail is append-only", () => {
  test("an UPDATE of admin_lookups is refused by the database", async () => {
    await lookUp(`?type=token&number=${TOKEN}`);
    const row = (await latestAudit())!;
    expect(() => testDb().update(adminLookups).set({ found: false, value: "000000000000" }).where(eq(adminLookups.id, row.id)).run()).toThrow(
      /append-only/,
    );
    expect(await testDb().select().from(adminLookups).where(eq(adminLookups.id, row.id)).get()).toEqual(row);
  });
});
