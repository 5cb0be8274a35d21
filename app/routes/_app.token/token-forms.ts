// The token and product forms of /token (spec 001 §5, "Token verification" and "Products"): one
// zod schema per form, used by the browser (instant messages) and the server. Verify Token's
// schema is features/stickers/claim.ts (shared with /found). Issues are message
// keys of app/i18n/en.ts (sections token and product); the limits are the sticker rules.
import { z } from "zod";
import { containsProfanity } from "~/core/profanity";
import { isToken, LOCK_SCREEN_LINE_MAX, lineHasOnlyCardCharacters, PRODUCT_NAME_MAX, PRODUCT_RENAME_MAX } from "~/features/stickers/rules";
import { key, type MessageKey } from "~/i18n/messages";

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

/**
 * The owner's line on their lock-screen cards: tags stripped, trimmed, at most LOCK_SCREEN_LINE_MAX
 * characters the card's font can draw, no profanity. Empty means the default line (null).
 */
export const lockScreenLineSchema = z.object({
  line: z
    .string()
    .optional()
    .transform((value) => (value ?? "").replace(/<[^>]*>/g, "").replace(/[<>]/g, "").replace(/\s+/g, " ").trim())
    .superRefine((value, ctx) => {
      if ([...value].length > LOCK_SCREEN_LINE_MAX) ctx.addIssue({ code: "custom", message: key("token.lineTooLong") });
      else if (!lineHasOnlyCardCharacters(value)) ctx.addIssue({ code: "custom", message: key("token.lineCharacters") });
      else if (containsProfanity(value)) ctx.addIssue({ code: "custom", message: key("common.nsfw") });
    })
    .transform((value) => value || null),
});
