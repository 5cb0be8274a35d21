// /messaging (spec 001 §2 "Messaging"): the contact list with its search, beside the chat panel
// (the child routes: nothing open, or /messaging/{conversationId}). On narrow screens the list and
// the chat show one at a time. This layout also starts conversations (POST, intent "start"), from
// its search by metro card or token, from `?user={id}`, and from the owner-found dialog's Message
// owner; starting one that exists opens it.
import { data, Form, Link, Outlet, redirect, useParams } from "react-router";
import type { Db } from "../../../db/connection";
import type { Route } from "./+types/route";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext, requestInfoContext } from "~/core/context";
import { indiaTime, inDate } from "~/core/india-time";
import type { Locale } from "~/core/locale";
import { NO_STORE } from "~/core/no-store";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { requireUser } from "~/features/account/guards.server";
import { ContactList, PersonAvatar, type Contact } from "~/features/messaging/contact-list";
import { withFinderLabel } from "~/features/finder-contact/owner-view";
import { ownerItemLabel } from "~/features/finder-contact/owner-mail.server";
import { finderThreadLabels } from "~/features/finder-contact/threads.server";
import {
  conversationBetween,
  findUserByNumber,
  listConversations,
  personOf,
  startConversation,
  type ConversationSummary,
  type Person,
} from "~/features/messaging/conversations.server";
import { announceActivity } from "~/features/messaging/live.server";
import { parseMessagingSearch, type MessagingSearchType } from "~/features/messaging/message-input";
import { SEARCH_METRO_MAX_DIGITS } from "~/features/messaging/rules";
import { useLiveUpdates } from "~/features/messaging/use-live-updates";
import type { MessageKey } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("messagingPage.metaTitle") }];
export const headers: Route.HeadersFunction = () => NO_STORE;

/** Someone the user may start a conversation with, found by the search or `?user=`. */
type Candidate = { person: Pick<Person, "name" | "avatarUrl">; fields: Record<string, string> };

function contactOf(summary: ConversationSummary, me: string, now: Date, locale: Locale): Contact {
  const sameDay = inDate(summary.updatedAt) === inDate(now);
  return {
    conversationId: summary.id,
    name: summary.other.name,
    avatarUrl: summary.other.avatarUrl,
    lastMessage: summary.lastMessage?.content ?? null,
    lastMine: summary.lastMessage?.senderId === me,
    time: sameDay ? indiaTime(summary.updatedAt, locale).replace(/ IST$/, "") : inDate(summary.updatedAt, locale),
    unread: summary.unread,
  };
}

/** What the page offers besides the list: someone to start a conversation with, or why not. */
type Offer = { alert: MessageKey | null; status: number; candidate: Candidate | null; retryAfterSeconds?: number };
const NO_OFFER: Offer = { alert: null, status: 200, candidate: null };

function candidateOf(person: Person, fields: Record<string, string>): Offer {
  return { alert: null, status: 200, candidate: { person: { name: person.name, avatarUrl: person.avatarUrl }, fields } };
}

/** `?user={id}`: the conversation with that user if there is one (a redirect), else a Message button. */
async function offerForUser(db: Db, me: string, userId: string): Promise<Offer> {
  if (userId === me) return { alert: "messaging.notYourself", status: 400, candidate: null };
  const existing = await conversationBetween(db, me, userId);
  if (existing) throw redirect(`/messaging/${existing}`);
  const person = await personOf(db, userId);
  return person ? candidateOf(person, { userId }) : { alert: "messaging.fetchUserFailed", status: 404, candidate: null };
}

/**
 * The search by metro card or token: the start form carries the number, not the user's id. It
 * counts as a finder search (findUserByNumber), so past the limit it answers as the finder does.
 */
async function offerForNumber(db: Db, me: string, clientKey: string, type: string, number: string): Promise<Offer> {
  const parsed = parseMessagingSearch(type, number);
  if (!parsed.ok) return { alert: parsed.error, status: 400, candidate: null };
  const found = await findUserByNumber(db, parsed.search, clientKey);
  if (found.refused) return { alert: "finder.tooManySearches", status: 429, candidate: null, retryAfterSeconds: found.retryAfterSeconds };
  const person = found.person;
  if (!person) return { alert: "messaging.userNotFound", status: 404, candidate: null };
  if (person.id === me) return { alert: "messaging.notYourself", status: 400, candidate: null };
  return candidateOf(person, parsed.search);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const url = new URL(request.url);
  const userId = url.searchParams.get("user");
  // The search is a GET form, so a search is a URL.
  const search = {
    type: (url.searchParams.get("type") === "tagbacktoken" ? "tagbacktoken" : "metrocard") as MessagingSearchType,
    number: url.searchParams.get("number") ?? "",
  };

  let offer = NO_OFFER;
  try {
    if (userId !== null) offer = await offerForUser(db, me, userId);
    else if (url.searchParams.has("number")) {
      offer = await offerForNumber(db, me, context.get(requestInfoContext).clientKey, search.type, search.number);
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("looking up whom to message failed", error);
    offer = { alert: userId !== null ? "messaging.openFailed" : "messaging.fetchUserFailed", status: 503, candidate: null };
  }

  let contacts: Contact[] | null = null;
  let { alert, status } = offer;
  try {
    const now = new Date();
    // "I found this" threads show 'Finder (no account)' and the item (features/finder-contact/).
    const locale = context.get(localeContext);
    const finders = new Map(
      [...(await finderThreadLabels(db, me))].map(([id, { item, ...state }]) => [id, { itemLabel: ownerItemLabel(item, locale), ...state }]),
    );
    contacts = (await listConversations(db, me)).map((summary) => withFinderLabel(contactOf(summary, me, now, locale), finders, locale));
  } catch (error) {
    console.error("listing conversations failed", error);
    [alert, status] = ["messaging.loadConversationsFailed", 503];
  }
  const headers = offer.retryAfterSeconds ? { ...NO_STORE, "Retry-After": String(offer.retryAfterSeconds) } : NO_STORE;
  return data({ me, contacts, alert, candidate: offer.candidate, search }, { status, headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser({ request, context }).id;
  const db = context.get(dbContext);
  const formData = await readForm(request);
  if (formData.get("intent") !== "start") return unknownIntent();
  // The owner dialog's failures read as the spec's 'Failed to create conversation.'.
  const fromDialog = formData.get("from") === "owner-dialog";
  const refuse = (key: MessageKey, status: number, headers: Record<string, string> = NO_STORE) => data({ startError: key }, { status, headers });

  try {
    let otherId: string;
    const userId = formData.get("userId");
    if (typeof userId === "string" && userId !== "") {
      otherId = userId;
    } else {
      const parsed = parseMessagingSearch(formData.get("type"), formData.get("number"));
      if (!parsed.ok) return refuse(fromDialog ? "messaging.createFailed" : parsed.error, 400);
      // Starting by number is a lookup too (404 or not tells whether the number is someone's).
      const found = await findUserByNumber(db, parsed.search, context.get(requestInfoContext).clientKey);
      if (found.refused) return refuse("finder.tooManySearches", 429, { ...NO_STORE, "Retry-After": String(found.retryAfterSeconds) });
      if (!found.person?.id) return refuse(fromDialog ? "messaging.createFailed" : "messaging.userNotFound", 404);
      otherId = found.person.id;
    }
    const outcome = await startConversation(db, me, otherId);
    if (outcome.ok) {
      if (outcome.created) announceActivity(outcome.conversationId, [me, otherId]);
      return redirect(`/messaging/${outcome.conversationId}`);
    }
    switch (outcome.reason) {
      case "self":
        return refuse("messaging.notYourself", 400);
      case "limit":
        return refuse("messaging.conversationLimit", 429);
      case "unknown-user":
        return refuse(fromDialog ? "messaging.createFailed" : "messaging.openFailed", 404);
    }
  } catch (error) {
    console.error("starting a conversation failed", error);
    return refuse(fromDialog ? "messaging.createFailed" : "messaging.startFailed", 503);
  }
}

export default function MessagingLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { conversationId } = useParams();
  const open = Boolean(conversationId);
  // With no conversation open, this page's own stream keeps the list live; an open conversation's
  // page has a stream of its own that carries the list's activity too.
  const { live } = useLiveUpdates({ url: "/messaging/events", enabled: !open });
  const alertKey = (actionData && "startError" in actionData ? actionData.startError : null) ?? loaderData.alert;
  const { t, m } = useT();
  const alert = alertKey ? m(alertKey) : null;
  return (
    <div className="md:flex md:h-[calc(100dvh-7rem)] md:min-h-[28rem] md:gap-6">
      <aside
        aria-labelledby="messaging-title"
        data-live={live ? "true" : "false"}
        className={`${open ? "hidden md:flex" : "flex"} flex-col md:w-80 md:shrink-0 md:overflow-y-auto md:border-r md:border-slate-200 md:pr-4`}
      >
        <h1 id="messaging-title" className="text-2xl font-bold">
          {t("messagingPage.heading")}
        </h1>
        <div className="mt-3 space-y-3">
          {alert ? <FormAlert title={alert.title} description={alert.description} data-testid="messaging-alert" /> : null}
          <SearchForm type={loaderData.search.type} number={loaderData.search.number} />
          {loaderData.candidate ? <StartCard candidate={loaderData.candidate} /> : null}
        </div>
        <h2 className="mt-5 text-sm font-semibold uppercase tracking-wide text-slate-500">{t("messagingPage.conversations")}</h2>
        {loaderData.contacts ? <ContactList contacts={loaderData.contacts} activeId={conversationId} /> : null}
      </aside>
      <section aria-label={t("messagingPage.chat")} className={`${open ? "flex" : "hidden md:flex"} min-w-0 flex-1 flex-col`}>
        <Outlet />
      </section>
    </div>
  );
}

/** Find someone to message by their metro card or token (digits only, exact number). */
function SearchForm({ type, number }: { type: MessagingSearchType; number: string }) {
  const { t } = useT();
  return (
    <Form method="get" action="/messaging" className="space-y-2 rounded-lg border border-slate-200 p-3" role="search" aria-label={t("messagingPage.findSomeone")}>
      <fieldset className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <legend className="sr-only">{t("messagingPage.searchBy")}</legend>
        <label className="flex items-center gap-1">
          <input type="radio" name="type" value="metrocard" defaultChecked={type === "metrocard"} /> {t("search.typeMetroCard")}
        </label>
        <label className="flex items-center gap-1">
          <input type="radio" name="type" value="tagbacktoken" defaultChecked={type === "tagbacktoken"} /> {t("messagingPage.token")}
        </label>
      </fieldset>
      <div className="flex gap-2">
        <label htmlFor="messaging-number" className="sr-only">
          {t("messagingPage.numberLabel")}
        </label>
        <input
          id="messaging-number"
          name="number"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={SEARCH_METRO_MAX_DIGITS + 4}
          defaultValue={number}
          placeholder={t("messagingPage.numberPlaceholder")}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
        />
        <Button type="submit" variant="outline">
          {t("messagingPage.search")}
        </Button>
      </div>
    </Form>
  );
}

function StartCard({ candidate }: { candidate: Candidate }) {
  const { t } = useT();
  return (
    <div className="flex items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3" data-testid="start-card">
      <PersonAvatar src={candidate.person.avatarUrl} size="md" />
      <p className="min-w-0 flex-1 truncate font-semibold">{candidate.person.name}</p>
      <Form method="post" action="/messaging">
        <input type="hidden" name="intent" value="start" />
        {Object.entries(candidate.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" size="sm">
          {t("messagingPage.message")}
        </Button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useT();
  return (
    <div className="py-10">
      <FormAlert title={t("messaging.loadConversationsFailed")} />
      <Link to="/messaging" className="mt-4 inline-block font-medium text-brand-700 underline">
        {t("foundPage.tryAgain")}
      </Link>
    </div>
  );
}
