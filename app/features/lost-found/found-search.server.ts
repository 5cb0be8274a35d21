// The loader behind the owner search on /found and the 'Found an Item' tab of /lost-found: these
// screens' own checks and messages, the finder's search limit, then the public finder's own
// loader (the same lookup, logging, lost mode and owner dialog), and — on /found — whether the
// signed-in user may claim the unclaimed token they just searched ('Token Claimed').
import { data, type RouterContextProvider } from "react-router";
import { dbContext, requestInfoContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { consume } from "~/core/rate-limit.server";
import { SEARCH_LIMIT } from "~/features/finder/rules";
import type { FinderLoaderData } from "~/features/finder/finder";
import { finderLoader } from "~/features/finder/finder-route.server";
import { readSearchRequest, type SearchType } from "~/features/finder/search-input";
import { isClaimableBy } from "~/features/stickers/claim.server";
import { messageIn } from "~/i18n/messages";
import { localeContext } from "~/middleware/i18n";
import { userContext } from "~/middleware/session";
import { parseFoundSearch, type FoundVariant } from "./found-search";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export type FoundSearchData = {
  finder: FinderLoaderData;
  /** A token nobody holds that this user searched: the claim form replaces the owner dialog. */
  claim: { token: string } | null;
};

const EMPTY: FinderLoaderData = { form: { type: "metrocard", number: "" }, lastResult: null, alert: null, search: null };

export async function foundSearchLoader(args: Args, variant: FoundVariant) {
  const { request, context } = args;
  const url = new URL(request.url);
  const searchRequest = readSearchRequest(url.searchParams);
  if (searchRequest.kind === "none") return data<FoundSearchData>({ finder: EMPTY, claim: null });

  if (searchRequest.kind === "form") {
    const submission = parseFoundSearch(searchRequest.fields, variant);
    if (submission.status !== "success") {
      const form = { type: (searchRequest.fields.get("type") ?? "metrocard") as SearchType, number: searchRequest.fields.get("number") ?? "" };
      return data<FoundSearchData>({ finder: { ...EMPTY, form, lastResult: submission.reply() }, claim: null }, { status: 400, headers: NO_STORE });
    }
  }

  const db = context.get(dbContext);
  // The public finder pages count their searches in front of the router (search-gate.server.ts);
  // these pages count here. A page rendered after a POST (an unlock) is a re-read, not a search.
  if (request.method === "GET" && searchRequest.kind !== "invalid-type") {
    const { allowed, retryAfterSeconds } = await consume(db, SEARCH_LIMIT, context.get(requestInfoContext).clientKey);
    if (!allowed) {
      return data<FoundSearchData>(
        { finder: { ...EMPTY, alert: messageIn(context.get(localeContext), "finder.tooManySearches") }, claim: null },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(retryAfterSeconds) } },
      );
    }
  }

  const result = await finderLoader(args);
  const finder: FinderLoaderData = result.data;
  const search = finder.search;
  const userId = context.get(userContext)?.id;
  const claimable =
    variant === "found" &&
    userId !== undefined &&
    search !== null &&
    search.query.type === "tagbacktoken" &&
    search.profile.kind !== "owner" &&
    search.profile.kind !== "demo" &&
    (await isClaimableBy(db, userId, search.query.number));
  return data<FoundSearchData>({ finder, claim: claimable ? { token: search.query.number } : null }, result.init ?? undefined);
}
