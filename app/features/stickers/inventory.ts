// The sticker inventory's states and page size, shared by the server queries and the page.

/** unclaimed; claimed and verified; claimed but not verified yet. */
export const TOKEN_STATES = ["unclaimed", "verified", "unverified"] as const;
export type TokenState = (typeof TOKEN_STATES)[number];
/** Tokens per page of /admin/stickers. */
export const INVENTORY_PAGE_SIZE = 50;

export function isTokenState(value: unknown): value is TokenState {
  return typeof value === "string" && (TOKEN_STATES as readonly string[]).includes(value);
}
