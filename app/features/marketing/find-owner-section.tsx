// The find-owner search as / and /about show it (id find-owner, the target of Find Owner and of
// the search form), and what a search result page adds under it instead of the marketing parts.
import { useEffect, type ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { useLanguageHref, useT } from "~/i18n/use-t";
import { preloadMarketing } from "./lazy-pages";

/** `copyLang`: the language of `title` and `intro` when it is not the page's (the landing page's English copy). */
export function FindOwnerSection({ title, intro, copyLang, children }: { title: string; intro: string; copyLang?: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <section id="find-owner" aria-labelledby="find-owner-title">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
        {/* grid-cols-1 (minmax(0, 1fr)) on phones: the column is the card's width, never its content's. */}
        <div className="grid grid-cols-1 items-center gap-8 rounded-3xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-600">{t("search.findOwner")}</p>
            <h2 id="find-owner-title" lang={copyLang} className="mt-2 text-3xl font-black tracking-tight text-slate-900">
              {title}
            </h2>
            <p lang={copyLang} className="mt-3 max-w-xl text-slate-700">{intro}</p>
          </div>
          <div>{children}</div>
        </div>
      </div>
    </section>
  );
}

/** Under a result: the way to the full page (the result page itself stays small for the finder). */
export function ResultPageFooter({ homeHref, label }: { homeHref: string; label: string }) {
  useEffect(preloadMarketing, []);
  const languageHref = useLanguageHref();
  return (
    <p className="mx-auto max-w-6xl px-4 pb-4 text-center">
      <Link to={languageHref(homeHref)} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
        {label}
        <Icon name="chevron-right" className="h-4 w-4" />
      </Link>
    </p>
  );
}
