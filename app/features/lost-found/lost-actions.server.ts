// The lost-item intents /lost and /lost-found share: report (picked from the registered items on
// /lost, typed on /lost-found), change the status, delete. Each refusal is the form's submission
// result with message keys (section lost of app/i18n/en.ts) and a status that means something;
// each success goes back to the page with a toast, so it works without JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../db/connection";
import { lostItems } from "../../../db/schema";
import { returnFromLostReport } from "~/features/returns/returns.server";
import { redirectWithToast } from "~/core/toast.server";
import type { Locale } from "~/core/locale";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { deleteSchema, fullReportSchema, pickReportSchema, statusSchema } from "./lost-forms";
import { deleteLostItem, registeredItemsOf, reportLost, setLostStatus, type LostReport, type LostType } from "./lost-items.server";

export type LostIntent = "report" | "status" | "delete";

/** `locale`: the request's language, which the success toasts are in. */
export type LostIntentArgs = { db: Db; userId: string; formData: FormData; page: "/lost" | "/lost-found"; locale: Locale };

/** A refused post: which form, its result (errors are message keys), and the status. */
export function refused(intent: LostIntent, result: SubmissionResult<string[]>, status: number) {
  return data({ intent, result }, { status });
}

function done({ page, locale }: LostIntentArgs, key: MessageKey) {
  return redirectWithToast(page, { type: "success", ...messageIn(locale, key) });
}

function alreadyReported(type: LostType | undefined): MessageKey {
  return type === "metro" ? "lost.alreadyMetro" : "lost.alreadyProduct";
}

async function report(args: LostIntentArgs, value: LostReport, success: MessageKey, reply: (keys: MessageKey[]) => SubmissionResult<string[]>) {
  const outcome = await reportLost(args.db, args.userId, value);
  if (outcome.ok) return done(args, success);
  return refused("report", reply([alreadyReported(value.type)]), 409);
}

/** /lost: one of the owner's registered items, looked up again here (the form posts its key). */
export async function reportPickedItem(args: LostIntentArgs) {
  const submission = parseWithZod(args.formData, { schema: pickReportSchema });
  if (submission.status !== "success") return refused("report", submission.reply(), 400);
  const items = await registeredItemsOf(args.db, args.userId);
  const item = items.find((candidate) => candidate.key === submission.value.item);
  if (!item) return refused("report", submission.reply({ formErrors: ["lost.notYourItem"] }), 400);
  const { dateLost, message: note, reward } = submission.value;
  return report(
    args,
    { type: item.type, name: item.name, identifier: item.identifier, dateLost, message: note, reward },
    "lost.marked",
    (keys) => submission.reply({ formErrors: keys }),
  );
}

/** /lost-found: the typed report form. */
export async function reportTypedItem(args: LostIntentArgs) {
  const submission = parseWithZod(args.formData, { schema: fullReportSchema });
  if (submission.status !== "success") return refused("report", submission.reply(), 400);
  return report(args, submission.value, "lost.submitted", (keys) => submission.reply({ formErrors: keys }));
}

/** 'Mark as Recovered' / 'Mark as Pending': only on a report of this user. */
export async function changeStatus(args: LostIntentArgs) {
  const submission = parseWithZod(args.formData, { schema: statusSchema });
  if (submission.status !== "success") return refused("status", submission.reply(), 400);
  // Recovered while a finder's thread about the item is open: that is "I got it back" too, so the
  // finder hears of it (features/returns/; it ends lost mode itself, remembering the report for an undo).
  const returned = submission.value.status === "recovered" ? await returnThreadOf(args, submission.value.id) : null;
  const outcome = await setLostStatus(args.db, args.userId, submission.value.id, submission.value.status);
  if (outcome.ok && returned?.ok) return done(args, "returnsOwner.marked");
  if (outcome.ok) return done(args, submission.value.status === "recovered" ? "lost.recovered" : "lost.pendingAgain");
  if (outcome.reason === "already") return refused("status", submission.reply({ formErrors: [alreadyReported(outcome.type)] }), 409);
  return refused("status", submission.reply({ formErrors: ["lost.updateFailed"] }), 404);
}

async function returnThreadOf(args: LostIntentArgs, reportId: string) {
  const report = await args.db
    .select({ type: lostItems.type, identifier: lostItems.identifier, status: lostItems.status })
    .from(lostItems)
    .where(and(eq(lostItems.id, reportId), eq(lostItems.userId, args.userId)))
    .get();
  return report?.status === "pending" ? returnFromLostReport(args.db, args.userId, report) : null;
}

/** Delete, after the confirmation step: only a report of this user. */
export async function deleteReport(args: LostIntentArgs) {
  const submission = parseWithZod(args.formData, { schema: deleteSchema });
  if (submission.status !== "success") return refused("delete", submission.reply(), 400);
  if (await deleteLostItem(args.db, args.userId, submission.value.id)) return done(args, "lost.deleted");
  return refused("delete", submission.reply({ formErrors: ["lost.deleteFailed"] }), 404);
}
