// What the scan result says when it finds no owner. A miss (an unknown number, a token that is not
// verified) says so plainly and gives next steps; a minted sticker nobody has claimed says it is
// not activated yet and how its owner activates it. Neither shows a name or an avatar, and neither
// tells anything else about the number (docs/decisions/011).
import { ButtonLink } from "~/components/ui/button";
import type { SearchQuery } from "~/features/finder/search-input";
import { formatToken } from "~/features/finder/search-input";
import { useT } from "~/i18n/use-t";

/** The dialog's body for a miss. `searchAgainHref`: the page's search box, without the search. */
export function MissView({ query, searchAgainHref }: { query: SearchQuery; searchAgainHref: string }) {
  const { t } = useT();
  const shown = query.type === "tagbacktoken" ? formatToken(query.number) : query.number;
  return (
    <div className="space-y-4" data-profile-kind="not-found">
      <p className="text-slate-800" data-testid="miss-lead">
        {t(query.type === "metrocard" ? "scan.missMetroCard" : "scan.missToken", { number: shown })}
      </p>
      <section aria-labelledby="miss-next-title">
        <h3 id="miss-next-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t("scan.nextSteps")}
        </h3>
        <ul className="mt-2 list-disc space-y-2 ps-5 text-slate-800">
          <li>{t("scan.checkNumber")}</li>
          <li>{t("scan.metroCounter")}</li>
          <li>{t("scan.otherItem")}</li>
        </ul>
      </section>
      <ButtonLink to={searchAgainHref} variant="outline">
        {t("scan.searchAgain")}
      </ButtonLink>
    </div>
  );
}

/** The dialog's body for a minted, unclaimed sticker: how its owner activates it, and nothing else. */
export function NotActivatedView() {
  const { t } = useT();
  return (
    <div className="space-y-4" data-profile-kind="not-activated">
      <p className="text-slate-800">{t("scan.notActivatedLead")}</p>
      <section aria-labelledby="activate-title" className="rounded-lg border border-brand-100 bg-brand-50 p-3">
        <h3 id="activate-title" className="font-semibold text-brand-900">
          {t("scan.yoursTitle")}
        </h3>
        <p className="mt-1 text-slate-800">{t("scan.yoursSteps")}</p>
        <ButtonLink to="/auth?redirectTo=%2Ftoken" className="mt-3">
          {t("scan.activate")}
        </ButtonLink>
      </section>
      <section aria-labelledby="activate-found-title">
        <h3 id="activate-found-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
          {t("scan.foundTitle")}
        </h3>
        <p className="mt-1 text-slate-800">{t("scan.otherItem")}</p>
      </section>
    </div>
  );
}
