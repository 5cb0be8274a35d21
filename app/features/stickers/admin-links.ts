// Addresses and labels of the admin sticker pages (/admin/stickers and a batch's page), shared by their parts.
import type { TokenState } from "./inventory.ts";

export const STATE_LABELS: Record<TokenState, string> = {
  unclaimed: "Unclaimed",
  verified: "Claimed and verified",
  unverified: "Claimed, not verified",
};

export function inventoryHref(params: { state?: string | null; batch?: string | null; page?: number }) {
  const search = new URLSearchParams();
  if (params.state) search.set("state", params.state);
  if (params.batch) search.set("batch", params.batch);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return `/admin/stickers${query ? `?${query}` : ""}`;
}

/** A batch's own page: its minting progress, its passwords (once), its sheets. */
export const batchHref = (batchId: string) => `/admin/stickers/${encodeURIComponent(batchId)}`;
export const passwordsHref = (batchId: string) => `/admin/stickers/${encodeURIComponent(batchId)}/passwords.csv`;
export const sheetHref = (batchId: string, extension: "svg" | "pdf") => `/admin/stickers/${encodeURIComponent(batchId)}/sheet.${extension}`;
export const shortId = (id: string) => id.slice(0, 8);
