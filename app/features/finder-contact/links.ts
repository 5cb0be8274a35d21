// Where "I found this" lives: the form of one owner's item, and how the owner-found view links to
// it. Browser-safe (no server code), so the dialog can import it.
import type { SearchQuery } from "~/features/finder/search-input";

export const CONTACT_PATH = "/contact-owner";

/**
 * The form for the item the finder just searched. `visit` is the signed ticket of the search the
 * page logged (location-ticket.server.ts), so sending the form marks that visit 'messaged'.
 */
export function contactOwnerHref(query: SearchQuery, visit: string | null): string {
  const params = new URLSearchParams({ type: query.type, number: query.number });
  if (visit) params.set("visit", visit);
  return `${CONTACT_PATH}?${params}`;
}

/** The owner's result again (the form's way back): the same search on /findowner. */
export function ownerResultHref(query: SearchQuery): string {
  return `/findowner?${new URLSearchParams({ type: query.type, number: query.number })}`;
}
