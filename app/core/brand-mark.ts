// Tagback's mark — a luggage tag with a QR corner — as shapes in a 32 × 32 box: drawn inline on
// pages (components/logo-mark.tsx) and on lock-screen cards (features/stickers), from one source.
export const BRAND_BLUE = "#1d5fd1";

export const BRAND_MARK = {
  size: 32,
  tag: "M4 9.5 11 3h17a1 1 0 0 1 1 1v24a1 1 0 0 1-1 1H11l-7-6.5z",
  hole: { cx: 10, cy: 16, r: 2.2 },
  modules: "M16 9h4v4h-4zM22 9h4v4h-4zM16 19h4v4h-4zM22 15h2v2h-2zM24 19h2v4h-2z",
} as const;
