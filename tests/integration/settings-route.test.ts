// Route-level tests of /settings and of the signed-in layout's loader.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { testDb } from "../support/test-db";
import { adminUsers, profiles } from "../../db/schema";
import * as layoutRoute from "~/routes/_app";
import * as settingsRoute from "~/routes/_app.settings";
import { createOwner, dataOf, get, ownerContext, post, settle, statusOf, toastOf } from "./owner-helpers";

type Owner = { id: string; email: string };

async function act(owner: Owner, fields: Record<string, string>) {
  return settle(settingsRoute.action({ request: post("/settings", fields), context: ownerContext(owner.id), params: {} } as never));
}

async function load(owner: Owner) {
  return dataOf<Awaited<ReturnType<typeof settingsRoute.loader>>>(
    await settle(settingsRoute.loader({ request: get("/settings"), context: ownerContext(owner.id), params: {} } as never)),
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
    expect(page.isAdmin).toBe(false);
    const link = new URL(page.deleteAccountHref);
    expect(link.origin).toBe("https://wa.me");
    expect(link.searchParams.get("text")).toContain("settings-person@example.test");
    await testDb().insert(adminUsers).values({ userId: owner.id }).run();
    expect((await load(owner)).isAdmin).toBe(true);
  });
});

describe("layout", () => {
  test("the layout loader gives the user's e-mail and the remembered sidebar state", async () => {
    const owner = await createOwner("layout-person@example.test");
    const open = dataOf<{ email: string; sidebarCollapsed: boolean }>(
      await layoutRoute.loader({ request: get("/profile"), context: ownerContext(owner.id), params: {} } as never),
    );
    expect(open).toEqual({ email: "layout-person@example.test", sidebarCollapsed: false });
    const request = new Request("http://localhost:3000/profile", { headers: { Cookie: "a=b; tb_sidebar=collapsed" } });
    const collapsed = dataOf<{ sidebarCollapsed: boolean }>(await layoutRoute.loader({ request, context: ownerContext(owner.id), params: {} } as never));
    expect(collapsed.sidebarCollapsed).toBe(true);
  });
});
