// Route-level tests of /settings and of the signed-in layout's loader.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { testDb } from "../support/test-db";
import { adminUsers, profiles, users } from "../../db/schema";
import * as layoutRoute from "~/routes/_app";
import * as settingsRoute from "~/routes/_app.settings/route";
import { callRoute, createOwner, dataOf, get, post, statusOf, toastOf } from "../support/routes";

type Owner = { id: string; email: string };

async function act(owner: Owner, fields: Record<string, string>) {
  return callRoute(settingsRoute.action, post("/settings", fields), { user: owner });
}

async function loadLayout(owner: Owner, request = get("/profile")) {
  return dataOf<Awaited<ReturnType<typeof layoutRoute.loader>>>(await callRoute(layoutRoute.loader, request, { user: owner }));
}

async function load(owner: Owner) {
  return dataOf<Awaited<ReturnType<typeof settingsRoute.loader>>>(
    await callRoute(settingsRoute.loader, get("/settings"), { user: owner }),
  );
}

describe("privacy", () => {
  test("each of the four settings is saved by its own post: 'Privacy Settings Updated'", async () => {
    const owner = await createOwner();
    for (const setting of ["maskBio", "useSocialIcons", "showEmail", "showMobile"] as const) {
      const on = await act(owner, { intent: "privacy", setting, value: "on" });
      expect(statusOf(on)).toBe(302);
      expect(await toastOf(on)).toMatchObject({ type: "success", title: "Privacy Settings Updated" });
      expect((await load(owner)).privacy[setting]).toBe(true);
    }
    const row = await testDb().select().from(profiles).where(eq(profiles.id, owner.id)).get();
    expect(row).toMatchObject({ maskBio: true, useSocialIcons: true, showEmail: true, showMobile: true });
    await act(owner, { intent: "privacy", setting: "showEmail", value: "off" });
    expect((await load(owner)).privacy).toEqual({ maskBio: true, useSocialIcons: true, showEmail: false, showMobile: true });
  });

  test("an unknown setting or value is a 400 and changes nothing; an unknown intent is a 400", async () => {
    const owner = await createOwner();
    expect(statusOf(await act(owner, { intent: "privacy", setting: "isAdmin", value: "on" }))).toBe(400);
    expect(statusOf(await act(owner, { intent: "privacy", setting: "maskBio", value: "yes" }))).toBe(400);
    expect(statusOf(await act(owner, { intent: "delete-account" }))).toBe(400);
    expect((await load(owner)).privacy).toEqual({ maskBio: false, useSocialIcons: false, showEmail: false, showMobile: false });
  });

  test("a user changes only their own settings", async () => {
    const [owner, other] = [await createOwner(), await createOwner()];
    await act(owner, { intent: "privacy", setting: "useSocialIcons", value: "on" });
    expect((await load(other)).privacy.useSocialIcons).toBe(false);
  });
});

describe("account", () => {
  test("the e-mail, the admin indicator decided by the server, and the deletion link with the e-mail", async () => {
    const owner = await createOwner("settings-person@example.test");
    const page = await load(owner);
    expect(page.email).toBe("settings-person@example.test");
    // The admin indicator comes from the signed-in layout, once for every owner page.
    expect((await loadLayout(owner)).isAdmin).toBe(false);
    const link = new URL(page.deleteAccountHref);
    expect(link.origin).toBe("https://wa.me");
    expect(link.searchParams.get("text")).toContain("settings-person@example.test");
    await testDb().insert(adminUsers).values({ userId: owner.id }).run();
    expect((await loadLayout(owner)).isAdmin).toBe(true);
  });
});

describe("account security", () => {
  test("says how this account signs in: Google, e-mail and password, or both", async () => {
    const google = await createOwner();
    await testDb().update(users).set({ googleSub: "google-sub-1" }).where(eq(users.id, google.id)).run();
    const password = await createOwner();
    await testDb().update(users).set({ passwordHash: "scrypt$x" }).where(eq(users.id, password.id)).run();
    const both = await createOwner();
    await testDb().update(users).set({ googleSub: "google-sub-2", passwordHash: "scrypt$x" }).where(eq(users.id, both.id)).run();
    expect((await load(google)).signIn).toEqual({ google: true, password: false });
    expect((await load(password)).signIn).toEqual({ google: false, password: true });
    expect((await load(both)).signIn).toEqual({ google: true, password: true });
  });
});

describe("layout", () => {
  test("the layout loader gives the user's e-mail, the admin flag and the remembered sidebar state", async () => {
    const owner = await createOwner("layout-person@example.test");
    const open = await loadLayout(owner);
    expect(open).toEqual({ email: "layout-person@example.test", isAdmin: false, sidebarCollapsed: false });
    const collapsed = await loadLayout(owner, get("/profile", "a=b; tb_sidebar=collapsed"));
    expect(collapsed.sidebarCollapsed).toBe(true);
  });
});
