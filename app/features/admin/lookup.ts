// The lookup form's input (a GET form, so a lookup is a URL: /admin/lookup?type=token&number=…),
// checked on the server. Errors are message keys of the `admin` area (app/i18n/en.ts).
import { normalizeNumber } from "~/features/finder/search-input";
import { isMetroCardNumber } from "~/features/owner/rules";
import { isToken } from "~/features/stickers/rules";
import type { MessageKey } from "~/i18n/messages";
import { LOOKUP_KINDS, type LookupKind } from "./rules";

export type LookupInput =
  | { status: "empty" }
  | { status: "invalid"; kind: LookupKind; number: string; error: MessageKey }
  | { status: "valid"; kind: LookupKind; number: string };

function isKind(value: string): value is LookupKind {
  return (LOOKUP_KINDS as readonly string[]).includes(value);
}

/** Reads `type` and `number`; a number is accepted with spaces or hyphens (1234-5678-9012). */
export function readLookup(params: URLSearchParams): LookupInput {
  const rawType = params.get("type");
  const rawNumber = params.get("number");
  if (rawType === null && rawNumber === null) return { status: "empty" };
  const kind = isKind(rawType ?? "") ? (rawType as LookupKind) : "token";
  const number = normalizeNumber(rawNumber).slice(0, 64);
  if (!isKind(rawType ?? "")) return { status: "invalid", kind, number, error: "admin.badKind" };
  if (kind === "token" && !isToken(number)) return { status: "invalid", kind, number, error: "admin.badToken" };
  if (kind === "metrocard" && !isMetroCardNumber(number)) return { status: "invalid", kind, number, error: "admin.badMetroCard" };
  return { status: "valid", kind, number };
}
