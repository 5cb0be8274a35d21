// The profile form (spec 001 §5, "Profile"): one zod schema for the browser (instant messages,
// conform) and the server. Every rule is written here once, with its limits from ./rules; issues
// are message keys of app/i18n/en.ts (section `profile`), resolved by the page. The server adds the
// one check that needs the database (a metro card another account holds) through `metroCardTaken`.
import { z } from "zod";
import { containsProfanity } from "~/core/profanity";
import { isMessageKey, key, messageIn, messageOf, type Locale, type Message, type MessageKey } from "~/i18n/messages";
import {
  BIO_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  isMetroCardNumber,
  METRO_CARD_MIN,
  PHONE_MAX_DIGITS,
  TELEGRAM_MAX_LENGTH,
  X_USERNAME_MAX_LENGTH,
} from "./rules";


/** The text beside a field for one of its errors: the description of a titled message, else its title. */
export function profileErrorText(error: string, locale: Locale = "en"): string {
  const { title, description } = messageOf(error, "profile.updateFailed", locale);
  return description ?? title;
}

/**
 * The alert above the form: the first error whose message the spec titles (it has a description),
 * or the general "Error updating profile"; null without errors.
 */
export function profileAlert(errors: string[], locale: Locale = "en"): Message | null {
  if (errors.length === 0) return null;
  const titled = errors
    .filter(isMessageKey)
    .map((error) => messageIn(locale, error))
    .find((found) => found.description);
  return titled ?? messageIn(locale, "profile.updateFailed");
}

/** HTML tags go, and so do stray angle brackets. */
function stripTags(value: string): string {
  return value.replace(/<[^>]*>/g, "").replace(/[<>]/g, "");
}

/** Full Name keeps letters (any script), digits, @, _ and spaces; runs of spaces become one. */
export function cleanFullName(value: string): string {
  return stripTags(value)
    .replace(/[^\p{L}\p{M}\p{N}@_ ]/gu, "")
    .replace(/ {2,}/g, " ")
    .trim();
}

/** First word is the first name, the rest the last name. */
export function splitFullName(fullName: string): { firstName: string | null; lastName: string | null } {
  const [first, ...rest] = fullName.split(" ").filter(Boolean);
  return { firstName: first ?? null, lastName: rest.length ? rest.join(" ") : null };
}

/** Numbers may be typed with spaces or hyphens; digits are what is stored. */
function withoutSeparators(value: string) {
  return value.replace(/[\s-]/g, "");
}

const text = z.string().optional();
const flag = z.boolean().optional();

/** The four numbers typed as digits, with the keys of their two messages. */
const PHONES = {
  mobileNumber: { digitsOnly: key("profile.mobileDigitsOnly"), tooLong: key("profile.mobileTooLong") },
  socialSms: { digitsOnly: key("profile.smsDigitsOnly"), tooLong: key("profile.smsTooLong") },
  socialCall: { digitsOnly: key("profile.callDigitsOnly"), tooLong: key("profile.callTooLong") },
  socialWhatsapp: { digitsOnly: key("profile.whatsappDigitsOnly"), tooLong: key("profile.whatsappTooLong") },
} as const;

/** Digits only, at most PHONE_MAX_DIGITS; the key of the problem, or null. */
function phoneProblem(name: keyof typeof PHONES, value: string | undefined): MessageKey | null {
  const digits = withoutSeparators(value ?? "");
  if (digits === "") return null;
  if (!/^\d+$/.test(digits)) return PHONES[name].digitsOnly;
  if (digits.length > PHONE_MAX_DIGITS) return PHONES[name].tooLong;
  return null;
}

const fields = z.object({
  fullName: text.superRefine((value, ctx) => {
    const name = cleanFullName(value ?? "");
    if (name.length > FULL_NAME_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: key("profile.fullNameTooLong") });
    } else if (containsProfanity(name)) {
      ctx.addIssue({ code: "custom", message: key("common.nsfw") });
    }
  }),
  xUsername: text.superRefine((value, ctx) => {
    const name = (value ?? "").trim().replace(/^@/, "");
    if (name === "") return;
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      ctx.addIssue({ code: "custom", message: key("profile.xUsernameCharacters") });
    } else if (name.length > X_USERNAME_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: key("profile.xUsernameTooLong") });
    } else if (containsProfanity(name)) {
      ctx.addIssue({ code: "custom", message: key("common.nsfw") });
    }
  }),
  bio: text.superRefine((value, ctx) => {
    const bio = stripTags(value ?? "").trim();
    if (bio.length > BIO_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", message: key("profile.bioTooLong") });
    } else if (containsProfanity(bio)) {
      ctx.addIssue({ code: "custom", message: key("common.nsfw") });
    }
  }),
  mobileNumber: text.superRefine((value, ctx) => {
    const problem = phoneProblem("mobileNumber", value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
  metroCardNumber: text.superRefine((value, ctx) => {
    const digits = withoutSeparators(value ?? "");
    if (digits === "" || isMetroCardNumber(digits)) return;
    const problem = !/^\d+$/.test(digits)
      ? key("profile.metroCardDigitsOnly")
      : digits.length < METRO_CARD_MIN
        ? key("profile.metroCardTooShort")
        : key("profile.metroCardTooLong");
    ctx.addIssue({ code: "custom", message: problem });
  }),
  socialSms: text,
  socialCall: text,
  socialTelegram: text,
  socialWhatsapp: text,
  useMobileForSocials: flag,
  maskBio: flag,
  useSocialIcons: flag,
}).superRefine((value, ctx) => {
  // With the switch on, the four fields take the mobile number, whatever was typed in them.
  if (value.useMobileForSocials) return;
  for (const name of ["socialSms", "socialCall", "socialWhatsapp"] as const) {
    const problem = phoneProblem(name, value[name]);
    if (problem) ctx.addIssue({ code: "custom", path: [name], message: problem });
  }
  const handle = value.socialTelegram ?? "";
  if (handle !== "" && (handle.length > TELEGRAM_MAX_LENGTH || !/^[@+]?[A-Za-z0-9_]+$/.test(handle))) {
    ctx.addIssue({ code: "custom", path: ["socialTelegram"], message: key("profile.telegramInvalid") });
  }
});

function orNull(value: string) {
  return value === "" ? null : value;
}

/** What the server stores, from a valid form. */
function toUpdate(value: z.output<typeof fields>) {
  const mobileNumber = orNull(withoutSeparators(value.mobileNumber ?? ""));
  const useMobileForSocials = value.useMobileForSocials ?? false;
  // The switch copies the mobile number into the four social fields, now and on later edits.
  const social = (field: string | undefined) => (useMobileForSocials ? mobileNumber : orNull(withoutSeparators(field ?? "")));
  return {
    ...splitFullName(cleanFullName(value.fullName ?? "")),
    xUsername: orNull((value.xUsername ?? "").trim().replace(/^@/, "")),
    bio: orNull(stripTags(value.bio ?? "").trim()),
    mobileNumber,
    metroCardNumber: orNull(withoutSeparators(value.metroCardNumber ?? "")),
    socialSms: social(value.socialSms),
    socialCall: social(value.socialCall),
    socialTelegram: useMobileForSocials ? mobileNumber : orNull(value.socialTelegram ?? ""),
    socialWhatsapp: social(value.socialWhatsapp),
    useMobileForSocials,
    maskBio: value.maskBio ?? false,
    useSocialIcons: value.useSocialIcons ?? false,
  };
}

export type ProfileUpdate = ReturnType<typeof toUpdate>;

/** The browser's schema (no database). */
export const profileSchema = fields.transform(toUpdate);

/** The server's schema: the same rules, plus the metro card's uniqueness. */
export function serverProfileSchema(metroCardTaken: (metroCardNumber: string) => Promise<boolean>) {
  return profileSchema.superRefine(async (value, ctx) => {
    if (value.metroCardNumber && (await metroCardTaken(value.metroCardNumber))) {
      ctx.addIssue({ code: "custom", path: ["metroCardNumber"], message: key("profile.metroCardTaken") });
    }
  });
}
