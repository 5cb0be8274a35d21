// The token and product forms of /token (spec 001 §5, "Token verification" and "Products"): one
// zod schema per form, used by the browser (instant messages) and the server. Every title and
// text the page shows is here.
import { z } from "zod";
import { containsProfanity, NSFW_MESSAGE } from "~/core/profanity";

export const TOKEN_DIGITS = 12;
export const TOKEN_PASSWORD_MAX = 10;
export const MAX_PRODUCTS = 5;
export const PRODUCT_NAME_MAX = 12;
export const PRODUCT_RENAME_MAX = 100;

export const TOKEN_MESSAGES = {
  missing: { title: "Missing Information", description: "Please enter 12-digit token and password." },
  badToken: { title: "Verification Error", description: "The token must be exactly 12 digits." },
  badPassword: { title: "Verification Error", description: "The password must be digits only, at most 10." },
  verified: { title: "Token Verified", description: "The token is now registered to you." },
  unknown: { title: "Verification Error", description: "This token does not exist." },
  taken: { title: "Verification Error", description: "This token is already registered to another user." },
  wrong: { title: "Verification Error", description: "Please check your token and password and try again." },
  alreadyYours: { title: "Verification Error", description: "This token is already registered to you." },
  locked: {
    title: "Verification Error",
    description: "Too many wrong passwords. Token verification is locked for 24 hours.",
  },
  removed: { title: "Token removed", description: "Anyone with its password can claim it now." },
  removeFailed: { title: "Error removing token", description: "This token is not registered to you." },
  removeInUse: {
    title: "Error removing token",
    description: "Products are registered on this token. Delete them first, then remove the token.",
  },
} as const;

export const PRODUCT_MESSAGES = {
  missingName: { title: "Missing Information", description: "Please enter a product name." },
  nameTooLong: { title: "Error Adding Product", description: `Product name must be at most ${PRODUCT_NAME_MAX} characters.` },
  tokenRequired: { title: "Token Required", description: "Please choose one of your verified tokens." },
  invalidToken: { title: "Invalid Token", description: "Choose one of your verified tokens." },
  limit: { title: "Limit Reached", description: "You can only register up to 5 products." },
  added: { title: "Product Added" },
  renamed: { title: "Product Renamed" },
  renameTooLong: { title: "Rename Failed", description: `Product name must be at most ${PRODUCT_RENAME_MAX} characters.` },
  renameFailed: { title: "Rename Failed", description: "This product is not yours." },
  deleted: { title: "Product Deleted" },
  deleteFailed: { title: "Delete Failed", description: "This product is not yours." },
  nsfw: NSFW_MESSAGE,
} as const;

const ALL = [...Object.values(TOKEN_MESSAGES), ...Object.values(PRODUCT_MESSAGES)];

/** The title that goes with a message text, for the alert above a form. */
export function titleFor(description: string, fallback = "Error"): string {
  return ALL.find((message) => "description" in message && message.description === description)?.title ?? fallback;
}

/** Tags stripped, then only the digits (a pasted "1234-5678-9012" is fine). */
export function tokenDigits(value: string): string {
  return value.replace(/<[^>]*>/g, "").replace(/\D/g, "");
}

/**
 * Verify Token. Without JavaScript the token is one field; with it, twelve one-digit boxes of the
 * same name, which arrive as a list and are joined here.
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
      ctx.addIssue({ code: "custom", message: TOKEN_MESSAGES.missing.description });
      return;
    }
    if (value.token.length !== TOKEN_DIGITS) {
      ctx.addIssue({ code: "custom", path: ["token"], message: TOKEN_MESSAGES.badToken.description });
    }
    if (!new RegExp(`^\\d{1,${TOKEN_PASSWORD_MAX}}$`).test(value.password)) {
      ctx.addIssue({ code: "custom", path: ["password"], message: TOKEN_MESSAGES.badPassword.description });
    }
  });

export const removeTokenSchema = z.object({ tokenId: z.string({ error: "Choose a token." }).min(1) });

function productName(max: number, tooLong: string) {
  return z
    .string({ error: PRODUCT_MESSAGES.missingName.description })
    .transform((value) => value.replace(/<[^>]*>/g, "").replace(/[<>]/g, "").trim())
    .superRefine((value, ctx) => {
      if (value === "") ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.missingName.description });
      else if (value.length > max) ctx.addIssue({ code: "custom", message: tooLong });
      else if (containsProfanity(value)) ctx.addIssue({ code: "custom", message: NSFW_MESSAGE.description });
    });
}

export const addProductSchema = z.object({
  name: productName(PRODUCT_NAME_MAX, PRODUCT_MESSAGES.nameTooLong.description),
  token: z
    .string({ error: PRODUCT_MESSAGES.tokenRequired.description })
    .regex(new RegExp(`^\\d{${TOKEN_DIGITS}}$`), PRODUCT_MESSAGES.invalidToken.description),
});

export const renameProductSchema = z.object({
  productId: z.string({ error: PRODUCT_MESSAGES.renameFailed.description }),
  name: productName(PRODUCT_RENAME_MAX, PRODUCT_MESSAGES.renameTooLong.description),
});

export const deleteProductSchema = z.object({
  productId: z.string({ error: PRODUCT_MESSAGES.deleteFailed.description }),
});
