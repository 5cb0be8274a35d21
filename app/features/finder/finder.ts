// What the finder pages (/, /about, /findowner) share between server and browser: the shape of
// their loader and action data, and when their data reloads.
import type { SubmissionResult } from "@conform-to/react";
import type { Message } from "~/i18n/messages";
import type { PublicProfile } from "~/features/finder/public-profile";
import type { SearchQuery, SearchType } from "~/features/finder/search-input";

export type FinderAlert = Message;

export type FinderSearchResult = {
  profile: PublicProfile;
  /** The tweet text cites the metro card only when the finder searched by it. */
  tweetText: string | null;
  /** Lets this client add its browser position to the search it just made. */
  locationTicket: string | null;
  query: SearchQuery;
  demoUnmasked: boolean;
};

export type FinderLoaderData = {
  /** What the search form shows. */
  form: { type: SearchType; number: string };
  /** conform's reply: field errors of the search, as SEARCH_MESSAGES keys. */
  lastResult: SubmissionResult<string[]> | null;
  alert: FinderAlert | null;
  search: FinderSearchResult | null;
};

export type FinderActionData =
  | { unlock: { ok: true; profile: PublicProfile } }
  | { unlock: { ok: false; message: string } };

/**
 * After an unlock (a POST) the page's data stays as it is: reloading it would count as another
 * search. Other navigations reload as usual.
 */
export function finderShouldRevalidate({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) {
  if (formMethod && formMethod.toUpperCase() === "POST") return false;
  return defaultShouldRevalidate;
}

/**
 * A finder page's meta: its title and description, and `noindex` when the page shows a search
 * result, so an owner's name stays off search engines' indexes.
 */
export function finderMeta(data: { search?: unknown } | undefined, page: { title: string; description: string }) {
  return [
    { title: page.title },
    { name: "description", content: page.description },
    ...(data?.search ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
