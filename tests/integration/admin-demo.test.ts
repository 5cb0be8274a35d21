// Route-level tests of 'Demo Management' (/admin/demo): add (required, trimmed, lower-cased,
// duplicates refused by the primary key), list newest first with the demo link, delete through
// the confirm step (with its log), and a `/?demo=name` finder search appearing in the log.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { demoLocations, demoSearchLogs } from "../../db/schema";
import * as demoRoute from "~/routes/admin.demo";
import * as indexRoute from "~/routes/_index/route";
import { getEnv } from "~/core/env.server";
import { DEMO_LOG_SHOWN } from "~/features/admin/rules";
import { callAdmin, createAdmin } from "../support/admin-routes";
import { callRoute, dataOf, get, post, statusOf, toastOf } from "../support/routes";
import { testDb } from "../support/test-db";

type Page = Awaited<ReturnType<typeof demoRoute.loader>>;
type User = { id: string; email: string };
let admin: User;

beforeAll(async () => {
  admin = await createAdmin();
});

function act(fields: Record<string, string>) {
  return callAdmin(demoRoute.action, post("/admin/demo", fields), { user: admin });
}

async function load(query = "") {
  return dataOf<Page>(await callAdmin(demoRoute.loader, get(`/admin/demo${query}`), { user: admin }));
}

describe("adding a location", () => {
  test("trimmed and stored lower-cased, with a toast; listed newest first with its demo link", async () => {
    const first = await act({ intent: "add", name: "  Phoenix MALL  " });
    expect(statusOf(first)).toBe(302);
    expect(await toastOf(first)).toMatchObject({ type: "success", title: "Demo location added" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await act({ intent: "add", name: "Metro Expo" });
    const row = await testDb().select().from(demoLocations).where(eq(demoLocations.locationName, "phoenix mall")).get();
    expect(row).toBeDefined();
    const page = await load();
    const names = page.locations.map((location) => location.name);
    expect(names.indexOf("metro expo")).toBeLessThan(names.indexOf("phoenix mall"));
    const phoenix = page.locations.find((location) => location.name === "phoenix mall")!;
    expect(phoenix.link).toBe(`${getEnv().APP_URL.replace(/\/$/, "")}/?demo=phoenix+mall`);
    expect(new URL(phoenix.link).searchParams.get("demo")).toBe("phoenix mall");
  });

  test("a name is required: 'Location name is required'", async () => {
    for (const name of ["", "    "]) {
      const result = await act({ intent: "add", name });
      expect(statusOf(result)).toBe(400);
      expect(dataOf(result)).toEqual({ error: "admin.locationRequired", name: "" });
    }
  });

  test("a duplicate (in any case) is refused by the primary key and changes nothing", async () => {
    await act({ intent: "add", name: "Dup Place" });
    const again = await act({ intent: "add", name: "  DUP place " });
    expect(statusOf(again)).toBe(409);
    expect(dataOf(again)).toMatchObject({ error: "admin.locationTaken" });
    expect(await testDb().select().from(demoLocations).where(eq(demoLocations.locationName, "dup place")).all()).toHaveLength(1);
  });

  test("an unknown intent is a 400", async () => {
    expect(statusOf(await act({ intent: "rename", name: "x" }))).toBe(400);
  });
});

describe("the demo log", () => {
  test("a /?demo=Name search is logged under that location (time, IP), newest first", async () => {
    await act({ intent: "add", name: "Log Test" });
    for (const ip of ["198.51.100.7", "198.51.100.8"]) {
      const result = await callRoute(indexRoute.loader, get("/?demo=Log%20TEST"), { clientIp: ip });
      expect(statusOf(result)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // An unknown location is not logged.
    await callRoute(indexRoute.loader, get("/?demo=nowhere"), { clientIp: "198.51.100.9" });
    const location = (await load()).locations.find((one) => one.name === "log test")!;
    expect(location.searches.map((search) => search.ip)).toEqual(["198.51.100.8", "198.51.100.7"]);
    expect(location.searches[0]!.when).toMatch(/IST$/);
    expect(await testDb().select().from(demoSearchLogs).where(eq(demoSearchLogs.demoLocation, "nowhere")).all()).toEqual([]);
  });

  test(`at most the latest ${DEMO_LOG_SHOWN} searches are shown`, async () => {
    await act({ intent: "add", name: "busy" });
    const base = Date.now() - 1_000_000;
    await testDb()
      .insert(demoSearchLogs)
      .values(Array.from({ length: DEMO_LOG_SHOWN + 5 }, (_, i) => ({ demoLocation: "busy", ipAddress: `10.0.0.${i}`, searchedAt: new Date(base + i * 1000) })))
      .run();
    const busy = (await load()).locations.find((one) => one.name === "busy")!;
    expect(busy.searches).toHaveLength(DEMO_LOG_SHOWN);
    expect(busy.searches[0]!.ip).toBe(`10.0.0.${DEMO_LOG_SHOWN + 4}`);
  });
});

describe("deleting a location", () => {
  test("?confirm=name asks first; the delete post removes the location and its log", async () => {
    await act({ intent: "add", name: "Gone Soon" });
    await callRoute(indexRoute.loader, get("/?demo=gone%20soon"), {});
    expect(await testDb().select().from(demoSearchLogs).where(eq(demoSearchLogs.demoLocation, "gone soon")).all()).toHaveLength(1);
    expect((await load("?confirm=Gone%20Soon")).confirm).toBe("gone soon");
    expect((await load("?confirm=never-added")).confirm).toBeNull();
    const deleted = await act({ intent: "delete", name: "gone soon" });
    expect(statusOf(deleted)).toBe(302);
    expect(await toastOf(deleted)).toMatchObject({ type: "success", title: "Demo location deleted" });
    expect(await testDb().select().from(demoLocations).where(eq(demoLocations.locationName, "gone soon")).all()).toEqual([]);
    expect(await testDb().select().from(demoSearchLogs).where(eq(demoSearchLogs.demoLocation, "gone soon")).all()).toEqual([]);
    expect((await load()).locations.map((one) => one.name)).not.toContain("gone soon");
    // Deleting it again says so.
    expect(await toastOf(await act({ intent: "delete", name: "gone soon" }))).toMatchObject({ type: "error", title: "Demo location not found" });
  });

  test("private, never cached", () => {
    expect(new Headers(demoRoute.headers({} as never)).get("Cache-Control")).toBe("private, no-store");
  });
});
