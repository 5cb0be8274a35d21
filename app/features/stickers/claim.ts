// The claim form's schema (spec 001 §5 "Token verification"): Verify Token on /token and the
// claim on /found post the same fields, checked by the same schema in the browser and on the
// server. Issues are message keys of app/i18n/en.ts (section token).
import { z } from "zod";
import { isToken, TOKEN_PASSWORD_MAX } from "~/features/stickers/rules";
import { key } from "~/i18n/messages";

/** Tags stripped, then only the digits (a pasted "1234-5678-9012" is fine). */
export function tokenDigits(value: string): string {
  return value.replace(/<[^>]*>/g, "").replace(/\D/g, "");
}

/**
 * Verify Token. Without JavaScript the token is one field; with it, TOKEN_LENGTH one-digit boxes
 * of the same name, which arrive as a list and are joined here.
 */
export const verifyTokenSchema = z
  .object({
    token: z.union([z.string(), z.array(z.string().optional())]).optional(),
    password: z.string().optional(),
  })
  .transform((value) => ({
    token: tokenDigits(Array.isArray(value.token) ? value.token.map((digit) => digit ?? "").join("") : (value.token ?? "")),
    password: (value.password ?? "").trim(),
  }))
  .superRefine((value, ctx) => {
    if (value.token === "" || value.password === "") {
      ctx.addIssue({ code: "custom", message: key("token.missing") });
      return;
    }
    if (!isToken(value.token)) {
      ctx.addIssue({ code: "custom", path: ["token"], message: key("token.badToken") });
    }
    if (!new RegExp(`^\\d{1,${TOKEN_PASSWORD_MAX}}$`).test(value.password)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: key("token.badPassword") });
    }
  });
