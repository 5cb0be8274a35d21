// Demo locations (spec 001 §2 "Admin panel", §7): an admin names a place where Tagback is shown
// off; the link `APP_URL/?demo={name}` opens the demo finder there, and the finder logs each such
// search (features/finder/search-history.server.ts, logDemoSearch). Names are stored trimmed and
// lower-cased; the primary key refuses a duplicate (no check-then-insert race). Deleting a
// location deletes its log (the foreign key cascades).
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { demoLocations, demoSearchLogs } from "../../../db/schema";
import { DEMO_LOG_SHOWN } from "./rules";
import { istDateTime } from "~/core/india-time";

/** How a typed name is stored: trimmed, lower-cased. */
export function demoLocationName(raw: string): string {
  return raw.trim().toLowerCase();
}

/** The demo link of a location. */
export function demoLink(appUrl: string, name: string): string {
  const url = new URL("/", appUrl);
  url.searchParams.set("demo", name);
  return url.toString();
}

function codeOf(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Adds a location (name already normalised); "taken" when one of that name exists. */
export async function addDemoLocation(db: Db, name: string): Promise<"added" | "taken"> {
  try {
    await db.insert(demoLocations).values({ locationName: name }).run();
    return "added";
  } catch (error) {
    const code = codeOf(error);
    if (code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "SQLITE_CONSTRAINT_UNIQUE") return "taken";
    throw error;
  }
}

/** Deletes the location and (by cascade) its search log; false when there was no such location. */
export async function deleteDemoLocation(db: Db, name: string): Promise<boolean> {
  const deleted = await db.delete(demoLocations).where(eq(demoLocations.locationName, name)).returning({ name: demoLocations.locationName }).all();
  return deleted.length > 0;
}

export async function demoLocationExists(db: Db, name: string): Promise<boolean> {
  return (await db.select({ name: demoLocations.locationName }).from(demoLocations).where(eq(demoLocations.locationName, name)).get()) !== undefined;
}

export type DemoLocationView = Awaited<ReturnType<typeof listDemoLocations>>[number];

/** Every location, newest first, each with its latest searches (time in IST, IP), newest first. */
export async function listDemoLocations(db: Db, appUrl: string, logLimit = DEMO_LOG_SHOWN) {
  const locations = await db.select().from(demoLocations).orderBy(desc(demoLocations.createdAt), desc(demoLocations.locationName)).all();
  return Promise.all(
    locations.map(async (location) => {
      const logs = await db
        .select({ id: demoSearchLogs.id, searchedAt: demoSearchLogs.searchedAt, ipAddress: demoSearchLogs.ipAddress })
        .from(demoSearchLogs)
        .where(eq(demoSearchLogs.demoLocation, location.locationName))
        .orderBy(desc(demoSearchLogs.searchedAt))
        .limit(logLimit)
        .all();
      return {
        name: location.locationName,
        createdAt: location.createdAt.toISOString(),
        created: istDateTime(location.createdAt),
        link: demoLink(appUrl, location.locationName),
        searches: logs.map((log) => ({ id: log.id, at: log.searchedAt.toISOString(), when: istDateTime(log.searchedAt), ip: log.ipAddress ?? "unknown" })),
      };
    }),
  );
}
