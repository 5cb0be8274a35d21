// What a lock-screen card request asks for (GET /token/{TOKEN}/lock-screen.png): a size and a
// style. The /token form sends `size=WxH` for an offered size, or `size=custom` with `width` and
// `height`; a link may name any size as `WxH`. Refusals are message keys (section token of
// app/i18n/en.ts), each with the field it is about: the /token form shows them in the form, the
// PNG route answers a link with their text.
import type { MessageKey } from "~/i18n/messages";
import {
  LOCK_SCREEN_CUSTOM,
  LOCK_SCREEN_SIZES,
  LOCK_SCREEN_STYLES,
  type LockScreenStyle,
} from "./rules.ts";

export type LockScreenRequest = { width: number; height: number; style: LockScreenStyle };
/** The fields of a card request as typed (absent or empty when not given). */
export type CardFields = { size?: string | null; style?: string | null; width?: string | null; height?: string | null };
/** A reason to refuse, and the field it is about (null: the size as a whole). */
export type CardProblem = { field: keyof CardFields | null; key: MessageKey };
export type LockScreenParse = { ok: true; value: LockScreenRequest } | { ok: false; problems: CardProblem[] };

/** "1080x2400" */
export const sizeValue = ({ width, height }: { width: number; height: number }) => `${width}x${height}`;

const { minWidth, maxWidth, minHeight, maxHeight, minRatio, maxRatio } = LOCK_SCREEN_CUSTOM;

function whole(value: string | null | undefined): number | null {
  return value && /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** Why `width` × `height` cannot be a custom size, each reason on `width`, `height` or the size as a whole. */
function customSizeProblems(width: number | null, height: number | null): Array<{ on: "width" | "height" | null; key: MessageKey }> {
  const widthFits = width !== null && width >= minWidth && width <= maxWidth;
  const heightFits = height !== null && height >= minHeight && height <= maxHeight;
  const problems: Array<{ on: "width" | "height" | null; key: MessageKey }> = [];
  if (!widthFits) problems.push({ on: "width", key: "token.cardWidth" });
  if (!heightFits) problems.push({ on: "height", key: "token.cardHeight" });
  if (widthFits && heightFits && (height / width < minRatio || height / width > maxRatio)) problems.push({ on: null, key: "token.cardRatio" });
  return problems;
}

export function readCardRequest(fields: CardFields): LockScreenParse {
  const problems: CardProblem[] = [];
  const style = LOCK_SCREEN_STYLES.find((one) => one === (fields.style || "light"));
  if (!style) problems.push({ field: "style", key: "token.cardStyle" });

  const size = (fields.size || sizeValue(LOCK_SCREEN_SIZES[0])).trim().toLowerCase();
  let width: number | null = null;
  let height: number | null = null;
  if (size === "custom") {
    width = whole(fields.width);
    height = whole(fields.height);
    problems.push(...customSizeProblems(width, height).map(({ on, key }) => ({ field: on, key })));
  } else {
    const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
    if (match) [width, height] = [Number(match[1]), Number(match[2])];
    const offered = LOCK_SCREEN_SIZES.some((one) => one.width === width && one.height === height);
    // A size named as WxH (a link) is one value: its reasons are all about `size`.
    if (!match) problems.push({ field: "size", key: "token.cardSize" });
    else if (!offered) problems.push(...customSizeProblems(width, height).map(({ key }) => ({ field: "size" as const, key })));
  }
  if (problems.length > 0 || !style || width === null || height === null) return { ok: false, problems };
  return { ok: true, value: { width, height, style } };
}

/** A card request from a link's query. */
export function parseLockScreenRequest(params: URLSearchParams): LockScreenParse {
  return readCardRequest({ size: params.get("size"), style: params.get("style"), width: params.get("width"), height: params.get("height") });
}

/** Where the card of `token` is drawn (what the /token form leads to). */
export function lockScreenCardPath(token: string, { width, height, style }: LockScreenRequest): string {
  return `/token/${token}/lock-screen.png?size=${sizeValue({ width, height })}&style=${style}`;
}
