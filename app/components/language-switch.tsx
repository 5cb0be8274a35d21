// The language switch: a plain form (works without JavaScript) that posts to /language with the
// page it is on, and comes back to that page in the other language. It names the other language
// in that language, and says which pages are translated.
import { useLocation } from "react-router";
import { LOCALE_NAMES, type Locale } from "~/i18n/locale";
import { useT } from "~/i18n/use-t";

/** `showNote`: the note on translated pages is visible (footer), else only read out (header). */
export function LanguageSwitch({ className = "", showNote = false, id }: { className?: string; showNote?: boolean; id: string }) {
  const { t, locale } = useT();
  const location = useLocation();
  const other: Locale = locale === "hi" ? "en" : "hi";
  const noteId = `${id}-note`;
  return (
    // A plain <form>, not React Router's <Form>: a document navigation, so the whole page and its
    // data re-render in the new language. `relative` keeps the sr-only note (absolutely placed)
    // inside a scrolling header row, which would otherwise widen the page.
    <form method="post" action="/language" className={`relative ${className}`}>
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <button
        type="submit"
        name="lang"
        value={other}
        lang={other}
        aria-describedby={noteId}
        className="rounded-lg border border-slate-300 px-2.5 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        {LOCALE_NAMES[other]}
      </button>
      <span id={noteId} className={showNote ? "mt-1 block text-xs text-slate-600" : "sr-only"}>
        {t("site.languageNote")}
      </span>
    </form>
  );
}
