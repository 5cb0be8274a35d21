// The token and product forms of /token (spec 001 §5, "Token verification" and "Products"): one
// zod schema per form, used by the browser (instant messages) and the server. Issues are message
// keys of app/i18n/en.ts (sections token and product); the limits are the sticker rules.
import { z } from "zod";
import { containsProfanity } from "~/core/profanity";
import { isToken, PRODUCT_NAME_MAX, PRODUCT_RENAME_MAX, TOKEN_PASSWORD_MAX } from "~/features/stickers/rules";
import { key, type MessageKey } from "~/i18n/messages";

/** A checked message key, for a zod issue. */

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

export const removeTokenSchema = z.object({
  tokenId: z.string({ error: key("token.chooseToken") }).min(1, key("token.chooseToken")),
});

function productName(max: number, tooLong: MessageKey) {
  return z
    .string({ error: key("product.missingName") })
    .transform((value) => value.replace(/<[^>]*>/g, "").replace(/[<>]/g, "").trim())
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: key("product.missingName") });
      else if (value.length > max) ctx.addIssue({ code: "custom", message: tooLong });
      else if (containsProfanity(value)) ctx.addIssue({ code: "custom", message: key("common.nsfw") });
    });
}

export const addProductSchema = z.object({
  name: productName(PRODUCT_NAME_MAX, "product.nameTooLong"),
  token: z.string({ error: key("product.tokenRequired") }).refine(isToken, key("product.invalidToken")),
});

export const renameProductSchema = z.object({
  productId: z.string({ error: key("product.renameFailed") }),
  name: productName(PRODUCT_RENAME_MAX, "product.renameTooLong"),
});

export const deleteProductSchema = z.object({
  productId: z.string({ error: key("product.deleteFailed") }),
});
