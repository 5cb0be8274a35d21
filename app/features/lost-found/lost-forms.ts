// The lost-item forms (spec 001 §5 "Lost items"): one zod schema per form, used by the browser
// (instant messages, conform) and the server. Issues are message keys of app/i18n/en.ts (section
// lost). /lost picks one of the owner's registered items; /lost-found's form takes every field.
// Both take lost mode's optional message and reward (at most LOST_NOTE_MAX characters each,
// tags stripped, the same profanity check as names and bios).
import { z } from "zod";
import { containsProfanity } from "~/core/profanity";
import { isMetroCardNumber } from "~/features/owner/rules";
import { isToken } from "~/features/stickers/rules";
import { key, type MessageKey } from "~/i18n/messages";
import { LOST_NAME_MAX, LOST_NOTE_MAX } from "./rules";

/** Tags and angle brackets out, spaces trimmed: what is stored of a text the owner typed. */
export function cleanText(value: string | undefined): string {
  return (value ?? "").replace(/<[^>]*>/g, "").replace(/[<>]/g, "").trim();
}

// Made once: building a DateTimeFormat (locale and time-zone data) cost more than /lost's queries.
const indiaDate = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today in India (yyyy-mm-dd), the latest date an item can have been lost. */
export function todayInIndia(now = new Date()): string {
  return indiaDate.format(now);
}

/** A real calendar date, yyyy-mm-dd, not after today in India. */
export function isLostDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= "2000-01-01" && value <= todayInIndia();
}

/** An optional lost-mode text: empty becomes null. */
function note(tooLong: MessageKey) {
  return z
    .string()
    .optional()
    .transform(cleanText)
    .superRefine((value, ctx) => {
      if (value.length > LOST_NOTE_MAX) ctx.addIssue({ code: "custom", message: tooLong });
      else if (containsProfanity(value)) ctx.addIssue({ code: "custom", message: key("common.nsfw") });
    })
    .transform((value) => value || null);
}

const lostMode = {
  message: note("lost.messageTooLong"),
  reward: note("lost.rewardTooLong"),
};

const dateLost = z
  .string({ error: key("lost.missingFields") })
  .transform((value) => value.trim())
  .refine(isLostDate, key("lost.badDate"));

/** /lost: one of the owner's registered items (its key), the date, and lost mode's texts. */
export const pickReportSchema = z.object({
  item: z.string({ error: key("lost.selectItem") }).min(1, key("lost.selectItem")),
  dateLost,
  ...lostMode,
});

/** /lost-found "My Lost Items": every field required ('Please fill in all fields.'). */
export const fullReportSchema = z
  .object({
    type: z.string().optional(),
    name: z.string().optional().transform(cleanText),
    identifier: z.string().optional().transform((value) => (value ?? "").replace(/[\s-]/g, "")),
    dateLost: z.string().optional().transform((value) => (value ?? "").trim()),
    ...lostMode,
  })
  .superRefine((value, ctx) => {
    if (!value.type || !value.name || !value.identifier || !value.dateLost) {
      ctx.addIssue({ code: "custom", message: key("lost.missingFields") });
      return;
    }
    if (value.type !== "metro" && value.type !== "product") {
      ctx.addIssue({ code: "custom", path: ["type"], message: key("lost.badType") });
      return;
    }
    if (value.name.length > LOST_NAME_MAX) ctx.addIssue({ code: "custom", path: ["name"], message: key("lost.nameTooLong") });
    else if (containsProfanity(value.name)) ctx.addIssue({ code: "custom", path: ["name"], message: key("common.nsfw") });
    if (value.type === "metro" && !isMetroCardNumber(value.identifier)) {
      ctx.addIssue({ code: "custom", path: ["identifier"], message: key("lost.badMetroCard") });
    }
    if (value.type === "product" && !isToken(value.identifier)) {
      ctx.addIssue({ code: "custom", path: ["identifier"], message: key("lost.badToken") });
    }
    if (!isLostDate(value.dateLost)) ctx.addIssue({ code: "custom", path: ["dateLost"], message: key("lost.badDate") });
  })
  .transform((value) => ({ ...value, type: value.type as "metro" | "product" }));

export const statusSchema = z.object({
  id: z.string({ error: key("lost.updateFailed") }).min(1, key("lost.updateFailed")),
  status: z.enum(["pending", "recovered"], { error: key("lost.updateFailed") }),
});

export const deleteSchema = z.object({
  id: z.string({ error: key("lost.deleteFailed") }).min(1, key("lost.deleteFailed")),
});
