// What the finder pages (/, /about, /findowner) share between server and browser: the shape of
// their loader and action data, and when their data reloads.
import type { SubmissionResult } from "@conform-to/react";
import type { Message, Translator } from "~/i18n/messages";
import type { PublicProfile } from "~/features/finder/public-profile";
import type { SearchQuery, SearchType } from "~/features/finder/search-input";
import type { LostNotice } from "~/features/lost-found/lost-mode";
import type { RouteHandle } from "~/core/route-handle";

export type FinderAlert = Message;

/** What the unlock form unlocks on an owner's profile, and what it asks for. */
export type UnlockOffer = {
  mode: UnlockMode;
  /** The owner shares contact details with this (signed-in) finder once they unlock. */
  contacts: boolean;
  /**
   * Said before the finder types: the profile's digits are switched off ("useToken"), this client
   * is locked out of the digits ("locked", the full token still works) or of everything
   * ("tokenLocked", no form). Keys of the `unlock` messages.
   */
  notice?: "useToken" | "locked" | "tokenLocked";
};

/**
 * What the owner shares with a signed-in finder who unlocked their profile (Settings: "Show
 * e-mail", "Show mobile number"). Never sent to an anonymous finder.
 */
import type { Tweet } from "./contact-links";

export type SharedContacts = { email: string | null; mobile: string | null };

export type FinderSearchResult = {
  profile: PublicProfile;
  /**
   * Make a Tweet is offered (the owner has an X username); it cites the metro card only when the
   * finder searched by it. The text itself is written in the finder's language by the page.
   */
  tweet: Tweet | null;
  /** The search was logged as a visit (its ticket is in the finder's cookie): "Share my location" is offered. */
  visit: boolean;
  query: SearchQuery;
  demoUnmasked: boolean;
  /** Absent when there is nothing to unlock. */
  unlock?: UnlockOffer;
  /** Lost mode: the owner reported this item lost (shown first). */
  lost?: LostNotice | null;
};

export type FinderLoaderData = {
  /** What the search form shows. */
  form: { type: SearchType; number: string };
  /** conform's reply: field errors of the search, as SEARCH_MESSAGES keys. */
  lastResult: SubmissionResult<string[]> | null;
  alert: FinderAlert | null;
  search: FinderSearchResult | null;
};

/**
 * What the unlock form asks for: the 4 digits, or (once a profile has had too many wrong digits,
 * see features/finder/rules.ts) the full token printed on the sticker.
 */
export type UnlockMode = "digits" | "token";

export type FinderActionData =
  | { unlock: { ok: true; profile: PublicProfile; sharedContacts: SharedContacts | null } }
  | { unlock: { ok: false; message: string; mode: UnlockMode } };

/**
 * After an unlock (a POST) the page's data stays as it is: reloading it would count as another
 * search. Other navigations reload as usual.
 */
export function finderShouldRevalidate({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) {
  if (formMethod && formMethod.toUpperCase() === "POST") return false;
  return defaultShouldRevalidate;
}

/**
 * A finder page's meta: its title and description, or — on a search result, which is a finder's
 * page in the finder's language — the finder's own, with `noindex`, so an owner's name stays off
 * search engines' indexes.
 */
export function finderMeta(data: { search?: unknown } | undefined, page: { title: string; description: string }, { t }: Translator) {
  if (!data?.search) return [{ title: page.title }, { name: "description", content: page.description }];
  return [
    { title: t("search.metaTitle") },
    { name: "description", content: t("search.metaDescription") },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * The handle of /, /about and /findowner: a search result is a lean page that is not hydrated
 * (root.tsx); the landing pages themselves hydrate once loaded (decision 019).
 */
export const finderHandle: RouteHandle = {
  hydrate: "on-load",
  // The same for every anonymous visitor in a language: the landing page (kept for a while), a
  // search result (kept by what it shows: features/finder/scan-page.server.ts).
  keep: (loaderData) => {
    const search = (loaderData as FinderLoaderData | undefined)?.search;
    return search ? JSON.stringify(search) : "";
  },
  resultPage: (loaderData) => Boolean((loaderData as { search?: unknown } | undefined)?.search),
};
