// Lost mode in the scan result: shown first, above the owner's profile and contact options, while
// the owner's report of the item is pending. Text the owner wrote is rendered as text (React
// escapes it); it was cleaned and profanity-checked when the report was saved.
import { useT } from "~/i18n/use-t";
import type { LostNotice as Notice } from "./lost-mode";

export function LostNotice({ notice }: { notice: Notice }) {
  const { t } = useT();
  return (
    <section
      aria-labelledby="lost-notice-title"
      data-testid="lost-notice"
      className="mb-5 rounded-xl border-2 border-red-300 bg-red-50 p-4 text-red-950"
    >
      <h3 id="lost-notice-title" className="text-lg font-bold">
        {t("lostMode.title")}
      </h3>
      <p className="mt-1 text-sm">{t("lostMode.lead")}</p>
      {notice.message || notice.reward ? (
        <dl className="mt-3 space-y-2 text-sm">
          {notice.message ? (
            <div>
              <dt className="font-semibold">{t("lostMode.message")}</dt>
              <dd className="whitespace-pre-line break-words" data-testid="lost-message">
                {notice.message}
              </dd>
            </div>
          ) : null}
          {notice.reward ? (
            <div>
              <dt className="font-semibold">{t("lostMode.reward")}</dt>
              <dd className="break-words font-medium" data-testid="lost-reward">
                {notice.reward}
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
