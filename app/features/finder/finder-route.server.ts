// The loader and action behind the finder search on /, /about and /findowner. The search runs as
// part of rendering the page, so the owner's profile is in the first HTML a sticker scan returns.
import { isbot } from "isbot";
import { createContext, data, type RouterContextProvider } from "react-router";
import { consume } from "~/core/rate-limit.server";
import { requestInfoContext } from "~/core/context";
import {
  DEMO_METRO_CARD,
  DEMO_TOKEN,
  demoProfile,
  logDemoSearch,
  searchOwner,
  UNLOCK_MESSAGES,
  unlockBio,
  type SearchResult,
} from "~/features/finder/owner-search.server";
import type { FinderActionData, FinderLoaderData } from "~/features/finder/finder";
import {
  parseSearch,
  readSearchRequest,
  SEARCH_MESSAGES,
  searchFormSchema,
  urlTokenSchema,
  type SearchQuery,
  type SearchType,
} from "~/features/finder/search-input";
import { tweetTemplate } from "~/features/finder/contact-links";
import { readForm } from "~/core/read-form.server";

// Set by the unlock action so that, in the same request (a no-JavaScript POST renders the page),
// the loader neither spends a search nor logs one: the finder is reading, not searching again.
const unlockInProgress = createContext<boolean>(false);

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function finderLoader({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const url = new URL(request.url);
  const { clientIp } = context.get(requestInfoContext);
  const searchRequest = readSearchRequest(url.searchParams);
  const empty: FinderLoaderData = { form: { type: "metrocard", number: "" }, lastResult: null, alert: null, search: null };

  if (searchRequest.kind === "none") return data(empty);
  if (searchRequest.kind === "invalid-type") {
    return data({ ...empty, alert: SEARCH_MESSAGES.invalidType }, { status: 400, headers: NO_STORE });
  }

  let query: SearchQuery;
  if (searchRequest.kind === "demo") {
    query = { type: "tagbacktoken", number: DEMO_TOKEN };
  } else {
    const schema = searchRequest.kind === "sticker" ? urlTokenSchema : searchFormSchema;
    const submission = parseSearch(searchRequest.fields, schema);
    if (submission.status !== "success") {
      const form = {
        type: (searchRequest.fields.get("type") ?? "metrocard") as SearchType,
        number: searchRequest.fields.get("number") ?? "",
      };
      return data({ ...empty, form, lastResult: submission.reply() }, { status: 400, headers: NO_STORE });
    }
    query = submission.value;
  }

  const rereading = context.get(unlockInProgress);
  // The limit is counted before any lookup; a refused search renders no dialog.
  if (!rereading) {
    const { allowed, retryAfterSeconds } = await consume("search", clientIp);
    if (!allowed) {
      return data(
        { ...empty, form: query, alert: SEARCH_MESSAGES.tooManySearches },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(retryAfterSeconds) } },
      );
    }
  }

  const userAgent = request.headers.get("user-agent");
  const isBot = Boolean(userAgent && isbot(userAgent));
  const demoUnmasked = url.searchParams.get("unmasked") === "1";
  let result: SearchResult;
  if (searchRequest.kind === "demo" || (query.number === DEMO_TOKEN && query.type === "tagbacktoken")) {
    if (searchRequest.kind === "demo" && searchRequest.location && !isBot && !rereading) {
      await logDemoSearch(searchRequest.location, clientIp);
    }
    result = { profile: demoProfile({ unlocked: demoUnmasked }), tweetText: tweetTemplate("tagbackapp", DEMO_METRO_CARD), locationTicket: null };
  } else {
    // A re-render after an unlock is not a new search: pretend to be a bot so nothing is logged.
    result = await searchOwner(query, { ip: clientIp, isBot: isBot || rereading });
  }
  return data({ ...empty, form: query, search: { ...result, query, demoUnmasked } }, { headers: NO_STORE });
}

export async function finderAction({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  const formData = await readForm(request);
  if (formData.get("intent") !== "unlock") {
    return data<FinderActionData>({ unlock: { ok: false, message: "Unknown action." } }, { status: 400 });
  }
  const submission = parseSearch(formData);
  if (submission.status !== "success") {
    return data<FinderActionData>({ unlock: { ok: false, message: "Search again, then enter the digits." } }, { status: 400 });
  }
  // One 4-digit field without JavaScript, four 1-digit boxes with it.
  const typed = formData.has("digits") ? String(formData.get("digits")) : formData.getAll("digit").map(String).join("");
  const digits = typed.replace(/\D/g, "");
  (context as RouterContextProvider).set(unlockInProgress, true);
  const { clientIp } = context.get(requestInfoContext);
  const outcome = await unlockBio(submission.value, digits, clientIp);
  if (outcome.ok) return data<FinderActionData>({ unlock: { ok: true, profile: outcome.profile } }, { headers: NO_STORE });
  return data<FinderActionData>(
    { unlock: { ok: false, message: UNLOCK_MESSAGES[outcome.reason] } },
    { status: outcome.reason === "locked" ? 429 : 400, headers: NO_STORE },
  );
}

export function finderHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const name of ["Cache-Control", "Retry-After"]) {
      const value = source.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
}
