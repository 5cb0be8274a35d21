// What a user types into messaging, checked the same way in the browser and on the server (spec 001
// §5 "Messaging"): the message form and the search by metro card or token. Issues are message keys
// of app/i18n/en.ts (section messaging); the numbers are features/messaging/rules.ts.
import { z } from "zod";
import { containsProfanity } from "~/core/profanity";
import { key, type MessageKey } from "~/i18n/messages";
import { MESSAGE_MAX_LENGTH, SEARCH_METRO_MAX_DIGITS, SEARCH_MIN_DIGITS, SEARCH_TOKEN_MAX_DIGITS } from "./rules";

/** HTML tags removed, then any angle bracket left, then trimmed: what is stored and shown. */
export function cleanMessage(text: string): string {
  return text.replace(/<[^>]*>/g, "").replace(/[<>]/g, "").trim();
}

/** Why a cleaned message is refused, or null when it may be sent. */
export function messageProblem(cleaned: string): MessageKey | null {
  if (cleaned === "") return "messaging.empty";
  if (cleaned.length > MESSAGE_MAX_LENGTH) return "messaging.tooLong";
  if (containsProfanity(cleaned)) return "messaging.notSent";
  return null;
}

/** The send form: the text, and the form's idempotency key (a second post of the same form is a no-op). */
export const sendMessageSchema = z.object({
  content: z
    .string({ error: key("messaging.empty") })
    .transform(cleanMessage)
    .superRefine((value, ctx) => {
      const problem = messageProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  clientKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional()
    .catch(undefined),
});

export const SEARCH_TYPES = ["metrocard", "tagbacktoken"] as const;
export type MessagingSearchType = (typeof SEARCH_TYPES)[number];

/** What the search looks for: a metro card or a verified token, by its exact number. */
export type MessagingSearch = { type: MessagingSearchType; number: string };

/**
 * The search on /messaging, and the owner dialog's Message owner (which sends the finder's own
 * search). Spaces and hyphens are ignored (a token is printed 1234-5678-9012); anything else that
 * is not a digit, fewer than SEARCH_MIN_DIGITS digits, or more than the type's maximum is refused.
 */
export function parseMessagingSearch(typeValue: unknown, numberValue: unknown): { ok: true; search: MessagingSearch } | { ok: false; error: MessageKey } {
  const typeText = String(typeValue ?? "").toLowerCase();
  const type: MessagingSearchType = typeText === "tagbacktoken" || typeText === "token" ? "tagbacktoken" : "metrocard";
  const error = type === "metrocard" ? key("messaging.badMetroCard") : key("messaging.badToken");
  const number = String(numberValue ?? "").replace(/[\s-]/g, "");
  const max = type === "metrocard" ? SEARCH_METRO_MAX_DIGITS : SEARCH_TOKEN_MAX_DIGITS;
  if (!/^\d+$/.test(number) || number.length < SEARCH_MIN_DIGITS || number.length > max) return { ok: false, error };
  return { ok: true, search: { type, number } };
}
