// Sign-in forms: one schema each, used by the browser (instant messages) and the server. Issues
// are message keys of app/i18n/en.ts (section auth); the limits are the account rules.
import { z } from "zod";
import { DEV_PASSWORD_MAX_LENGTH } from "~/core/dev-mode-password";
import { emailAddressSchema } from "~/core/email-address-schema";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGN_IN_CODE_DIGITS } from "~/features/account/rules";
import { isMessageKey, key, type MessageKey } from "~/i18n/messages";

/** A checked message key, for a zod issue. */

const credentials = z
  .object({
    email: z.string().trim().optional(),
    password: z.string().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password) ctx.addIssue({ code: "custom", message: key("auth.bothRequired") });
  });

/** Every address these forms take: at most SMTP's length (core/email-address.ts), then a real address. */
export const emailAddress = emailAddressSchema({ invalid: key("auth.invalidEmail"), tooLong: key("common.emailTooLong") });

export const signInSchema = credentials.pipe(
  z.object({
    email: emailAddress,
    password: z.string(),
    redirectTo: z.string().optional(),
  }),
);

export const signUpSchema = credentials.pipe(
  z.object({
    email: emailAddress,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, key("auth.passwordTooShort"))
      .max(PASSWORD_MAX_LENGTH, key("auth.passwordTooLong")),
    redirectTo: z.string().optional(),
  }),
);

const invalidAdminPassword = key("auth.invalidAdminPassword");

export const devUnlockSchema = z.object({
  password: z
    .string({ error: invalidAdminPassword })
    .min(1, invalidAdminPassword)
    .max(DEV_PASSWORD_MAX_LENGTH, invalidAdminPassword),
  redirectTo: z.string().optional(),
});

/** "Continue with e-mail": the address a code is sent to (field `email`, a contract). */
export const codeRequestSchema = z.object({
  email: emailAddress,
  redirectTo: z.string().optional(),
});

/** The code form (fields `email` and `code`, a contract): spaces typed inside the code are let go. */
export const codeSchema = z.object({
  email: emailAddress,
  code: z
    .string({ error: key("auth.codeFormat") })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(new RegExp(`^\\d{${SIGN_IN_CODE_DIGITS}}$`), key("auth.codeFormat"))),
  redirectTo: z.string().optional(),
});

/** The message of a refused `email` field: the schema's own (too long, or not an address). */
export function emailProblemOf(errors: Record<string, string[] | null> | undefined): MessageKey {
  const said = errors?.email?.[0];
  return said && isMessageKey(said) ? said : "auth.invalidEmail";
}
