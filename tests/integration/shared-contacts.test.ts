// What the Settings switches "Show e-mail" and "Show mobile number" do: a signed-in finder who
// unlocks the owner's profile with the sticker's digits sees what the owner chose to show; an
// anonymous finder never does, and the owner's own look at their profile reveals nothing new.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { profiles, tagbackTokens } from "../../db/schema";
import * as findOwnerRoute from "~/routes/findowner";
import { callRoute, createOwner, dataOf, get, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

let counter = 0;

/** An owner with a verified token and a mobile number, sharing what `share` says. */
async function owner(share: { email: boolean; mobile: boolean }, maskBio = true) {
  counter += 1;
  const user = await createOwner(`shared-${counter}-${crypto.randomUUID().slice(0, 6)}@example.test`);
  const token = `7${String(counter).padStart(3, "0")}${String(Date.now()).slice(-8)}`;
  const mobile = `98${String(counter).padStart(8, "0")}`;
  await testDb()
    .update(profiles)
    .set({ firstName: "Shared", lastName: "Owner", bio: "Leave it at gate 2", maskBio, mobileNumber: mobile, showEmail: share.email, showMobile: share.mobile })
    .where(eq(profiles.id, user.id))
    .run();
  await testDb().insert(tagbackTokens).values({ token, passwordHash: "x", userId: user.id, isClaimed: true, isVerified: true }).run();
  return { ...user, token, mobile, digits: token.slice(4, 8) };
}

type Owner = Awaited<ReturnType<typeof owner>>;
type Finder = { id: string; email: string } | undefined;

async function search(target: Owner, finder: Finder) {
  const result = await callRoute(findOwnerRoute.loader, get(`/findowner?t=${target.token}`), { user: finder });
  return { status: statusOf(result), body: JSON.stringify(dataOf(result)), data: dataOf<{ search: { unlock?: { contacts: boolean } } }>(result) };
}

async function unlock(target: Owner, digits: string, finder: Finder) {
  const result = await callRoute(
    findOwnerRoute.action,
    post("/findowner", { intent: "unlock", type: "tagbacktoken", number: target.token, digits }),
    { user: finder },
  );
  return { status: statusOf(result), body: JSON.stringify(dataOf(result)), data: dataOf<{ unlock: { ok: boolean; sharedContacts?: unknown } }>(result) };
}

describe("show e-mail and show mobile number", () => {
  test("an anonymous finder never receives them, before or after the right digits", async () => {
    const target = await owner({ email: true, mobile: true });
    const found = await search(target, undefined);
    expect(found.status).toBe(200);
    expect(found.data.search.unlock).toEqual({ mode: "digits", contacts: false });
    const opened = await unlock(target, target.digits, undefined);
    expect(opened.data.unlock).toMatchObject({ ok: true, sharedContacts: null });
    for (const body of [found.body, opened.body]) {
      expect(body).not.toContain(target.email);
      expect(body).not.toContain(target.mobile);
    }
  });

  test("a signed-in finder sees exactly what the owner shows, after the right digits only", async () => {
    const finder = await createOwner();
    const both = await owner({ email: true, mobile: true });
    expect((await search(both, finder)).data.search.unlock).toEqual({ mode: "digits", contacts: true });
    const searched = await search(both, finder);
    expect(searched.body).not.toContain(both.email);
    const wrong = await unlock(both, "0000" === both.digits ? "1111" : "0000", finder);
    expect(wrong.status).toBe(400);
    expect(wrong.body).not.toContain(both.email);
    expect((await unlock(both, both.digits, finder)).data.unlock.sharedContacts).toEqual({ email: both.email, mobile: both.mobile });

    const emailOnly = await owner({ email: true, mobile: false });
    expect((await unlock(emailOnly, emailOnly.digits, finder)).data.unlock.sharedContacts).toEqual({ email: emailOnly.email, mobile: null });
    const neither = await owner({ email: false, mobile: false });
    expect((await search(neither, finder)).data.search.unlock).toEqual({ mode: "digits", contacts: false });
    const closed = await unlock(neither, neither.digits, finder);
    expect(closed.data.unlock.sharedContacts).toBeNull();
    expect(closed.body).not.toContain(neither.email);
    expect(closed.body).not.toContain(neither.mobile);
  });

  test("an unmasked bio: the digits still open what the owner shares, for a signed-in finder only", async () => {
    const finder = await createOwner();
    const target = await owner({ email: false, mobile: true }, false);
    expect((await search(target, undefined)).data.search.unlock).toBeUndefined();
    expect((await unlock(target, target.digits, undefined)).status).toBe(400);
    expect((await search(target, finder)).data.search.unlock).toEqual({ mode: "digits", contacts: true });
    expect((await unlock(target, target.digits, finder)).data.unlock.sharedContacts).toEqual({ email: null, mobile: target.mobile });
  });

  test("the owner looking at their own sticker is offered nothing more", async () => {
    const target = await owner({ email: true, mobile: true }, false);
    expect((await search(target, target)).data.search.unlock).toBeUndefined();
    expect((await unlock(target, target.digits, target)).status).toBe(400);
  });
});
