// The owner search on /found and in the 'Found an Item' tab of /lost-found (spec 001 §5 "Found
// search"): the same fields as the public finder (`type`, `number`), checked by the same rules, with
// these screens' own messages (section found of app/i18n/en.ts). One parser for the browser
// (instant messages) and the server.
import { parse, type Submission } from "@conform-to/react";
import { normalizeNumber, SEARCH_TYPES, type SearchQuery, type SearchType } from "~/features/finder/search-input";
import { isMetroCardNumber } from "~/features/owner/rules";
import { isToken } from "~/features/stickers/rules";
import type { MessageKey } from "~/i18n/messages";

/** /found names the rule that failed; the tab of /lost-found says both rules at once. */
export type FoundVariant = "found" | "lostFound";

export function foundSearchProblem(variant: FoundVariant, type: SearchType, number: string): MessageKey | null {
  if (number === "") return "found.missing";
  const valid = type === "metrocard" ? isMetroCardNumber(number) : isToken(number);
  if (valid) return null;
  if (variant === "lostFound") return "found.badEither";
  return type === "metrocard" ? "found.badMetroCard" : "found.badToken";
}

function isSearchType(value: unknown): value is SearchType {
  return typeof value === "string" && (SEARCH_TYPES as readonly string[]).includes(value);
}

/** conform's submission of the search fields: errors are message keys on `number`. */
export function parseFoundSearch(payload: FormData | URLSearchParams, variant: FoundVariant): Submission<SearchQuery, string[]> {
  return parse(payload, {
    resolve(value): { value?: SearchQuery; error?: Record<string, string[]> } {
      const fields = value as { type?: unknown; number?: unknown };
      if (!isSearchType(fields.type)) return { error: { type: ["finder.invalidType"] } };
      const number = normalizeNumber(typeof fields.number === "string" ? fields.number : "");
      const problem = foundSearchProblem(variant, fields.type, number);
      if (problem) return { error: { number: [problem] } };
      return { value: { type: fields.type, number } };
    },
  });
}

/**
 * After the owner dialog's unlock (a POST answered in place) the page's data stays as it is:
 * reloading it would count as another search. Every other post (a report, a claim, a photo)
 * redirects, and the page reloads as usual.
 */
export function foundShouldRevalidate({ formData, defaultShouldRevalidate }: { formData?: FormData; defaultShouldRevalidate: boolean }) {
  if (formData?.get("intent") === "unlock") return false;
  return defaultShouldRevalidate;
}
