import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/route";
import { FinderDialog, FinderForm } from "~/features/finder/finder-search";
import { requireAnonymous } from "~/features/account/guards.server";
import { finderHandle, finderMeta, finderShouldRevalidate } from "~/features/finder/finder";
import { finderAction, finderHeaders, finderLoader } from "~/features/finder/finder-route.server";
import { readSearchRequest } from "~/features/finder/search-input";
import { latestPosts } from "~/features/content/posts.server";
import { LANDING_POSTS } from "~/features/content/rules";
import { FindOwnerSection, ResultPageFooter } from "~/features/marketing/find-owner-section";
import { LandingRest, LandingTop } from "~/features/marketing/lazy-pages";
import type { RouteHandle } from "~/core/route-handle";
import { shareMeta, siteUrlOf } from "~/core/seo";
import { STICKER_PRICE_INR } from "~/core/site";
import { TOKEN_LENGTH } from "~/features/stickers/rules";
import { dbContext } from "~/core/context";
import { returnedForLanding } from "~/features/returns/funnel.server";
import { metaT, useT } from "~/i18n/use-t";

// A URL per language (`?hl=`), each naming the others (core/seo.ts languageLinks).
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const translate = metaT(matches);
  const page = { title: translate.t("meta.homeTitle"), description: translate.t("meta.homeDescription", { price: STICKER_PRICE_INR }) };
  const language = { locale: translate.locale, search: location.search };
  return [
    ...finderMeta(loaderData, page, translate),
    ...(loaderData?.search ? [] : shareMeta({ ...page, path: "/", siteUrl: siteUrlOf(matches), language, imageAlt: translate.t("site.shareText") })),
  ];
};

// The finder search runs here, so a sticker scan (/?t=TOKEN) gets the owner in the first HTML.
export async function loader(args: Route.LoaderArgs) {
  // A signed-in user does not stay on the landing page, but a signed-in finder who scans a
  // sticker (or searches) sees the result like anyone else.
  const request = readSearchRequest(new URL(args.request.url).searchParams);
  if (request.kind === "none") requireAnonymous(args);
  const finder = await finderLoader(args);
  // A sticker link that is not a token (`/?t=12`, a mistyped or damaged one): the finder's small
  // page with the search and what is wrong, in their language, not the marketing page (issue 34).
  const mistypedSticker = request.kind === "sticker" && !finder.data.search;
  // A result page is only the result: no marketing, so no blog fetch either.
  const posts = finder.data.search || mistypedSticker ? [] : await latestPosts(LANDING_POSTS);
  // The real all-time count of returns, once it reached the admin's threshold (issue 49). The page
  // is kept for PAGE_TTL_MS (core/kept-pages.server.ts), so a new return shows within minutes.
  const returned = finder.data.search || mistypedSticker ? null : await returnedForLanding(args.context.get(dbContext));
  return data({ ...finder.data, mistypedSticker, posts: posts ?? [], postsUnavailable: posts === null, returned }, finder.init ?? undefined);
}

export const action = finderAction;
// The header's menu links the blog section only while this page shows it (with posts).
export const handle: RouteHandle = {
  ...finderHandle,
  // Without its posts for a moment (the blog did not answer), the page is not kept that way.
  keep: (loaderData) => ((loaderData as { postsUnavailable?: boolean } | undefined)?.postsUnavailable ? null : finderHandle.keep!(loaderData)),
  blogSection: (loaderData) => ((loaderData as { posts?: unknown[] } | undefined)?.posts?.length ?? 0) > 0,
  // A mistyped sticker link is a finder's small page too, like a result (decision 017).
  resultPage: (loaderData) => finderHandle.resultPage!(loaderData) || (loaderData as { mistypedSticker?: boolean } | undefined)?.mistypedSticker === true,
};
export const headers = finderHeaders;
export const shouldRevalidate = finderShouldRevalidate;

export default function Index() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A search result (a sticker scan) is a small page: the owner first, then the search. The
  // marketing parts are left out, and their code is a separate download (features/marketing/lazy-pages).
  const result = Boolean(data.search) || data.mistypedSticker;
  const { t } = useT();
  // A result is a finder's page, in the finder's language; the landing page's copy is English.
  return (
    <>
      <FinderDialog data={data} actionData={actionData} closeHref="/#find-owner" />
      {result ? null : <LandingTop />}
      {result || !data.returned ? null : (
        <p className="mx-auto max-w-3xl px-4 py-4 text-center text-lg font-semibold text-brand-900" data-testid="returned-count">
          {data.returned.toLocaleString("en-IN")} lost {data.returned === 1 ? "item has" : "items have"} come home through Tagback.
        </p>
      )}
      <FindOwnerSection
        copyLang={result ? undefined : "en"}
        title={result ? t("search.pageTitle") : "Found something?"}
        intro={
          result
            ? t("search.pageIntro")
            : `Scan the Tagback sticker with your phone camera: it opens the owner's profile directly. Or type the metro card number or the ${TOKEN_LENGTH}-digit number printed on the sticker. No account needed.`
        }
      >
        <FinderForm data={data} action="/" />
      </FindOwnerSection>
      {result ? <ResultPageFooter homeHref="/" label={t("search.visitHome")} /> : <LandingRest posts={data.posts} />}
    </>
  );
}
