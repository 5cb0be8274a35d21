import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/about";
import { buttonClasses } from "~/components/ui/button";
import { FinderDialog, FinderForm } from "~/features/finder/finder-search";
import { ScanDemoLink } from "~/features/finder/search-form";
import { DEMO_TOKEN, DEMO_UNLOCK_DIGITS } from "~/features/finder/demo";
import { finderHandle, finderMeta, finderShouldRevalidate } from "~/features/finder/finder";
import { finderAction, finderHeaders, finderLoader } from "~/features/finder/finder-route.server";
import { formatToken } from "~/features/finder/search-input";
import { FindOwnerSection, ResultPageFooter } from "~/features/marketing/find-owner-section";
import { AboutRest, AboutTop } from "~/features/marketing/lazy-pages";
import { shareMeta, siteUrlOf } from "~/core/seo";
import { metaT, useT } from "~/i18n/use-t";

// A URL per language (`?hl=`), each naming the others (core/seo.ts languageLinks).
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const translate = metaT(matches);
  const page = { title: translate.t("meta.aboutTitle"), description: translate.t("meta.aboutDescription") };
  const language = { locale: translate.locale, search: location.search };
  return [
    ...finderMeta(loaderData, page, translate),
    ...(loaderData?.search ? [] : shareMeta({ ...page, path: "/about", siteUrl: siteUrlOf(matches), language, imageAlt: translate.t("site.shareText") })),
  ];
};

export const loader = finderLoader;
export const action = finderAction;
export const handle = finderHandle;
export const headers = finderHeaders;
export const shouldRevalidate = finderShouldRevalidate;

export default function About() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // As on /: a search result is the result and the search, without the marketing parts.
  const result = Boolean(data.search);
  const { t } = useT();
  return (
    <>
      <FinderDialog data={data} actionData={actionData} closeHref="/about#find-owner" />
      {result ? null : <AboutTop />}
      {/* As on /: the section's English copy is marked; the search itself is in the page's language. */}
      <FindOwnerSection
        copyLang={result ? undefined : "en"}
        title={result ? t("search.pageTitle") : "Find an owner"}
        intro={result ? t("search.pageIntro") : "Found something with a Tagback sticker? Type the metro card number or the number printed on the sticker."}
      >
        <FinderForm data={data} action="/about" />
      </FindOwnerSection>
      {result ? (
        <ResultPageFooter homeHref="/about" label={t("search.readAbout")} />
      ) : (
        <>
          {/* English copy; its Scan demo link is in the page's language (ScanDemoLink sets its lang). */}
          <section lang="en" id="demo" aria-labelledby="demo-title">
            <div className="mx-auto max-w-6xl px-4 pb-12">
              <div className="rounded-3xl border-2 border-dashed border-brand-600/40 bg-brand-50 p-4 sm:p-10">
                <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Interactive demo</p>
                <h2 id="demo-title" className="mt-2 text-3xl font-black tracking-tight text-slate-900">
                  See what a finder sees
                </h2>
                <p className="mt-3 max-w-2xl text-slate-700">
                  Search the demo sticker <strong className="font-mono">{formatToken(DEMO_TOKEN)}</strong>. Its owner's note is
                  masked: unlock it with <strong className="font-mono">{DEMO_UNLOCK_DIGITS}</strong>, digits 5 to 8 of the number,
                  just as someone holding a real sticker would.
                </p>
                <ScanDemoLink token={DEMO_TOKEN} className={buttonClasses({ size: "xl", className: "mt-6 max-w-full" })} />
              </div>
            </div>
          </section>
          <AboutRest />
        </>
      )}
    </>
  );
}
