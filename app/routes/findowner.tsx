import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/findowner";
import { useRootData } from "~/core/hooks/use-root-data";
import { FinderDialog, FinderForm } from "~/features/finder/finder-search";
import { finderHandle, finderMeta, finderShouldRevalidate } from "~/features/finder/finder";
import { finderAction, finderHeaders, finderLoader } from "~/features/finder/finder-route.server";
import { FloatingActions } from "~/features/marketing/floating-actions";
import { shareMeta, siteUrlOf } from "~/core/seo";
import { metaT, useT } from "~/i18n/use-t";

// The one public page wholly in the finder's language: a URL per language (`?hl=`), each naming the
// others, and a link preview in that language (core/seo.ts).
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const translate = metaT(matches);
  const page = { title: translate.t("search.metaTitle"), description: translate.t("search.metaDescription") };
  const language = { locale: translate.locale, search: location.search };
  return [
    ...finderMeta(loaderData, page, translate),
    ...(loaderData?.search ? [] : shareMeta({ ...page, path: "/findowner", siteUrl: siteUrlOf(matches), language, imageAlt: translate.t("site.shareText") })),
  ];
};

export const loader = finderLoader;
export const action = finderAction;
export const headers = finderHeaders;
export const shouldRevalidate = finderShouldRevalidate;
export const handle = finderHandle;

export default function FindOwner() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const root = useRootData();
  const { t } = useT();
  return (
    <>
      <FinderDialog data={data} actionData={actionData} closeHref="/findowner" />
      <section id="find-owner" aria-labelledby="findowner-title" className="mx-auto max-w-xl px-4 py-10">
        <h1 id="findowner-title" className="text-2xl font-black tracking-tight text-brand-900 sm:text-3xl">
          {t("search.pageTitle")}
        </h1>
        <p className="mt-2 text-slate-700">{t("search.pageIntro")}</p>
        <div className="mt-6 rounded-2xl border border-slate-200 p-4 shadow-sm sm:p-6">
          <FinderForm data={data} action="/findowner" />
        </div>
      </section>

      <FloatingActions shopUrl={root?.shopUrl ?? "#"} signedIn={root?.signedIn ?? false} />
    </>
  );
}
