// /lost-found (spec 001 §2 "Lost and Found"): two tabs, which are links (?tab=found), so they work
// without JavaScript. 'My Lost Items': the report form (every field typed) and the owner's reports.
// 'Found an Item': the owner search and the public finder's owner dialog (lost mode included).
import { data, Link } from "react-router";
import type { Route } from "./+types/route";
import { dbContext } from "~/core/context";
import { readForm, unknownIntent } from "~/middleware/read-form.server";
import { requireUser } from "~/features/account/guards.server";
import type { FinderActionData } from "~/features/finder/finder";
import { foundShouldRevalidate } from "~/features/lost-found/found-search";
import { finderAction, finderHeaders } from "~/features/finder/finder-route.server";
import { FinderDialog } from "~/features/finder/finder-search";
import { FoundSearchForm } from "~/features/lost-found/found-search-form";
import { foundSearchLoader } from "~/features/lost-found/found-search.server";
import { changeStatus, deleteReport, reportTypedItem, type LostIntent, type LostIntentArgs } from "~/features/lost-found/lost-actions.server";
import { todayInIndia } from "~/features/lost-found/lost-forms";
import { listLostItems, loadOrNull } from "~/features/lost-found/lost-items.server";
import { LostList, type LastResult } from "~/features/lost-found/lost-list";
import { withLinks } from "~/features/lost-found/with-links";
import { metaT, useT } from "~/i18n/use-t";
import { localeContext } from "~/middleware/i18n";
import { ReportForm } from "./report-form";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaT(matches).t("lostPage.lostFoundMetaTitle") }, { name: "robots", content: "noindex" }];

export const headers = finderHeaders;
export const shouldRevalidate = foundShouldRevalidate;

const FOUND_TAB = "/lost-found?tab=found";

export async function loader(args: Route.LoaderArgs) {
  const userId = requireUser(args).id;
  if (new URL(args.request.url).searchParams.get("tab") === "found") {
    const result = await foundSearchLoader(args, "lostFound");
    return data({ tab: "found" as const, finder: result.data.finder, reports: null, today: todayInIndia() }, result.init ?? undefined);
  }
  const reports = await loadOrNull(listLostItems(args.context.get(dbContext), userId));
  return data({
    tab: "lost" as const,
    finder: null,
    reports: reports?.map(({ createdAt, ...report }) => ({ ...report, createdAt: createdAt.toISOString() })) ?? null,
    today: todayInIndia(),
  });
}

export async function action(args: Route.ActionArgs) {
  const userId = requireUser(args).id;
  // The owner dialog's unlock form is the finder's own action, which reads the body itself.
  const formData = await readForm(args.request.clone());
  const intentArgs: LostIntentArgs = { db: args.context.get(dbContext), userId, formData, page: "/lost-found", locale: args.context.get(localeContext) };
  switch (formData.get("intent")) {
    case "report":
      return reportTypedItem(intentArgs);
    case "status":
      return changeStatus(intentArgs);
    case "delete":
      return deleteReport(intentArgs);
    case "unlock":
      return finderAction(args);
    default:
      return unknownIntent();
  }
}

function Tabs({ current }: { current: "lost" | "found" }) {
  const { t } = useT();
  const tabs = [
    { id: "lost", label: t("lostPage.tabMine"), href: "/lost-found" },
    { id: "found", label: t("lostPage.tabFound"), href: FOUND_TAB },
  ] as const;
  return (
    <nav aria-label={t("lostPage.lostFoundHeading")} className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.href}
          aria-current={tab.id === current ? "page" : undefined}
          className="rounded-lg px-3 py-2 text-center text-sm font-semibold text-slate-700 aria-[current=page]:bg-white aria-[current=page]:text-brand-700 aria-[current=page]:shadow-sm"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

export default function LostFoundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const resultFor = (intent: LostIntent): LastResult =>
    actionData && "intent" in actionData && actionData.intent === intent ? (actionData.result ?? undefined) : undefined;
  const unlockData = actionData && "unlock" in actionData ? (actionData as FinderActionData) : undefined;
  return (
    <div className="max-w-3xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold">{t("lostPage.lostFoundHeading")}</h1>
        <p className="mt-1 text-slate-700">{t("lostPage.lostFoundLead")}</p>
      </div>
      <Tabs current={loaderData.tab} />
      {loaderData.tab === "found" && loaderData.finder ? (
        <>
          <FinderDialog data={loaderData.finder} actionData={unlockData} closeHref={FOUND_TAB} />
          <section aria-labelledby="found-title" className="space-y-3">
            <h2 id="found-title" className="text-xl font-bold">
              {t("lostPage.tabFound")}
            </h2>
            {loaderData.finder.alert ? (
              <div role="alert" data-testid="search-alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">{loaderData.finder.alert.title}</p>
                {loaderData.finder.alert.description ? <p>{loaderData.finder.alert.description}</p> : null}
              </div>
            ) : null}
            <FoundSearchForm
              key={`${loaderData.finder.form.type}:${loaderData.finder.form.number}`}
              action="/lost-found"
              hidden={{ tab: "found" }}
              variant="lostFound"
              defaultType={loaderData.finder.form.type}
              defaultNumber={loaderData.finder.form.number}
              lastResult={loaderData.finder.lastResult}
            />
            <p className="text-sm text-slate-600">
              {withLinks(t("lostPage.haveSticker"), { link: { href: "/found?scan=1", text: t("lostPage.scanLink") } })}
            </p>
          </section>
        </>
      ) : (
        <>
          <ReportForm today={loaderData.today} lastResult={resultFor("report")} />
          <LostList items={loaderData.reports} action="/lost-found" statusResult={resultFor("status")} deleteResult={resultFor("delete")} />
        </>
      )}
    </div>
  );
}
