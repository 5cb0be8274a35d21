// The language switch: a plain form (works without JavaScript) that posts to /language with the
// page it is on, and comes back to that page in the chosen language. Every language is a button
// with its own name in its own script (LOCALES order), the current one marked; a note says which
// pages are translated. In the header and the scan result's dialog it sits in a <details> menu (it
// opens without JavaScript, and seven names do not fit a phone's header row); the footer lists them.
import { useLocation, useMatches } from "react-router";
import type { RouteHandle } from "~/core/route-handle";
import { Icon } from "~/components/ui/icon";
import { LOCALES, LOCALE_NAMES, type Locale } from "~/core/locale";
import { useT } from "~/i18n/use-t";

/** `list`: the buttons and the note shown as they are (footer); otherwise a menu that opens. */
export function LanguageSwitch({ className = "", list = false, id }: { className?: string; list?: boolean; id: string }) {
  const { t, locale } = useT();
  const noteId = `${id}-note`;
  const form = <LanguageForm locale={locale} noteId={noteId} list={list} note={t("site.languageNote")} />;
  if (list) return <div className={className}>{form}</div>;
  return (
    <div className={className}>
      <details className="group relative inline-block text-start" data-testid="language-menu">
        <summary className="flex min-h-9 cursor-pointer list-none items-center gap-1.5 rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
          <Icon name="language" className="h-4 w-4" />
          <span className="sr-only">{t("site.language")}: </span>
          {LOCALE_NAMES[locale]}
        </summary>
        <div className="absolute end-0 top-full z-50 mt-1 w-max max-w-[min(18rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
          {form}
        </div>
      </details>
    </div>
  );
}

function LanguageForm({ locale, noteId, list, note }: { locale: Locale; noteId: string; list: boolean; note: string }) {
  const location = useLocation();
  // On a page with a draft (RouteHandle.draftForm) each button sends that form, draft and all, to
  // the page's own action with `lang`: the page comes back in the new language with what was written,
  // with JavaScript (a router submission, the same fields kept) or without (a plain post).
  const draftForm = useMatches()
    .map((match) => (match.handle as RouteHandle | undefined)?.draftForm)
    .find(Boolean);
  const here = location.pathname + location.search;
  const draftProps = draftForm ? { form: draftForm, formAction: here, formMethod: "post", formNoValidate: true } : {};
  return (
    // A plain <form>, not React Router's <Form>: a document navigation, so the whole page, its
    // data and `lang` re-render in the new language.
    <form method="post" action="/language" aria-describedby={noteId}>
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <ul className={list ? "flex flex-wrap gap-2" : "flex flex-col gap-1"}>
        {LOCALES.map((code) => (
          <li key={code}>
            <button
              type="submit"
              name="lang"
              value={code}
              lang={code}
              {...draftProps}
              aria-current={code === locale ? "true" : undefined}
              className={`rounded-lg px-2.5 py-1.5 text-sm font-semibold ${list ? "border" : "block w-full text-start"} ${
                code === locale ? "border-brand-700 bg-brand-50 text-brand-900" : "border-slate-300 text-slate-800 hover:bg-slate-100"
              }`}
            >
              {LOCALE_NAMES[code]}
            </button>
          </li>
        ))}
      </ul>
      <p id={noteId} className={`text-xs text-slate-600 ${list ? "mt-2" : "mt-2 border-t border-slate-100 px-2.5 pt-2"}`}>
        {note}
      </p>
    </form>
  );
}
