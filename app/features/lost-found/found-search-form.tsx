// The owner search form of /found and of the 'Found an Item' tab: a plain GET form (a shareable
// URL; works without JavaScript). With JavaScript it keeps only digits (metro card at most
// METRO_CARD_MAX, token TOKEN_LENGTH shown 4-4-4) and shows these screens' messages before any
// request, from the same parser the server uses.
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { formatToken, keepDigits, SEARCH_TYPE_LABELS, SEARCH_TYPES, type SearchType } from "~/features/finder/search-input";
import { SearchTypePicker } from "~/features/finder/search-type-picker";
import { METRO_CARD_MAX } from "~/features/owner/rules";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { messageOf } from "~/i18n/messages";
import { useT } from "~/i18n/use-t";
import { checkedBeforeHydration, typedBeforeHydration, useHydrated } from "~/core/hooks/use-hydrated";
import { parseFoundSearch, type FoundVariant } from "./found-search";

type FoundSearchFormProps = {
  /** Where the form goes: /found, or /lost-found with its tab. */
  action: string;
  /** Extra fields the page needs in its URL (the tab). */
  hidden?: Record<string, string>;
  variant: FoundVariant;
  defaultType: SearchType;
  defaultNumber: string;
  lastResult: SubmissionResult<string[]> | null;
};

function display(type: SearchType, digits: string) {
  return type === "tagbacktoken" ? formatToken(digits) : digits;
}

export function FoundSearchForm({ action, hidden, variant, defaultType, defaultNumber, lastResult }: FoundSearchFormProps) {
  const { t, locale } = useT();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // From the fields as they are when React starts: the owner may have typed already.
  const [type, setType] = useState<SearchType>(() => checkedBeforeHydration(`found-search-${variant}`, "type", SEARCH_TYPES, defaultType));
  const [number, setNumber] = useState(() => {
    const start = typedBeforeHydration(`found-number-${variant}`, defaultNumber);
    return /^[\d\s-]*$/.test(start) ? display(type, keepDigits(start, type)) : start;
  });
  const [form, fields] = useForm({
    id: `found-search-${variant}`,
    lastResult,
    onValidate: ({ formData }) => parseFoundSearch(formData, variant),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const errorKey = fields.number.errors?.[0] ?? fields.type.errors?.[0];
  const error = errorKey ? messageOf(errorKey, "found.missing", locale) : null;
  const searching = navigation.state !== "idle" && navigation.location?.pathname === action.split("?")[0] && navigation.location.search.includes("number=");
  const inputId = `found-number-${variant}`;
  const errorId = `${inputId}-error`;
  return (
    <Form method="get" action={action} {...getFormProps(form)} preventScrollReset className="space-y-3">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SearchTypePicker
        legend={t("search.whatFound")}
        type={type}
        labelOf={(value) => t(SEARCH_TYPE_LABELS[value])}
        onPick={(value) => {
          setType(value);
          setNumber("");
        }}
      />
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {t(type === "metrocard" ? "search.numberMetroCard" : "search.numberToken")}
        </label>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id={inputId}
            name="number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="search"
            value={number}
            placeholder={type === "metrocard" ? t("search.metroPlaceholder") : "1234-5678-9012"}
            maxLength={hydrated ? (type === "metrocard" ? METRO_CARD_MAX : TOKEN_LENGTH + 2) : undefined}
            onChange={(event) => setNumber(display(type, keepDigits(event.target.value, type)))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="block min-w-0 flex-1 basis-40 rounded-lg border border-slate-300 px-[min(0.75rem,3vw)] py-2 text-lg tracking-wide shadow-sm focus:border-brand-600 focus:outline-none aria-invalid:border-red-500"
          />
          <Button type="submit" disabled={searching}>
            {t(searching ? "search.searching" : "search.findOwner")}
          </Button>
        </div>
        {error ? (
          <div id={errorId} role="alert" className="mt-2 text-sm text-red-800" data-testid="found-search-error">
            <p className="font-semibold">{error.title}</p>
            {error.description ? <p>{error.description}</p> : null}
          </div>
        ) : null}
      </div>
    </Form>
  );
}
