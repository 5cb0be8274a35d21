// Sign-in forms: one schema each, used by the browser (instant messages) and the server. Issues
// are message keys of app/i18n/en.ts (section auth); the limits are the account rules.
import { z } from "zod";
import { DEV_PASSWORD_MAX_LENGTH } from "~/core/dev-mode-password";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/features/account/rules";
import { key } from "~/i18n/messages";

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

const email = z.email(key("auth.invalidEmail"));

export const signInSchema = credentials.pipe(
  z.object({
    email,
    password: z.string(),
    redirectTo: z.string().optional(),
  }),
);

export const signUpSchema = credentials.pipe(
  z.object({
    email,
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
