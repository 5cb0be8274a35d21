// What a scanned QR code says (spec 001 §5 "QR content"): one parser for the camera scanner in the
// browser and the photo upload on the server, so both accept and refuse the same codes with the
// same messages (keys of the `qr` section of app/i18n/en.ts).
//
// A Tagback sticker holds `APP_URL/?t=TOKEN`. Accepted: a URL on our own host (APP_URL's host and
// port; the scheme may differ, so an http:// print of an https:// site still works) whose query
// has `token`, `t` or `owner` (a token), or else `type` (tagbacktoken, token or metrocard, in any
// case) with `number`. The number is not checked here: the search that follows checks it with
// its own messages, exactly as for a typed one.
import type { SearchQuery, SearchType } from "~/features/finder/search-input";
import type { MessageKey } from "~/i18n/messages";

export type QrContent = { ok: true; query: SearchQuery } | { ok: false; error: QrError };
export type QrError = Extract<MessageKey, `qr.${"notTagback" | "missing" | "unknownType" | "unparsable"}`>;

/** The query parameters that carry a token, in the order they are read. */
const TOKEN_PARAMS = ["token", "t", "owner"] as const;

/** A QR code's `type`, lower-cased, and the search it means. */
const QR_TYPES: Record<string, SearchType> = {
  tagbacktoken: "tagbacktoken",
  token: "tagbacktoken",
  metrocard: "metrocard",
};

function parseUrl(text: string): URL | null {
  try {
    return new URL(text.trim());
  } catch {
    return null;
  }
}

/**
 * Reads a decoded QR code. `appUrl` is the app's own origin (APP_URL), whose host the code must
 * name.
 */
export function parseQrContent(text: string, appUrl: string): QrContent {
  const url = parseUrl(text);
  const app = parseUrl(appUrl);
  if (!url || !app) return { ok: false, error: "qr.unparsable" };
  if (!/^https?:$/.test(url.protocol) || url.host !== app.host) return { ok: false, error: "qr.notTagback" };

  for (const name of TOKEN_PARAMS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) return { ok: true, query: { type: "tagbacktoken", number: value } };
  }
  const rawType = url.searchParams.get("type")?.trim().toLowerCase();
  const number = url.searchParams.get("number")?.trim();
  if (!rawType) return { ok: false, error: "qr.missing" };
  const type = QR_TYPES[rawType];
  if (!type) return { ok: false, error: "qr.unknownType" };
  if (!number) return { ok: false, error: "qr.missing" };
  return { ok: true, query: { type, number } };
}

/** The /found URL that searches what a QR code says. */
export function foundSearchPath(query: SearchQuery): string {
  return `/found?${new URLSearchParams({ type: query.type, number: query.number })}`;
}
