// The token, product and printables forms of /token (spec 001 §5, "Token verification" and
// "Products"; decision 027): one zod schema per form, used by the browser (instant messages) and the
// server. Verify Token's schema is features/stickers/claim.ts (shared with /found). Issues are message
// keys of app/i18n/en.ts (sections token and product); the limits are the sticker rules.
import { z } from "zod";
import { containsProfanity } from "~/core/profanity";
import { readCardRequest } from "~/features/stickers/lock-screen";
import {
  isToken,
  LOCK_SCREEN_LINE_MAX,
  lineHasOnlyCardCharacters,
  PRODUCT_NAME_MAX,
  PRODUCT_RENAME_MAX,
  REPRINT_FORMATS,
  REPRINT_MAX_LABELS,
  reprintCopiesOf,
} from "~/features/stickers/rules";
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

/**
 * A lock-screen card of one of the owner's tokens: the size and style the PNG route reads
 * (features/stickers/lock-screen.ts), checked here so that a refusal stays in the form.
 */
export const lockScreenCardSchema = z
  .object({
    token: z.string({ error: key("token.chooseToken") }).refine(isToken, key("token.chooseToken")),
    size: z.string().optional(),
    style: z.string().optional(),
    width: z.string().optional(),
    height: z.string().optional(),
  })
  .transform(({ token, ...fields }, ctx) => {
    const card = readCardRequest(fields);
    if (card.ok) return { token, ...card.value };
    for (const { field, key: message } of card.problems) ctx.addIssue({ code: "custom", message, path: field ? [field] : [] });
    return z.NEVER;
  });

/** Reprint my stickers: copies of each of the owner's `tokenCount` verified tokens, within one sheet's labels. */
export function reprintSchema(tokenCount: number) {
  return z.object({
    copies: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const copies = reprintCopiesOf(raw);
        if (copies === null) ctx.addIssue({ code: "custom", message: key("token.badCopies") });
        else if (copies * tokenCount > REPRINT_MAX_LABELS) ctx.addIssue({ code: "custom", message: key("token.tooManyLabels") });
        return copies ?? z.NEVER;
      }),
    format: z.enum(REPRINT_FORMATS).default("pdf"),
  });
}
