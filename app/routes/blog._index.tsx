// /blog: every published post, searchable. The search is a GET form (/blog?q=...) answered on the
// server, so it works without JavaScript; with JavaScript the grid filters while you type, with
// the same match, and the URL follows.
import { useEffect, useRef, useState } from "react";
import { data, Form, useLoaderData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/blog._index";
import { metaT } from "~/i18n/use-t";
import { Button, ButtonLink } from "~/components/ui/button";
import { BlogListLoading, PostSkeleton, useBlogPending } from "~/features/content/blog-pending";
import { PostPreviewCard } from "~/features/content/post-preview";
import { listPosts } from "~/features/content/posts.server";
import { BLOG_SEARCH_MAX, matchesSearch } from "~/features/content/search";
import { ContentError } from "~/features/content/source.server";
import { sameForAnyone, type RouteHandle } from "~/core/route-handle";
import { typedBeforeHydration, useHydrated } from "~/core/hooks/use-hydrated";

export const handle: RouteHandle = { contentPage: true, keep: sameForAnyone };

export async function loader() {
  try {
    // All posts (a blog of tens of posts): the page filters them, on the server for the first
    // render and in the browser while typing.
    return { state: "ok" as const, posts: await listPosts() };
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.warn(`blog list: ${error.message}`);
    return data({ state: "error" as const }, { status: 503 });
  }
}

// Typing in the search box only changes `q`, which the loader does not read.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const onlySearch = currentUrl.pathname === nextUrl.pathname && !formMethod && currentUrl.searchParams.get("q") !== nextUrl.searchParams.get("q");
  return onlySearch ? false : defaultShouldRevalidate;
}

// In the page's language; the posts themselves are as published (English).
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = metaT(matches);
  return [
    { title: loaderData?.state === "error" ? t("meta.blogErrorTitle") : t("meta.blogTitle") },
    { name: "description", content: t("meta.blogDescription") },
    { property: "og:type", content: "website" },
    { property: "og:title", content: t("meta.blogName") },
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: t("meta.blogName"), href: "/blog/rss.xml" },
  ];
};

export default function BlogList() {
  const loaderData = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = (searchParams.get("q") ?? "").slice(0, BLOG_SEARCH_MAX);
  // From the box as it is when React starts: a visitor may have typed already (issue 34).
  const [query, setQuery] = useState(() => typedBeforeHydration("blog-search", urlQuery).slice(0, BLOG_SEARCH_MAX));
  const hydrated = useHydrated();
  const pending = useBlogPending();

  // Back/forward and links change the URL's q: the box follows. Not on the first render, where the
  // box keeps what was typed before React started (the URL then follows the box, below).
  const shownQuery = useRef(urlQuery);
  useEffect(() => {
    if (shownQuery.current === urlQuery) return;
    shownQuery.current = urlQuery;
    setQuery(urlQuery);
  }, [urlQuery]);

  // The URL follows the box (replacing, not adding, history). What it will hold is noted as shown
  // first: when it lands the box keeps whatever was typed meanwhile rather than going back to it.
  const urlFollowsBox = () => {
    shownQuery.current = query.trim() ? query : "";
    setSearchParams(query.trim() ? { q: query } : {}, { replace: true, preventScrollReset: true });
  };

  // While typing, after a short pause. Only a change of the box starts the timer, so urlQuery and
  // urlFollowsBox are left out.
  useEffect(() => {
    if (query === urlQuery) return;
    const timer = setTimeout(urlFollowsBox, 300);
    return () => clearTimeout(timer);
  }, [query]);

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h1 className="text-3xl font-black tracking-tight text-brand-900 sm:text-4xl">Tagback Blog</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">
            Keeping your metro card, laptop, keys and bags safe in India, and what to do when you lose something or find
            someone else's.
          </p>
          {/* data-hydrated: typing filters from here on (what a test waits for, as on the finder's form). */}
          <Form method="get" action="/blog" role="search" data-hydrated={hydrated ? "true" : undefined} className="mt-6 flex max-w-2xl gap-2" onSubmit={(event) => {
              // The grid already shows the matches; the URL catches up now instead of after the pause.
              event.preventDefault();
              urlFollowsBox();
            }}>
            <label htmlFor="blog-search" className="sr-only">
              Search blogs
            </label>
            <input
              id="blog-search"
              type="search"
              name="q"
              value={query}
              onChange={(event) => setQuery(event.target.value.slice(0, BLOG_SEARCH_MAX))}
              maxLength={BLOG_SEARCH_MAX}
              placeholder="Search blogs by title, category, or excerpt..."
              className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2.5"
            />
            <Button type="submit">Search</Button>
          </Form>
        </div>
      </section>
      <section aria-label="Blog posts" className="mx-auto max-w-6xl px-4 py-10">
        {pending === "list" ? (
          <BlogListLoading />
        ) : pending === "post" ? (
          <PostSkeleton />
        ) : loaderData.state === "error" ? (
          <ListError />
        ) : (
          <PostGrid posts={loaderData.posts} query={query} />
        )}
      </section>
    </>
  );
}

function PostGrid({ posts, query }: { posts: Parameters<typeof PostPreviewCard>[0]["post"][]; query: string }) {
  if (posts.length === 0) {
    return (
      <div className="py-12 text-center">
        <p className="text-slate-600">No blog posts available.</p>
        <ButtonLink to="/blog" variant="outline" className="mt-4">
          Refresh
        </ButtonLink>
      </div>
    );
  }
  const shown = posts.filter((post) => matchesSearch(post, query));
  if (shown.length === 0) {
    return (
      <p role="status" className="py-12 text-center text-slate-600">
        No matching blog posts found.
      </p>
    );
  }
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((post) => (
        <PostPreviewCard key={post.id} post={post} headingLevel={2} />
      ))}
    </div>
  );
}

function ListError() {
  return (
    <div role="alert" className="py-12 text-center">
      <h2 className="text-xl font-bold text-red-800">Error loading blog posts</h2>
      <p className="mt-2 text-slate-600">Please try again later</p>
      <ButtonLink to="/blog" className="mt-6">
        Try Again
      </ButtonLink>
    </div>
  );
}
