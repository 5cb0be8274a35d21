// What a lock-screen card request asks for (GET /token/{TOKEN}/lock-screen.png): a size and a
// style. The /token form sends `size=WxH` for an offered size, or `size=custom` with `width` and
// `height` (a plain GET form cannot join two fields into one); a link may name any size as `WxH`.
// Refusals are the texts the 400 answers with.
import {
  LOCK_SCREEN_CUSTOM,
  LOCK_SCREEN_SIZES,
  LOCK_SCREEN_STYLES,
  type LockScreenStyle,
} from "./rules.ts";

export type LockScreenRequest = { width: number; height: number; style: LockScreenStyle };
export type LockScreenParse = { ok: true; value: LockScreenRequest } | { ok: false; error: string };

/** "1080x2400" */
export const sizeValue = ({ width, height }: { width: number; height: number }) => `${width}x${height}`;

const { minWidth, maxWidth, minHeight, maxHeight, minRatio, maxRatio } = LOCK_SCREEN_CUSTOM;
export const CUSTOM_SIZE_RULE = `a custom size is ${minWidth}–${maxWidth} pixels wide and ${minHeight}–${maxHeight} tall, portrait (${minRatio} to ${maxRatio} times as tall as wide)`;

function whole(value: string | null): number | null {
  return value !== null && /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : null;
}

export function parseLockScreenRequest(params: URLSearchParams): LockScreenParse {
  const styleParam = params.get("style") ?? "light";
  const style = LOCK_SCREEN_STYLES.find((one) => one === styleParam);
  if (!style) return { ok: false, error: `Unknown style: choose ${LOCK_SCREEN_STYLES.join(" or ")}.` };

  const size = (params.get("size") ?? sizeValue(LOCK_SCREEN_SIZES[0])).trim().toLowerCase();
  let width: number | null;
  let height: number | null;
  if (size === "custom") {
    width = whole(params.get("width"));
    height = whole(params.get("height"));
  } else {
    const match = /^(\d{1,5})x(\d{1,5})$/.exec(size);
    width = match ? Number(match[1]) : null;
    height = match ? Number(match[2]) : null;
  }
  if (width === null || height === null) return { ok: false, error: "Give the size as width x height in pixels, e.g. 1080x2400." };
  const offered = LOCK_SCREEN_SIZES.some((one) => one.width === width && one.height === height);
  const ratio = height / width;
  const sane =
    width >= minWidth && width <= maxWidth && height >= minHeight && height <= maxHeight && ratio >= minRatio && ratio <= maxRatio;
  if (!offered && !sane) return { ok: false, error: `Size ${width} × ${height} is not possible: ${CUSTOM_SIZE_RULE}.` };
  return { ok: true, value: { width, height, style } };
}
