// The finder search input: what a search form or a search URL may say, and which message (a key of
// the `finder` messages in app/i18n/en.ts) answers each mistake. One zod schema serves the browser (instant messages, conform) and the server.
// zod/mini keeps the finder pages' JavaScript small (classic zod alone is ~33 KB compressed).
import { parse, type Submission } from "@conform-to/react";
import * as z from "zod/mini";
import { messageOf, type Locale, type Message, type MessageKey } from "~/i18n/messages";
import { isMetroCardNumber, METRO_CARD_MAX, METRO_CARD_MIN } from "~/features/owner/rules";
import { isToken, TOKEN_LENGTH } from "~/features/stickers/rules";

import { SEARCH_TYPES, type SearchType } from "./search-number";

// The typing helpers live in search-number.ts, which the result page's script imports without zod.
export { formatToken, keepDigits, SEARCH_TYPES, type SearchType } from "./search-number";

/** The labels of the two types (message keys: "Metro Card", "Other Products" in English). */
export const SEARCH_TYPE_LABELS: Record<SearchType, MessageKey> = {
  metrocard: "search.typeMetroCard",
  tagbacktoken: "search.typeToken",
};

/** How search_history names the two types (the spec's wire values). */
export const SEARCH_TYPE_COLUMN = { metrocard: "metro_card", tagbacktoken: "tagback_token" } as const;

/** Field errors of the search are keys of the `finder` messages (app/i18n/en.ts). */
type SearchMessageKey = "emptyMetroCard" | "emptyToken" | "shortMetroCard" | "shortToken" | "missing" | "badMetroCard" | "badToken";

/** The message of a search field error, whatever string the schema's issue carried, in `locale`. */
export function searchMessage(issue: string | undefined, locale?: Locale): Message {
  return messageOf(issue, "finder.failed", locale);
}

/** The server accepts a number typed with spaces or hyphens (a token reads 1234-5678-9012). */
export function normalizeNumber(value: string | null | undefined): string {
  return (value ?? "").replace(/[\s-]/g, "");
}

/** The second check alone: the rules a number must meet before any lookup. */
function secondCheck(type: SearchType, number: string): SearchMessageKey | null {
  if (number === "") return "missing";
  if (type === "metrocard") return isMetroCardNumber(number) ? null : "badMetroCard";
  return isToken(number) ? null : "badToken";
}

/** The first check (what the form tells a finder on click), then the second. */
function formCheck(type: SearchType, number: string): SearchMessageKey | null {
  if (number === "") return type === "metrocard" ? "emptyMetroCard" : "emptyToken";
  if (/^\d+$/.test(number)) {
    if (type === "metrocard" && number.length < METRO_CARD_MIN) return "shortMetroCard";
    if (type === "tagbacktoken" && number.length < TOKEN_LENGTH) return "shortToken";
  }
  return secondCheck(type, number);
}

const searchFields = z.object({
  type: z.enum(SEARCH_TYPES),
  number: z.optional(z.string()),
});

function checked(check: (type: SearchType, number: string) => SearchMessageKey | null) {
  return z.pipe(
    searchFields.check(
      z.superRefine((value, ctx) => {
        const problem = check(value.type, normalizeNumber(value.number));
        if (problem) ctx.addIssue({ code: "custom", path: ["number"], message: `finder.${problem}` });
      }),
    ),
    z.transform((value): SearchQuery => ({ type: value.type, number: normalizeNumber(value.number) })),
  );
}

/**
 * The search form (`type` + `number`): first check, then second. Field errors are message keys
 * ("finder.badToken") on `number`. Used by the browser and by the loader for form and
 * `?type=&number=` searches.
 */
export const searchFormSchema = checked(formCheck);

/** A token from a sticker URL (`t`, `token`, `owner`): only the second check applies. */
export const urlTokenSchema = checked(secondCheck);

/** conform's submission for a schema: the same call in the browser and on the server. */
export function parseSearch(
  payload: FormData | URLSearchParams,
  schema: typeof searchFormSchema = searchFormSchema,
): Submission<SearchQuery, string[]> {
  return parse(payload, {
    resolve(value) {
      const result = z.safeParse(schema, value);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = issue.path.join(".");
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}

export type SearchQuery = { type: SearchType; number: string };

/** What a finder page's URL asks for. */
export type SearchRequest =
  | { kind: "none" }
  | { kind: "invalid-type" }
  | { kind: "demo"; location: string }
  /** `type`+`number` or the form: both checks. `fields` is what conform parses. */
  | { kind: "form"; fields: URLSearchParams }
  /** `t`, `token` or `owner`: a sticker scan. */
  | { kind: "sticker"; fields: URLSearchParams };

const TYPE_ALIASES: Record<string, SearchType> = {
  metrocard: "metrocard",
  tagbacktoken: "tagbacktoken",
  token: "tagbacktoken",
};

/** Reads the search parameters of /, /about and /findowner (spec 000 §5, "URL parameters"). */
export function readSearchRequest(params: URLSearchParams): SearchRequest {
  const demo = params.get("demo");
  if (demo !== null) return { kind: "demo", location: demo.trim().toLowerCase() };
  for (const name of ["t", "token", "owner"]) {
    const value = params.get(name);
    if (value !== null) return { kind: "sticker", fields: new URLSearchParams({ type: "tagbacktoken", number: value }) };
  }
  const rawType = params.get("type");
  if (rawType === null) return { kind: "none" };
  const type = TYPE_ALIASES[rawType.trim().toLowerCase()];
  if (!type) return { kind: "invalid-type" };
  return { kind: "form", fields: new URLSearchParams({ type, number: params.get("number") ?? "" }) };
}
