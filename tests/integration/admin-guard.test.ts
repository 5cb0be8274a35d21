// The admin section's one guard (app/routes/admin.tsx middleware): every route file under
// app/routes/admin* sits below the admin layout, and an anonymous visitor or a signed-in
// non-admin gets nothing from any of their loaders or actions.
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, tagbackTokens } from "../../db/schema";
import { callAdmin, createAdmin } from "../support/admin-routes";
import { BASE, createOwner, get, post, statusOf } from "../support/routes";
import { testDb } from "../support/test-db";

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown; middleware?: unknown[] };
type Found = { file: string; path: string; module: RouteModule };

const OWNER_EMAIL = "guarded-owner@example.test";
const OWNER_TOKEN = "555566667777";
let adminRoutes: Found[] = [];
let ownerTreeFiles: string[] = [];

function flatten(entries: RouteConfigEntry[], parent = ""): { file: string; path: string; under: string[] }[] {
  return entries.flatMap((entry) => {
    const here = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const self = { file: entry.file, path: `/${here}`, under: [] as string[] };
    const children = flatten(entry.children ?? [], here).map((child) => ({ ...child, under: [entry.file, ...child.under] }));
    return [self, ...children];
  });
}

beforeAll(async () => {
  (globalThis as { __reactRouterAppDirectory?: string }).__reactRouterAppDirectory = path.resolve("app");
  const all = flatten(await flatRoutes());
  ownerTreeFiles = all.filter((route) => /^routes\/admin[./]/.test(route.file)).map((route) => route.file);
  const below = all.filter((route) => route.under.includes("routes/admin.tsx"));
  expect(below.map((route) => route.file).sort()).toEqual(ownerTreeFiles.filter((file) => file !== "routes/admin.tsx").sort());
  adminRoutes = await Promise.all(
    [...all.filter((route) => route.file === "routes/admin.tsx"), ...below].map(async (route) => ({
      file: route.file,
      path: route.path.replace(/:(\w+)/g, "x"),
      module: (await import(/* @vite-ignore */ path.resolve("app", route.file))) as RouteModule,
    })),
  );
  // An owner whose details an admin could see: none of it may reach a non-admin.
  const owner = await createOwner(OWNER_EMAIL);
  await testDb().update(profiles).set({ firstName: "Guarded", mobileNumber: "9876543210", metroCardNumber: "11223344" }).where(eq(profiles.id, owner.id)).run();
  await testDb().insert(tagbackTokens).values({ token: OWNER_TOKEN, passwordHash: "x", userId: owner.id, isClaimed: true, isVerified: true }).run();
});

describe("every admin route is below the admin layout", () => {
  test("the route files of the admin section, found by the app's own route config", () => {
    expect(ownerTreeFiles).toContain("routes/admin.tsx");
    expect(ownerTreeFiles).toContain("routes/admin.lookup.tsx");
    expect(ownerTreeFiles).toContain("routes/admin.demo.tsx");
    expect(adminRoutes.length).toBe(ownerTreeFiles.length);
  });
});

async function bodyOf(result: unknown) {
  if (result instanceof Response) return await result.text();
  return JSON.stringify(result ?? null);
}

function requestsFor(route: Found) {
  const lookup = `${route.path}?type=token&number=${OWNER_TOKEN}`;
  return [
    ["loader", get(lookup)],
    ["action", post(route.path, { intent: "add", name: "sneaky" })],
    ["action", post(route.path, { intent: "delete", name: "sneaky" })],
    ["action", post(route.path, { intent: "mint", count: "5" })],
  ] as const;
}

describe("an anonymous visitor", () => {
  test("is sent to sign-in from every admin loader and action, with nothing else", async () => {
    for (const route of adminRoutes) {
      for (const [kind, request] of requestsFor(route)) {
        const fn = route.module[kind];
        if (!fn) continue;
        const result = await callAdmin(fn as never, request, { route: route.module });
        expect(statusOf(result), `${kind} of ${route.file}`).toBe(302);
        const location = (result as Response).headers.get("Location") ?? "";
        expect(location.startsWith("/auth?redirectTo="), `${kind} of ${route.file}`).toBe(true);
        expect(await bodyOf(result)).not.toContain(OWNER_EMAIL);
      }
    }
  });
});

describe("a signed-in user who is not an admin", () => {
  test("gets 403 'Access denied' from every admin loader and action, with no owner data", async () => {
    const user = await createOwner();
    for (const route of adminRoutes) {
      for (const [kind, request] of requestsFor(route)) {
        const fn = route.module[kind];
        if (!fn) continue;
        const result = await callAdmin(fn as never, request, { user, route: route.module });
        expect(statusOf(result), `${kind} of ${route.file}`).toBe(403);
        expect((result as Response).statusText).toBe("Access denied");
        const body = await bodyOf(result);
        expect(body).toBe("You do not have admin access.");
        expect(body).not.toContain(OWNER_EMAIL);
        expect(body).not.toContain("9876543210");
      }
    }
    // Nothing was written on their behalf.
    const { adminLookups, demoLocations } = await import("../../db/schema");
    expect(await testDb().select().from(adminLookups).all()).toEqual([]);
    expect(await testDb().select().from(demoLocations).where(eq(demoLocations.locationName, "sneaky")).all()).toEqual([]);
  });

  test("an admin passes the same guard", async () => {
    const admin = await createAdmin();
    const layout = adminRoutes.find((route) => route.file === "routes/admin.tsx")!;
    const result = await callAdmin(layout.module.loader as never, get("/admin/lookup"), { user: admin });
    expect(result).toEqual({ email: admin.email });
    // /admin itself opens the first tab.
    const bare = await callAdmin(layout.module.loader as never, new Request(`${BASE}/admin`), { user: admin });
    expect((bare as Response).headers.get("Location")).toBe("/admin/lookup");
  });
});
