// The loader and action behind the finder search on /, /about and /findowner. The search runs as
// part of rendering the page, so the owner's profile is in the first HTML a sticker scan returns.
import { createContext, data, type RouterContextProvider } from "react-router";
import { dbContext, requestInfoContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { refusedSearchContext } from "./search-gate.server";
import { readForm } from "~/middleware/read-form.server";
import { userContext } from "~/middleware/session";
import { localeContext } from "~/middleware/i18n";
import { messageIn, type MessageKey } from "~/i18n/messages";
import { DEMO_TOKEN } from "./demo";
import { countSearch } from "./finder-metrics.server";
import type { FinderActionData, FinderLoaderData, UnlockMode } from "./finder";
import { lookedUpContext, searchOwner } from "./owner-search.server";
import { visitsCookieWith } from "./location-ticket.server";
import { logDemoSearch } from "./search-history.server";
import { isAutomatedRequest } from "./visitor";
import { parseSearch, readSearchRequest, searchFormSchema, urlTokenSchema, type SearchQuery, type SearchType } from "./search-input";
import { unlockBio, unlockModeAfter, type UnlockRefusal } from "./unlock.server";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

// Set by the unlock action so that, in the same request (a no-JavaScript POST renders the page),
// the loader neither spends a search nor logs one: the finder is reading, not searching again.
const rereadContext = createContext<boolean>(false);


export async function finderLoader({ request, context }: Args) {
  const url = new URL(request.url);
  const db = context.get(dbContext);
  const { clientIp, clientKey } = context.get(requestInfoContext);
  const searchRequest = readSearchRequest(url.searchParams);
  const locale = context.get(localeContext);
  const empty: FinderLoaderData = { form: { type: "metrocard", number: "" }, lastResult: null, alert: null, search: null };

  if (searchRequest.kind === "none") return data(empty);
  if (searchRequest.kind === "invalid-type") {
    return data({ ...empty, alert: messageIn(locale, "finder.invalidType") }, { status: 400, headers: NO_STORE });
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

  // The search limit was counted in front of the router (search-gate.server.ts, server/app.ts). A
  // refused page request got its small 429 page there; a refused data request (a client
  // navigation) gets here, so the page it is on can show the message in place.
  const refusedFor = context.get(refusedSearchContext);
  if (refusedFor !== null) {
    return data(
      { ...empty, form: query, alert: messageIn(locale, "finder.tooManySearches") },
      { status: 429, headers: { ...NO_STORE, "Retry-After": String(refusedFor) } },
    );
  }
  const rereading = context.get(rereadContext);

  // Bots, link previews, HEAD and prefetches are answered but not logged (only counted); neither
  // is a re-render after an unlock.
  const automated = !rereading && isAutomatedRequest(request);
  const log = !rereading && !automated;
  if (searchRequest.kind === "demo" && searchRequest.location && log) {
    await logDemoSearch(db, searchRequest.location, clientIp);
  }
  const demoUnlocked = url.searchParams.get("unmasked") === "1";
  const finderId = context.get(userContext)?.id ?? null;
  const known = context.get(lookedUpContext);
  const lookedUp = known && finderId === null && !demoUnlocked && known.query.type === query.type && known.query.number === query.number ? known.lookedUp : undefined;
  const { result, visitId } = await searchOwner(db, query, { ip: clientIp, clientKey, log, automated, demoUnlocked, finderId }, lookedUp);
  if (!rereading) countSearch(searchRequest.kind, result.profile.kind, automated);
  // The visit's ticket goes in the finder's cookie, not the page (location-ticket.server.ts).
  const headers = visitId ? { ...NO_STORE, "Set-Cookie": await visitsCookieWith(visitId, request.headers.get("Cookie")) } : NO_STORE;
  return data({ ...empty, form: query, search: { ...result, query, demoUnmasked: demoUnlocked } }, { headers });
}

function unlockFailure(context: Args["context"], key: MessageKey, status: number, mode: UnlockMode = "digits") {
  const text = messageIn(context.get(localeContext), key).title;
  return data<FinderActionData>({ unlock: { ok: false, message: text, mode } }, { status, headers: NO_STORE });
}

const UNLOCK_STATUS: Record<UnlockRefusal, number> = {
  wrong: 400,
  wrongToken: 400,
  notMasked: 400,
  locked: 429,
  tokenLocked: 429,
  // Not this client's doing: the 4 digits are switched off for this profile; the token works.
  useToken: 403,
};

export async function finderAction({ request, context }: Args) {
  const formData = await readForm(request);
  if (formData.get("intent") !== "unlock") return unlockFailure(context, "common.unknownAction", 400);
  const submission = parseSearch(formData);
  if (submission.status !== "success") return unlockFailure(context, "unlock.searchAgain", 400);
  // The full token in one field (token mode); the digits in one 4-digit field without JavaScript,
  // four 1-digit boxes with it. Spaces and hyphens are dropped; the length tells which it is.
  const typed = formData.has("stickerToken")
    ? String(formData.get("stickerToken"))
    : formData.has("digits")
      ? String(formData.get("digits"))
      : formData.getAll("digit").map(String).join("");
  const digits = typed.replace(/\D/g, "");
  (context as RouterContextProvider).set(rereadContext, true);
  const { clientKey } = context.get(requestInfoContext);
  const finderId = context.get(userContext)?.id ?? null;
  const outcome = await unlockBio(context.get(dbContext), submission.value, digits, clientKey, finderId);
  if (outcome.ok) {
    return data<FinderActionData>({ unlock: { ok: true, profile: outcome.profile, sharedContacts: outcome.sharedContacts } }, { headers: NO_STORE });
  }
  return unlockFailure(context, `unlock.${outcome.reason}`, UNLOCK_STATUS[outcome.reason], unlockModeAfter(outcome.reason));
}

export function finderHeaders({ loaderHeaders, actionHeaders }: { loaderHeaders: Headers; actionHeaders: Headers }) {
  const headers = new Headers();
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const name of ["Cache-Control", "Retry-After", "Set-Cookie"]) {
      const value = source.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
}
