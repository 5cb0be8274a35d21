// The profile form (spec 001 §5, "Profile"): one zod schema for the browser (instant messages,
// conform) and the server. Every rule and message is written here once; the server adds the one
// check that needs the database (a metro card another account holds) through `metroCardTaken`.
import { z } from "zod";
import { containsProfanity, NSFW_MESSAGE } from "~/core/profanity";

export const PROFILE_LIMITS = {
  fullName: 30,
  xUsername: 16,
  bio: 200,
  phone: 15,
  metroCardMin: 8,
  metroCardMax: 16,
  telegram: 32,
} as const;

/** Messages the spec gives a title and a text for; the text shows beside the field. */
export const PROFILE_MESSAGES = {
  metroTooShort: { title: "Metro Card Number Too Short", description: "Metro card number must be at least 8 digits." },
  metroTaken: {
    title: "Metro Card Already Registered",
    description: "This metro card number is already registered to another account.",
  },
  nsfw: NSFW_MESSAGE,
  updated: { title: "Profile updated" },
  updateFailed: { title: "Error updating profile", description: "Please correct the fields marked below." },
} as const;

const TITLES: Record<string, string> = {
  [PROFILE_MESSAGES.metroTooShort.description]: PROFILE_MESSAGES.metroTooShort.title,
  [PROFILE_MESSAGES.metroTaken.description]: PROFILE_MESSAGES.metroTaken.title,
  [NSFW_MESSAGE.description]: NSFW_MESSAGE.title,
};

/** The alert above the form: the spec's title of the first message that has one. */
export function profileAlert(messages: string[]): { title: string; description: string } | null {
  if (messages.length === 0) return null;
  const known = messages.find((message) => TITLES[message]);
  return known ? { title: TITLES[known]!, description: known } : PROFILE_MESSAGES.updateFailed;
}

/** HTML tags go, and so do stray angle brackets. */
export function stripTags(value: string): string {
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

/** Digits only, at most 15; a problem message or null. */
function phoneProblem(label: string, value: string | undefined): string | null {
  const digits = withoutSeparators(value ?? "");
  if (digits === "") return null;
  if (!/^\d+$/.test(digits)) return `${label} must contain digits only.`;
  if (digits.length > PROFILE_LIMITS.phone) return `${label} must be at most ${PROFILE_LIMITS.phone} digits.`;
  return null;
}

function phoneField(label: string) {
  return text.superRefine((value, ctx) => {
    const problem = phoneProblem(label, value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

export const TELEGRAM_MESSAGE =
  "Telegram must be at most 32 characters with no spaces: letters, digits and underscores, optionally starting with @ or +.";

const fields = z.object({
  fullName: text.superRefine((value, ctx) => {
    const name = cleanFullName(value ?? "");
    if (name.length > PROFILE_LIMITS.fullName) {
      ctx.addIssue({ code: "custom", message: `Full name must be at most ${PROFILE_LIMITS.fullName} characters.` });
    } else if (containsProfanity(name)) {
      ctx.addIssue({ code: "custom", message: NSFW_MESSAGE.description });
    }
  }),
  xUsername: text.superRefine((value, ctx) => {
    const name = (value ?? "").trim().replace(/^@/, "");
    if (name === "") return;
    if (!/^[A-Za-z0-9_]+$/.test(name)) {
      ctx.addIssue({ code: "custom", message: "X username may contain only letters, digits and underscores." });
    } else if (name.length > PROFILE_LIMITS.xUsername) {
      ctx.addIssue({ code: "custom", message: `X username must be at most ${PROFILE_LIMITS.xUsername} characters.` });
    } else if (containsProfanity(name)) {
      ctx.addIssue({ code: "custom", message: NSFW_MESSAGE.description });
    }
  }),
  bio: text.superRefine((value, ctx) => {
    const bio = stripTags(value ?? "").trim();
    if (bio.length > PROFILE_LIMITS.bio) {
      ctx.addIssue({ code: "custom", message: `Bio must be at most ${PROFILE_LIMITS.bio} characters.` });
    } else if (containsProfanity(bio)) {
      ctx.addIssue({ code: "custom", message: NSFW_MESSAGE.description });
    }
  }),
  mobileNumber: phoneField("Mobile number"),
  metroCardNumber: text.superRefine((value, ctx) => {
    const digits = withoutSeparators(value ?? "");
    if (digits === "") return;
    if (!/^\d+$/.test(digits)) ctx.addIssue({ code: "custom", message: "Metro card number must contain digits only." });
    else if (digits.length < PROFILE_LIMITS.metroCardMin) {
      ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.metroTooShort.description });
    } else if (digits.length > PROFILE_LIMITS.metroCardMax) {
      ctx.addIssue({ code: "custom", message: `Metro card number must be at most ${PROFILE_LIMITS.metroCardMax} digits.` });
    }
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
  const phones = [
    ["socialSms", "Emergency number (SMS)"],
    ["socialCall", "Call number"],
    ["socialWhatsapp", "WhatsApp number"],
  ] as const;
  for (const [name, label] of phones) {
    const problem = phoneProblem(label, value[name]);
    if (problem) ctx.addIssue({ code: "custom", path: [name], message: problem });
  }
  const handle = value.socialTelegram ?? "";
  if (handle !== "" && (handle.length > PROFILE_LIMITS.telegram || !/^[@+]?[A-Za-z0-9_]+$/.test(handle))) {
    ctx.addIssue({ code: "custom", path: ["socialTelegram"], message: TELEGRAM_MESSAGE });
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
      ctx.addIssue({ code: "custom", path: ["metroCardNumber"], message: PROFILE_MESSAGES.metroTaken.description });
    }
  });
}
