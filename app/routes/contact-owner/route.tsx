// /contact-owner?type=…&number=…: "I found this — message the owner" (issue 12). A finder
// writes to the owner of the item they just found, without an account: a plain form post that works
// with JavaScript off. The form is only for a real owner's result (a miss or an unknown number gets
// 404). Sending it starts an ordinary conversation with the owner and leads to the finder's private
// page (/f/{secret}); see ./send.server.ts for the checks and app/features/finder-contact/.
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import type { Route } from "./+types/route";
import { FormAlert } from "~/components/ui/form-alert";
import { dbContext, requestInfoContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { consume } from "~/core/rate-limit.server";
import { readForm } from "~/middleware/read-form.server";
import { avatarDataUri } from "~/features/finder/avatar";
import { SEARCH_LIMIT } from "~/features/finder/rules";
import { formTicket } from "~/features/finder-contact/form-ticket.server";
import { valuesOf } from "~/features/finder-contact/contact-input";
import { ownerResultHref } from "~/features/finder-contact/links";
import { metaT, useT } from "~/i18n/use-t";
import { isLocale } from "~/core/locale";
import type { RouteHandle } from "~/core/route-handle";
import { localeCookie } from "~/i18n/locale-cookie.server";
import { localeContext } from "~/middleware/i18n";
import { ContactForm } from "./contact-form";
import { ownerFor, queryOf, sendFinderMessage, visitOf } from "./send.server";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return [{ title: t("contact.metaTitle") }, { name: "robots", content: "noindex" }];
};

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const cookie = actionHeaders.get("Set-Cookie");
  return cookie ? { ...NO_STORE, "Set-Cookie": cookie } : NO_STORE;
};

// The language switch sends this form with its draft (RouteHandle.draftForm; issue 34).
export const handle: RouteHandle = { draftForm: "contact-form" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const url = new URL(request.url);
  const query = queryOf(url.searchParams);
  const owner = await ownerFor(db, query);
  if (!owner || !query) throw data("Not Found", { status: 404, headers: NO_STORE });
  const visitId = await visitOf(db, request.headers.get("Cookie"), owner.id);
  // Not right after a logged search of this owner: the page looks a number up like a search, so it
  // counts against the same limit (it must not become a way around it).
  if (!visitId && request.method === "GET") {
    const { allowed, retryAfterSeconds } = await consume(db, SEARCH_LIMIT, context.get(requestInfoContext).clientKey);
    if (!allowed) throw data("Too Many Requests", { status: 429, headers: { ...NO_STORE, "Retry-After": String(retryAfterSeconds) } });
  }
  // "" for none: the page names them in the finder's language (common.tagbackUser).
  const ownerName = [owner.firstName, owner.lastName].filter(Boolean).join(" ").trim();
  return data(
    {
      ownerName,
      avatarUrl: owner.photoUrl || avatarDataUri(owner.id),
      backHref: ownerResultHref(query),
      ticket: formTicket({ ownerId: owner.id, type: query.type, number: query.number, visitId }),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const lang = formData.get("lang");
  if (isLocale(lang)) {
    // A language chosen while writing: the draft comes back as it was, nothing is sent, and this
    // answer (loaders included, without JavaScript) is already in the new language.
    context.set(localeContext, lang);
    const ticket = formData.get("ticket");
    const draft = { ok: false as const, alert: null, errors: {}, values: valuesOf(formData), ticket: typeof ticket === "string" ? ticket : null };
    return data(draft, { headers: { ...NO_STORE, "Set-Cookie": await localeCookie().serialize(lang) } });
  }
  const outcome = await sendFinderMessage({
    db: context.get(dbContext),
    formData,
    values: valuesOf(formData),
    clientKey: context.get(requestInfoContext).clientKey,
    locale: context.get(localeContext),
  });
  if (outcome instanceof Response) return outcome;
  return data(outcome.refusal, { status: outcome.status, headers: NO_STORE });
}

export default function ContactOwnerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-xl px-4 py-8">
      {/* The title goes under the picture when a long word does not fit beside it (Tamil at 320 px). */}
      <div className="flex flex-wrap items-center gap-3">
        <img src={loaderData.avatarUrl} alt="" width={48} height={48} className="h-[48px] w-[48px] shrink-0 rounded-full border border-slate-200 object-cover" />
        <h1 id="contact-title" className="min-w-0 text-2xl font-black tracking-tight text-brand-900">
          {t("contact.pageTitle")}
        </h1>
      </div>
      <p className="mt-2 text-slate-700" data-testid="contact-lead">
        {t("contact.lead", { name: loaderData.ownerName || t("common.tagbackUser") })}
      </p>
      <ContactForm ticket={actionData?.ticket ?? loaderData.ticket} refusal={actionData ?? null} />
      <p className="mt-6 text-sm">
        <Link to={loaderData.backHref} className="font-medium text-brand-700 underline">
          {t("contact.backToProfile")}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, m } = useT();
  const limited = isRouteErrorResponse(error) && error.status === 429;
  const tooMany = m("finder.tooManySearches");
  return (
    <section className="mx-auto max-w-xl space-y-4 px-4 py-8" data-testid="contact-error">
      {limited ? (
        <FormAlert title={tooMany.title} description={tooMany.description} />
      ) : (
        <FormAlert title={t("contact.notFoundTitle")} description={t("contact.notFoundLead")} />
      )}
      <p>
        <Link to="/findowner" className="font-medium text-brand-700 underline">
          {t("scan.searchAgain")}
        </Link>
      </p>
    </section>
  );
}
