// Where "I found this" lives: the form of one owner's item, and how the owner-found view links to
// it. Browser-safe (no server code), so the dialog can import it.
import type { SearchQuery } from "~/features/finder/search-input";

export const CONTACT_PATH = "/contact-owner";

/**
 * The form for the item the finder just searched. The visit the search logged is in the finder's
 * cookie (features/finder/location-ticket.server.ts): sending the form marks that visit 'messaged'.
 */
export function contactOwnerHref(query: SearchQuery): string {
  return `${CONTACT_PATH}?${new URLSearchParams({ type: query.type, number: query.number })}`;
}

/** The owner's result again (the form's way back): the same search on /findowner. */
export function ownerResultHref(query: SearchQuery): string {
  return `/findowner?${new URLSearchParams({ type: query.type, number: query.number })}`;
}
