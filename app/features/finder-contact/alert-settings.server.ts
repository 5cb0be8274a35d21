// The owner's alert settings in /settings: the backup e-mail that also receives contact alerts, and
// the opt-in scan alerts. Each is its own small form (intent "backup-email" or "scan-alerts").
import { eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Db } from "../../../db/connection";
import { profiles } from "../../../db/schema";
import { preparedPerConnection } from "~/core/prepared.server";
import { redirectWithToast } from "~/core/toast.server";
import { emailAddressSchema } from "~/core/email-address-schema";
import { key, messageIn, type Locale, type MessageKey } from "~/i18n/messages";

export const ALERT_INTENTS = ["backup-email", "scan-alerts"] as const;

// /settings reads them on every page: prepared once per connection (core/prepared.server.ts).
const alertColumnsOf = preparedPerConnection((db) =>
  db.select({ backupEmail: profiles.backupEmail, scanAlerts: profiles.scanAlerts }).from(profiles).where(eq(profiles.id, sql.placeholder("userId"))).prepare(),
);

export async function alertSettingsOf(db: Db, userId: string) {
  const row = await alertColumnsOf(db).get({ userId });
  return { backupEmail: row?.backupEmail ?? null, scanAlerts: row?.scanAlerts ?? false };
}

/** The backup address; an empty field removes it. */
const backupEmailSchema = z.literal("").or(emailAddressSchema({ invalid: key("finderContact.badBackupEmail"), tooLong: key("common.emailTooLong") }));

/** Saves the backup e-mail (empty removes it) or switches scan alerts; a bad address is a 400. */
/** `locale`: the language of the page the toast is shown on. */
export async function alertSettingsAction(db: Db, userId: string, formData: FormData, locale: Locale) {
  if (formData.get("intent") === "scan-alerts") {
    const on = formData.get("value") === "on";
    await db.update(profiles).set({ scanAlerts: on, updatedAt: new Date() }).where(eq(profiles.id, userId)).run();
    return redirectWithToast("/settings", { type: "success", ...messageIn(locale, on ? "finderContact.scanAlertsOn" : "finderContact.scanAlertsOff") });
  }
  const raw = formData.get("backupEmail");
  const typed = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  const parsed = backupEmailSchema.safeParse(typed);
  if (!parsed.success) {
    // Not empty, so the address's own message says why ("too long" or "not an address").
    const said = parsed.error.issues.flatMap((issue) => (issue.code === "invalid_union" ? issue.errors.flat() : [issue]));
    const backupEmailError: MessageKey = said.some((issue) => issue.message === "common.emailTooLong") ? "common.emailTooLong" : "finderContact.badBackupEmail";
    return data({ intent: "backup-email" as const, backupEmailError, backupEmail: typed }, { status: 400 });
  }
  await db
    .update(profiles)
    .set({ backupEmail: parsed.data || null, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .run();
  return redirectWithToast("/settings", { type: "success", ...messageIn(locale, parsed.data ? "finderContact.backupSaved" : "finderContact.backupRemoved") });
}
