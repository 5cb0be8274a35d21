// The owner's lost-item reports, newest first (spec 001 §2 "Lost Items"): each with its status,
// a toggle ('Mark as Recovered' / 'Mark as Pending') and a Delete that asks first — a <details>,
// so the confirmation works without JavaScript. The forms post to the page that shows the list.
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { formatToken } from "~/features/finder/search-input";
import { messageOf, type Locale, type MessageKey } from "~/i18n/messages";
import { REGISTERED_METRO_NAME } from "./rules";
import { useT } from "~/i18n/use-t";

export type LostListItem = {
  id: string;
  type: "metro" | "product";
  name: string;
  identifier: string;
  dateLost: string;
  status: "pending" | "recovered";
  message: string | null;
  reward: string | null;
};

export type LastResult = SubmissionResult<string[]> | undefined;

/** The alert above a refused form: the title and text of its first error key. */
export function LostAlert({ errors, fallback }: { errors?: string[] | null; fallback: MessageKey }) {
  const { locale } = useT();
  const first = errors?.[0];
  if (!first) return null;
  const { title, description } = messageOf(first, fallback, locale);
  return <FormAlert title={title} description={description} />;
}

/** A field's messages in the page's language: each key's description (or title). */
export function fieldTexts(errors: string[] | undefined, locale: Locale): string[] | undefined {
  return errors?.map((error) => {
    const { title, description } = messageOf(error, "lost.submissionFailed", locale);
    return description ?? title;
  });
}

/** "2026-11-20" → "20/11/2026" (en-IN), without time-zone arithmetic. */
function dateText(value: string) {
  const [year, month, day] = value.split("-");
  return day && month && year ? `${day}/${month}/${year}` : value;
}

type LostListProps = {
  items: LostListItem[] | null;
  /** The page the forms post to: /lost or /lost-found. */
  action: string;
  statusResult: LastResult;
  deleteResult: LastResult;
};

export function LostList({ items, action, statusResult, deleteResult }: LostListProps) {
  const { t } = useT();
  const statusErrors = statusResult?.error?.[""];
  const deleteErrors = deleteResult?.error?.[""];
  return (
    <section aria-labelledby="lost-list-title">
      <h2 id="lost-list-title" className="text-xl font-bold">
        {t("lostPage.yourReports")}
      </h2>
      <div className="mt-3 space-y-2">
        {statusErrors?.length ? <LostAlert errors={statusErrors} fallback="lost.updateFailed" /> : null}
        {deleteErrors?.length ? <LostAlert errors={deleteErrors} fallback="lost.deleteFailed" /> : null}
      </div>
      {items === null ? (
        <div className="mt-3">
          <FormAlert title={t("lost.loadItemsFailed")} />
        </div>
      ) : items.length === 0 ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("lostPage.noReports")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {items.map((item) => (
            <LostRow key={item.id} item={item} action={action} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LostRow({ item, action }: { item: LostListItem; action: string }) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === item.id;
  const pending = item.status === "pending";
  const identifier = item.type === "product" ? formatToken(item.identifier) : item.identifier;
  // A card picked on /lost is named by the app, not the owner: in the page's language.
  const name = item.type === "metro" && item.name === REGISTERED_METRO_NAME ? t("lostPage.kindMetroCard") : item.name;
  return (
    <li className="space-y-2 p-3" data-testid="lost-item" data-status={item.status}>
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="break-words font-semibold">{name}</p>
          <p className="text-sm text-slate-600">
            {t(item.type === "metro" ? "lostPage.kindMetroCard" : "lostPage.kindProduct")} <span className="font-mono">{identifier}</span> ·{" "}
            {t("lostPage.lostOn", { date: dateText(item.dateLost) })}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${pending ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900"}`}
        >
          {t(pending ? "lostPage.pending" : "lostPage.recovered")}
        </span>
      </div>
      {item.message || item.reward ? (
        <dl className="rounded-lg bg-slate-50 p-2 text-sm text-slate-700">
          {item.message ? (
            <div>
              <dt className="inline font-medium">{t("lostPage.messageToFinders")} </dt>
              <dd className="inline break-words">{item.message}</dd>
            </div>
          ) : null}
          {item.reward ? (
            <div>
              <dt className="inline font-medium">{t("lostPage.reward")} </dt>
              <dd className="inline break-words">{item.reward}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="flex flex-wrap items-start gap-2">
        <Form method="post" action={action}>
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="status" value={pending ? "recovered" : "pending"} />
          <button
            type="submit"
            name="intent"
            value="status"
            disabled={busy}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
          >
            {t(pending ? "lostPage.markRecovered" : "lostPage.markPending")}
            <span className="sr-only"> {name}</span>
          </button>
        </Form>
        <details className="text-sm">
          <summary className="cursor-pointer list-none rounded-lg px-3 py-2 font-medium text-red-700 hover:bg-red-50">
            {t("lostPage.delete")}<span className="sr-only"> {t("lostPage.deleteReportOf", { name })}</span>
          </summary>
          <Form method="post" action={action} className="mt-2 max-w-xs rounded-lg border border-red-200 bg-red-50 p-3">
            <input type="hidden" name="id" value={item.id} />
            <p className="text-red-900">{t("lostPage.deleteConfirm")}</p>
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={busy}
              className="mt-2 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {t("lostPage.yesDelete", { name })}
            </button>
          </Form>
        </details>
      </div>
    </li>
  );
}
