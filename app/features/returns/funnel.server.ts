// The way home, counted (issue 49): per week, scans by people → scans that became a message →
// conversations with a hand-over chosen → items marked returned, and the median time from the
// finder's scan to "I got it back". Each step adds one to its week's row in the same transaction as
// the event itself (a scan's history row, a thread, a return), so a count exists exactly when its
// event does, and an undone return takes its one back. The rows hold only numbers: no owner, finder
// or item is named, and an erased account's counts stay counts. Prometheus gets the same steps as
// counters (per process; the operator sums them), for graphs and alerts.
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { returnFunnelWeeks, returnTimes, siteSettings } from "../../../db/schema";
import { counter } from "~/core/metrics.server";
import { preparedPerConnection } from "~/core/prepared.server";
import { FUNNEL_WEEKS_SHOWN, RETURNS_SHOWN_FROM } from "./rules";

export type FunnelStep = "scans" | "messaged" | "handovers" | "returned";
type Writer = Pick<Db, "insert" | "update" | "delete">;

const steps = counter({
  name: "tagback_returns_funnel_total",
  help: 'The way home, step by step: step="scan" (a person\'s scan, reloads by the same client within the hour not counted), "message" (a scan that became a finder\'s message), "handover" (the finder chose how to hand it back), "returned" (the owner marked it returned), "undone" (a return taken back)',
  labelNames: ["step"],
});
const STEP_LABEL: Record<FunnelStep, string> = { scans: "scan", messaged: "message", handovers: "handover", returned: "returned" };

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** The week `at` falls in, by its Monday in India time ("2026-11-23"): the admin's week, whatever the server's zone. */
export function weekOf(at: Date | number): string {
  const day = Math.floor((+at + INDIA_OFFSET_MS) / DAY_MS);
  // Day 0 (1970-01-01) was a Thursday: (day + 3) % 7 is the days since Monday.
  const monday = day - ((day + 3) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

/** One more (or, with `by` -1, one less) of a step in the week of `at`. Inside the event's transaction. */
export function countStep(tx: Writer, step: FunnelStep, at: Date | number, by = 1) {
  const column = returnFunnelWeeks[step];
  tx.insert(returnFunnelWeeks)
    .values({ week: weekOf(at), [step]: Math.max(by, 0) })
    .onConflictDoUpdate({ target: returnFunnelWeeks.week, set: { [step]: sql`max(${column} + ${by}, 0)` } })
    .run();
  if (by > 0) steps.inc({ step: STEP_LABEL[step] }, by);
}

// A scan by a person counts on the scan path itself: prepared once per connection. Measured inside a
// transaction on the 2-core machine: built by drizzle on every call, the reload check and the upsert
// cost 52–62 µs a scan; prepared, 1.5 µs for the check and 2.3 µs for the count.
const scanCountOf = preparedPerConnection((db) =>
  db.$client.prepare(`insert into return_funnel_weeks (week, scans) values (@week, 1) on conflict (week) do update set scans = scans + 1`),
);

/** One more scan by a person in the week of `at` (inside the scan's own transaction, on `db`'s connection). */
export function countScan(db: Db, at: Date) {
  scanCountOf(db).run({ week: weekOf(at) });
  steps.inc({ step: "scan" });
}

/** A return, counted with its time from scan to return (for the week's median). */
export function countReturn(tx: Writer, returnedAt: Date, scannedAt: Date) {
  countStep(tx, "returned", returnedAt);
  tx.insert(returnTimes)
    .values({ week: weekOf(returnedAt), seconds: Math.max(0, Math.round((+returnedAt - +scannedAt) / 1000)) })
    .run();
}

/** An undone return: its week's count and its time (any row of the same week and seconds is the same number). */
export function uncountReturn(tx: Writer & Pick<Db, "select">, returnedAt: Date, scannedAt: Date) {
  countStep(tx, "returned", returnedAt, -1);
  steps.inc({ step: "undone" });
  const week = weekOf(returnedAt);
  const seconds = Math.max(0, Math.round((+returnedAt - +scannedAt) / 1000));
  const row = tx.select({ id: returnTimes.id }).from(returnTimes).where(and(eq(returnTimes.week, week), eq(returnTimes.seconds, seconds))).get();
  if (row) tx.delete(returnTimes).where(eq(returnTimes.id, row.id)).run();
}

export type FunnelWeek = { week: string; scans: number; messaged: number; handovers: number; returned: number; medianSeconds: number | null };

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** The newest `weeks` weeks up to `now`'s, newest first; a week without any event shows zeros. */
export async function funnelWeeks(db: Db, now = Date.now(), weeks = FUNNEL_WEEKS_SHOWN): Promise<FunnelWeek[]> {
  const thisWeek = weekOf(now);
  const keys = Array.from({ length: weeks }, (_, i) => new Date(Date.parse(thisWeek) - i * 7 * DAY_MS).toISOString().slice(0, 10));
  const oldest = keys.at(-1)!;
  const rows = await db.select().from(returnFunnelWeeks).where(gte(returnFunnelWeeks.week, oldest)).orderBy(desc(returnFunnelWeeks.week)).all();
  const times = await db
    .select({ week: returnTimes.week, seconds: returnTimes.seconds })
    .from(returnTimes)
    .where(gte(returnTimes.week, oldest))
    .orderBy(returnTimes.week, returnTimes.seconds)
    .all();
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return keys.map((week) => {
    const row = byWeek.get(week);
    return {
      week,
      scans: row?.scans ?? 0,
      messaged: row?.messaged ?? 0,
      handovers: row?.handovers ?? 0,
      returned: row?.returned ?? 0,
      medianSeconds: median(times.filter((time) => time.week === week).map((time) => time.seconds)),
    };
  });
}

/** Every step since counting began. */
export async function funnelTotals(db: Db): Promise<Omit<FunnelWeek, "week" | "medianSeconds">> {
  const row = await db
    .select({
      scans: sql<number>`coalesce(sum(${returnFunnelWeeks.scans}), 0)`,
      messaged: sql<number>`coalesce(sum(${returnFunnelWeeks.messaged}), 0)`,
      handovers: sql<number>`coalesce(sum(${returnFunnelWeeks.handovers}), 0)`,
      returned: sql<number>`coalesce(sum(${returnFunnelWeeks.returned}), 0)`,
    })
    .from(returnFunnelWeeks)
    .get();
  return { scans: row?.scans ?? 0, messaged: row?.messaged ?? 0, handovers: row?.handovers ?? 0, returned: row?.returned ?? 0 };
}

/** The count from which the landing page shows the returns; null: never (the default). */
export async function returnsShownFrom(db: Db): Promise<number | null> {
  const row = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.name, RETURNS_SHOWN_FROM)).get();
  return row?.value ?? null;
}

export async function setReturnsShownFrom(db: Db, value: number | null): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ name: RETURNS_SHOWN_FROM, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: siteSettings.name, set: { value, updatedAt: new Date() } })
    .run();
}

/**
 * What the landing page may say: the real all-time count of items returned, once it reached the
 * admin's threshold; null before (or with no threshold set). Never a made-up number.
 */
export async function returnedForLanding(db: Db): Promise<number | null> {
  const from = await returnsShownFrom(db);
  if (from === null) return null;
  const { returned } = await funnelTotals(db);
  return returned >= from ? returned : null;
}
