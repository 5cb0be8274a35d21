// Settings → Language (issue 48): the account's language, a plain form that works without JavaScript.
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { Section } from "~/components/ui/section";
import { LOCALE_NAMES, LOCALES, type Locale } from "~/core/locale";
import { useT } from "~/i18n/use-t";

/** The form of the Language section. */
export const LANGUAGE_INTENT = "language";

/** The account's language: a plain form, one select and a button, that works without JavaScript. */
export function AccountLanguage({ language, refused }: { language: Locale; refused: string | null }) {
  const { t } = useT();
  return (
    <Section id="language-title" title={t("accountLanguage.heading")}>
      <form method="post" action="/settings" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value={LANGUAGE_INTENT} />
        <p id="account-language-lead" className="text-sm text-slate-600">
          {t("accountLanguage.lead")}
        </p>
        {refused ? <FormAlert title={refused} /> : null}
        <div className="flex flex-wrap items-end gap-3">
          <label className="block min-w-0 text-sm font-medium text-slate-900">
            {t("accountLanguage.label")}
            {/* Keyed by the saved language: the switch changes it without a new document too. */}
            <select
              key={language}
              name="lang"
              defaultValue={language}
              aria-describedby="account-language-lead"
              className="mt-1 block w-full min-w-[min(10rem,100%)] rounded-lg border border-slate-300 bg-white px-3 py-2 text-base"
              data-testid="account-language"
            >
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {LOCALE_NAMES[code]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="outline">
            {t("accountLanguage.save")}
          </Button>
        </div>
      </form>
    </Section>
  );
}
