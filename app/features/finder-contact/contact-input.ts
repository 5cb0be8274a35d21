// The "I found this" form, checked the same way in the browser and on the server. The message gets
// the chat's cleaning (tags and angle brackets stripped, trimmed) and the shared profanity check;
// issues are message keys of app/i18n/en.ts (area `contact`), shown in the finder's language.
import { z } from "zod";
import { isEmailTooLong } from "~/core/email-address";
import { containsProfanity } from "~/core/profanity";
import { cleanMessage } from "~/features/messaging/message-input";
import { locationValuesOf, parseLocation, type FinderLocation, type LocationValues } from "./finder-location";
import type { MessageKey } from "~/i18n/messages";
import {
  FINDER_CONTACT_MAX,
  FINDER_MESSAGE_MAX,
  FOUND_WHERE_MAX,
  HANDOVER_PLACE_MAX,
  HANDOVERS,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  type Handover,
} from "./rules";

export type ContactFields = "message" | "contact" | "foundWhere" | "handover" | "place" | "location";

export type ContactInput = {
  message: string;
  /** An e-mail address (lower-cased) or a phone number (digits, with a leading + when typed). */
  contact: string | null;
  contactKind: "email" | "phone" | null;
  foundWhere: string | null;
  handover: Handover;
  place: string | null;
  /** Where the finder is, when they shared it ("Share my location"): already rounded. */
  location?: FinderLocation | null;
};

/** What the form showed, to put back after a refusal: nothing the finder typed is lost. */
export type ContactValues = Record<Exclude<ContactFields, "location">, string> & LocationValues;

const EMAIL = z.email();

/**
 * An e-mail address or a phone number, or null for neither (the field is optional). An address
 * longer than SMTP carries is refused as too long (core/email-address.ts), so the finder is told why.
 */
export function parseReachable(raw: string): { ok: true; value: string | null; kind: "email" | "phone" | null } | { ok: false; tooLong?: true } {
  const text = raw.trim();
  if (text === "") return { ok: true, value: null, kind: null };
  if (text.includes("@")) {
    if (isEmailTooLong(text)) return { ok: false, tooLong: true };
    const email = text.toLowerCase();
    return EMAIL.safeParse(email).success ? { ok: true, value: email, kind: "email" } : { ok: false };
  }
  if (text.length > FINDER_CONTACT_MAX) return { ok: false };
  // Digits with the usual separators; a + only in front.
  if (!/^\+?[\d\s().-]+$/.test(text)) return { ok: false };
  const digits = text.replace(/\D/g, "");
  if (digits.length < PHONE_MIN_DIGITS || digits.length > PHONE_MAX_DIGITS) return { ok: false };
  return { ok: true, value: `${text.startsWith("+") ? "+" : ""}${digits}`, kind: "phone" };
}

/**
 * A one-line field (where they found it, the place): cleaned like a message, and every run of line
 * breaks, tabs and other control characters made one space. These values stand in the owner's
 * e-mail (the place in its Subject): a line break there could forge a header or a line of the mail.
 */
function oneLine(text: string): string {
  return cleanMessage(text.replace(/[\s\p{Cc}]+/gu, " "));
}

/** A short free-text field: tags stripped like a message, profanity refused, at most `max`. */
function note(cleaned: string, max: number): MessageKey | null {
  if (cleaned.length > max) return max === HANDOVER_PLACE_MAX ? "contact.placeRequired" : "contact.textTooLong";
  if (containsProfanity(cleaned)) return "common.nsfw";
  return null;
}

export function messageProblemOf(cleaned: string): MessageKey | null {
  if (cleaned === "") return "contact.messageEmpty";
  if (cleaned.length > FINDER_MESSAGE_MAX) return "contact.messageTooLong";
  if (containsProfanity(cleaned)) return "contact.notSent";
  return null;
}

export function valuesOf(formData: FormData): ContactValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    message: text("message"),
    contact: text("contact"),
    foundWhere: text("foundWhere"),
    handover: text("handover"),
    place: text("place"),
    ...locationValuesOf(formData),
  };
}

export type ContactParse =
  | { ok: true; value: ContactInput }
  | { ok: false; errors: Partial<Record<ContactFields, MessageKey>> };

export function parseContactForm(values: ContactValues): ContactParse {
  const errors: Partial<Record<ContactFields, MessageKey>> = {};
  const message = cleanMessage(values.message);
  const messageProblem = messageProblemOf(message);
  if (messageProblem) errors.message = messageProblem;

  const reachable = parseReachable(values.contact);
  if (!reachable.ok) errors.contact = reachable.tooLong ? "common.emailTooLong" : "contact.badContact";

  const foundWhere = oneLine(values.foundWhere);
  const whereProblem = note(foundWhere, FOUND_WHERE_MAX);
  if (whereProblem) errors.foundWhere = whereProblem;

  const handover = (HANDOVERS as readonly string[]).includes(values.handover) ? (values.handover as Handover) : null;
  if (!handover) errors.handover = "contact.handoverRequired";

  const place = oneLine(values.place);
  if (handover === "place") {
    const placeProblem = place === "" ? "contact.placeRequired" : note(place, HANDOVER_PLACE_MAX);
    if (placeProblem) errors.place = placeProblem;
  }

  const location = parseLocation(values);
  if (!location.ok) errors.location = location.error;

  if (Object.keys(errors).length > 0 || !handover || !reachable.ok || !location.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      message,
      contact: reachable.value,
      contactKind: reachable.kind,
      foundWhere: foundWhere || null,
      handover,
      place: handover === "place" ? place : null,
      location: location.value,
    },
  };
}
