// The owner's search history on /profile (spec 001 §4): who searched for them, newest first, in
// India time, with the approximate place, what each visit was (viewed, or messaged through "I found
// this"), the total count of people, and how many visits by bots and link previews were filtered.
// The newest HISTORY_STEP visits at first, and a plain "More" link (`?history=N`, with or without
// JavaScript) for the next ones: every row is markup and loader data on every view of /profile,
// and 100 of them were half of the page's 121 KB and about a quarter of its CPU (docs/performance.md).
import { Link } from "react-router";
import type { Route } from "./+types/route";
import { useT } from "~/i18n/use-t";

type History = Route.ComponentProps["loaderData"]["history"];

/** Visits shown at first; each "More" shows this many more. */
export const HISTORY_STEP = 20;
/** However often "More" is followed, at most this many (what the page listed before it had "More"): one page's work stays bounded. */
export const HISTORY_MOST = 100;

/** How many visits `?history=N` asks for: N rounded up to a step, within one step and HISTORY_MOST; anything else is one step. */
export function historyRowsAsked(url: URL): number {
  const asked = Number(url.searchParams.get("history"));
  if (!Number.isInteger(asked) || asked <= HISTORY_STEP) return HISTORY_STEP;
  return Math.min(HISTORY_MOST, Math.ceil(asked / HISTORY_STEP) * HISTORY_STEP);
}

export function SearchHistory({ history, more, totalSearches, botSearches }: { history: History; more: boolean; totalSearches: number; botSearches: number }) {
  const { t } = useT();
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title" className="text-xl font-bold">
        {t("profilePage.historyTitle")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("profilePage.totalSearches")} <span className="font-semibold" data-testid="total-searches">{totalSearches}</span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {t("profilePage.botSearches")}{" "}
        <span className="font-semibold" data-testid="bot-searches">
          {botSearches}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {t("profilePage.historyNote")}
      </p>
      {history.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{t("profilePage.historyEmpty")}</p>
      ) : (
        <div className="mt-4 max-h-96 overflow-y-auto rounded-xl border border-slate-200" tabIndex={0} role="region" aria-label={t("profilePage.historyList")}>
          <ol className="divide-y divide-slate-100">
            {history.map((entry, index) => (
              <li key={entry.id} id={`visit-${index + 1}`} className="p-3 text-sm" data-testid="history-row">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <span className="font-semibold">{t(entry.searchType === "metro_card" ? "profilePage.byMetroCard" : "profilePage.byToken")}</span> <span className="font-mono text-slate-700">{entry.value}</span>{" "}
                    <span
                      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${entry.kind === "messaged" ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
                      data-testid="history-kind"
                    >
                      {t(entry.kind === "messaged" ? "profilePage.messagedYou" : "profilePage.viewed")}
                    </span>
                  </p>
                  <p className="text-slate-600">
                    <time dateTime={entry.at}>
                      {entry.time}, {entry.date}
                    </time>
                  </p>
                </div>
                <p className="mt-0.5 text-slate-700">
                  {entry.city ?? t("profilePage.unknownCity")}
                  {entry.address ? ` · ${entry.address}` : ""}
                </p>
              </li>
            ))}
          </ol>
          {more ? (
            // To the first visit not shown yet: without JavaScript the browser scrolls the list there;
            // with it the list grows in place (a hash keeps the page where it is, root.tsx).
            <Link
              to={`/profile?history=${history.length + HISTORY_STEP}#visit-${history.length + 1}`}
              preventScrollReset
              className="block border-t border-slate-100 p-3 text-center text-sm font-medium text-brand-700 underline"
            >
              {t("profilePage.more")}
            </Link>
          ) : null}
        </div>
      )}
    </section>
  );
}
