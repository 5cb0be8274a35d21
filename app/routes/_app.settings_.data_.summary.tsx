// /settings/data/summary (also reached as /settings/data?view=summary): the owner's data said
// briefly — what we hold, why, and for how long — beside the JSON download that holds all of it.
import { Link } from "react-router";
import type { Route } from "./+types/_app.settings_.data_.summary";
import { Section } from "~/components/ui/section";
import { dbContext } from "~/core/context";
import { NO_STORE } from "~/core/no-store";
import { exportOwnData, summaryOf } from "~/features/account/data-export.server";
import { requireUser } from "~/features/account/guards.server";
import { messageIn } from "~/i18n/messages";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("accountData.metaTitle") }];

export const headers: Route.HeadersFunction = () => NO_STORE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser({ request, context });
  const data = await exportOwnData(context.get(dbContext), user.id);
  // Said in the page's language here, so the rows arrive as the page shows them.
  const locale = context.get(localeContext);
  const held = summaryOf(data).map(({ what, count, kept, keptFor }) => {
    const said = messageIn(locale, what);
    return { what: said.title, why: said.description ?? "", count, kept: messageIn(locale, kept, keptFor).title };
  });
  return { email: data.account.email, held };
}

export default function DataSummaryPage({ loaderData }: Route.ComponentProps) {
  const { email, held } = loaderData;
  const { t } = useT();
  const [before, after] = t("accountData.lead").split("{email}");
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t("accountData.heading")}</h1>
      <p className="text-sm text-slate-700">
        {before}
        <span className="break-all font-medium">{email}</span>
        {after}
      </p>
      <p className="flex flex-wrap gap-4">
        <a href="/settings/data" className="font-medium text-brand-700 underline" data-testid="download-data">
          {t("settingsPage.download")}
        </a>
        <Link to="/settings" className="font-medium text-brand-700 underline">
          {t("accountData.backToSettings")}
        </Link>
      </p>
      <Section id="held-title" title={t("accountData.whatWeHold")}>
        <ul className="divide-y divide-slate-100" data-testid="data-summary">
          {held.map((row) => (
            <li key={row.what} className="py-3 text-sm">
              <p className="font-medium text-slate-900">
                {row.what}: <span data-testid="held-count">{row.count}</span>
              </p>
              <p className="text-slate-700">{row.why}</p>
              <p className="text-slate-600">{t("accountData.kept", { kept: row.kept })}</p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
