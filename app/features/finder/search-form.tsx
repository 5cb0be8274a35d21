// The finder's search form: a plain GET form (shareable URL, works without JavaScript). With
// JavaScript it keeps only digits, groups a token 4-4-4, and shows the first check's messages
// before any request (conform + the same zod schema the server uses).
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import {
  formatToken,
  keepDigits,
  SEARCH_TYPE_LABELS,
  parseSearch,
  searchMessage,
  type SearchType,
} from "~/features/finder/search-input";
import { SearchTypePicker } from "./search-type-picker";
import { displayNumber, SEARCH_TYPES } from "./search-number";
import { checkedBeforeHydration, typedBeforeHydration, useHydrated } from "~/core/hooks/use-hydrated";
import { useLanguageHref, useT, useUrlLocale } from "~/i18n/use-t";
import { DEMO_TOKEN, TOKEN_LENGTH } from "~/features/stickers/rules";
import { METRO_CARD_MAX } from "~/features/owner/rules";

/** A token typed with its two hyphens ("1234-5678-9012"). */
const FORMATTED_TOKEN_LENGTH = TOKEN_LENGTH + 2;

/** Hero's Scan demo asks the form to run the demo search (see ScanDemoLink). */
const SCAN_DEMO_EVENT = "tagback:scan-demo";

type SearchFormProps = {
  /** The page the form submits to (/, /about or /findowner). */
  action: string;
  defaultType: SearchType;
  defaultNumber: string;
  lastResult: SubmissionResult<string[]> | null;
};

export function SearchForm({ action, defaultType, defaultNumber, lastResult }: SearchFormProps) {
  const navigation = useNavigation();
  // From the fields as they are when React starts: a finder may have typed already.
  const [type, setType] = useState<SearchType>(() => checkedBeforeHydration("owner-search", "type", SEARCH_TYPES, defaultType));
  const [number, setNumber] = useState(() => {
    const start = typedBeforeHydration("search-number", defaultNumber);
    return /^[\d\s-]*$/.test(start) ? displayNumber(type, keepDigits(start, type)) : start;
  });
  const hydrated = useHydrated();
  const { t, locale } = useT();
  // A page whose URL names its language (`?hl=ta`) gives its results in that language too.
  const urlLocale = useUrlLocale();
  const formRef = useRef<HTMLFormElement>(null);

  const [form, fields] = useForm({
    id: "owner-search",
    lastResult,
    onValidate: ({ formData }) => parseSearch(formData),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });

  // Scan demo: pre-fill the demo token, then search after 1 second (spec 000 §2).
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    function onScanDemo(event: Event) {
      const token = (event as CustomEvent<string>).detail;
      setType("tagbacktoken");
      setNumber(formatToken(token));
      formRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
      timer = setTimeout(() => formRef.current?.requestSubmit(), 1000);
    }
    window.addEventListener(SCAN_DEMO_EVENT, onScanDemo);
    return () => {
      window.removeEventListener(SCAN_DEMO_EVENT, onScanDemo);
      clearTimeout(timer);
    };
  }, []);

  const searching = navigation.state !== "idle" && navigation.location?.pathname === action && navigation.location.search !== "";
  const errorKey = fields.number.errors?.[0];
  const error = errorKey ? searchMessage(errorKey, locale) : null;
  const inputId = "search-number";
  const errorId = "search-number-error";

  return (
    <Form
      method="get"
      // The fragment brings a no-JavaScript result (an error beside the field) into view.
      action={`${action}#find-owner`}
      {...getFormProps(form)}
      ref={formRef}
      preventScrollReset
      data-hydrated={hydrated ? "true" : undefined}
      className="space-y-3"
    >
      {urlLocale ? <input type="hidden" name="hl" value={urlLocale} /> : null}
      <SearchTypePicker
        legend={t("search.whatFound")}
        type={type}
        labelOf={(value) => t(SEARCH_TYPE_LABELS[value])}
        onPick={(value) => {
          setType(value);
          setNumber(""); // switching the type clears the number (spec 000 §5)
        }}
      />

      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {t(type === "metrocard" ? "search.numberMetroCard" : "search.numberToken")}
        </label>
        {/* The button goes below the field when both do not fit in a row (a long button text, large text). */}
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id={inputId}
            name="number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="search"
            value={number}
            placeholder={type === "metrocard" ? t("search.metroPlaceholder") : formatToken(DEMO_TOKEN)}
            maxLength={hydrated ? (type === "metrocard" ? METRO_CARD_MAX : FORMATTED_TOKEN_LENGTH) : undefined}
            // The label and placeholder of each type, for the script of a page that is not hydrated.
            data-metrocard-label={t("search.numberMetroCard")}
            data-tagbacktoken-label={t("search.numberToken")}
            data-metrocard-placeholder={t("search.metroPlaceholder")}
            data-tagbacktoken-placeholder={formatToken(DEMO_TOKEN)}
            onChange={(event) => setNumber(displayNumber(type, keepDigits(event.target.value, type)))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="block min-w-0 flex-[1_1_8rem] rounded-lg border border-slate-300 px-3 py-2 text-lg tracking-wide shadow-sm focus:border-brand-600 focus:outline-none aria-invalid:border-red-500"
          />
          <Button type="submit" disabled={searching} data-pending-label={t("search.searching")} className="max-w-full shrink-0">
            {searching ? <Icon name="spinner" strokeWidth={3} className="h-4 w-4 animate-spin" /> : null}
            {searching ? t("search.searching") : t("search.findOwner")}
          </Button>
        </div>
        {error ? (
          <div id={errorId} role="alert" className="mt-2 text-sm text-red-800">
            <p className="font-semibold">{error.title}</p>
            <p>{error.description}</p>
          </div>
        ) : null}
      </div>
    </Form>
  );
}

/** Hero's Scan demo: a link to the demo search; with JavaScript it fills the form and searches after 1 s. */
export function ScanDemoLink({ token, className }: { token: string; className?: string }) {
  const { t, locale } = useT();
  const languageHref = useLanguageHref();
  return (
    // In the page's language, also inside an English section (lang="en").
    <a
      lang={locale}
      href={languageHref(`/?type=tagbacktoken&number=${formatToken(token)}#find-owner`)}
      className={className}
      onClick={(event) => {
        if (!document.getElementById("owner-search")) return;
        event.preventDefault();
        window.dispatchEvent(new CustomEvent(SCAN_DEMO_EVENT, { detail: token }));
      }}
    >
      {/* May shrink below its word (200 % text in a narrow card): it wraps inside the button. */}
      <span className="min-w-0">{t("search.scanDemo")}</span>
    </a>
  );
}
