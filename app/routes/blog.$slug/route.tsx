// /blog/{slug}: one post, rendered on the server. Its author dialog is a URL state (?author), so it
// opens and closes with JavaScript off; the page ships no script of its own (handle.hydrate).
import { data, Link, useLoaderData, useLocation } from "react-router";
import type { Route } from "./+types/route";
import { metaT } from "~/i18n/use-t";
import { ButtonLink } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { getEnv } from "~/core/env.server";
import { AuthorAvatar } from "~/features/content/author-avatar";
import { BlogListLoading, PostSkeleton, useBlogPending } from "~/features/content/blog-pending";
import { CategoryChips } from "~/features/content/category-chips";
import { formatPostDate } from "~/features/content/format";
import { PostPreviewCard } from "~/features/content/post-preview";
import { findPost, relatedPosts } from "~/features/content/posts.server";
import { ContentError } from "~/features/content/source.server";
import type { Author, Post, PostPreview } from "~/features/content/types";
import { RichText } from "./rich-text";
import { shareLinks } from "./share-links";
import { sameForAnyone, type RouteHandle } from "~/core/route-handle";

export const handle: RouteHandle = { hydrate: false, contentPage: true, keep: sameForAnyone };

export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.slug ?? "";
  const origin = getEnv().APP_URL;
  const pageUrl = `${origin}/blog/${encodeURIComponent(slug)}`;
  const [post, related] = await Promise.allSettled([findPost(slug), relatedPosts(slug)]);
  if (post.status === "rejected") {
    if (!(post.reason instanceof ContentError)) throw post.reason;
    console.warn(`blog post ${slug}: ${post.reason.message}`);
    return data({ state: "error" as const, slug }, { status: 503 });
  }
  if (!post.value) return data({ state: "not-found" as const, slug }, { status: 404 });
  return {
    state: "ok" as const,
    slug,
    post: post.value,
    // Recommendations are a bonus: when only they fail, the post still shows.
    related: related.status === "fulfilled" ? related.value : [],
    pageUrl,
    imageUrl: post.value.mainImage ? new URL(post.value.mainImage.url, origin).toString() : null,
  };
}

// The frame in the page's language; the post's own title and excerpt as published.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const { t } = metaT(matches);
  if (!loaderData || loaderData.state === "not-found") {
    return [{ title: t("meta.postNotFoundTitle") }, { name: "robots", content: "noindex" }];
  }
  if (loaderData.state === "error") return [{ title: t("meta.postErrorTitle") }, { name: "robots", content: "noindex" }];
  const { post, pageUrl, imageUrl } = loaderData;
  return [
    { title: t("meta.postTitle", { post: post.title }) },
    { name: "description", content: post.excerpt },
    { tagName: "link", rel: "canonical", href: pageUrl },
    { property: "og:type", content: "article" },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.excerpt },
    { property: "og:url", content: pageUrl },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }, { property: "og:image:alt", content: post.mainImage?.alt ?? "" }] : []),
    { property: "article:published_time", content: post.publishedAt },
    ...(post.author ? [{ property: "article:author", content: post.author.name }] : []),
    ...post.categories.map((category) => ({ property: "article:tag", content: category })),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: post.excerpt },
    ...(imageUrl ? [{ name: "twitter:image", content: imageUrl }] : []),
  ];
};

export default function BlogPostPage() {
  const loaderData = useLoaderData<typeof loader>();
  const pending = useBlogPending();
  if (pending === "list") return <BlogListLoading />;
  if (pending === "post") return <PostSkeleton />;
  if (loaderData.state === "not-found") return <PostNotFound />;
  if (loaderData.state === "error") return <PostError slug={loaderData.slug} />;
  return <PostView post={loaderData.post} related={loaderData.related} pageUrl={loaderData.pageUrl} />;
}

function PostNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="post-not-found">
      <h1 id="post-not-found" className="text-2xl font-bold">Blog Post Not Found</h1>
      <p className="mt-4 text-slate-600">The blog post you're looking for doesn't exist or has been removed.</p>
      <Link to="/blog" className="mt-8 inline-block font-semibold text-brand-700 hover:underline">
        ← Back to Blog
      </Link>
    </section>
  );
}

function PostError({ slug }: { slug: string }) {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-red-800">Error loading blog post</h1>
      <p className="mt-4 text-slate-600">Please try again later</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={`/blog/${encodeURIComponent(slug)}`}>Try Again</ButtonLink>
        <ButtonLink to="/blog" variant="outline">
          ← Back to Blog
        </ButtonLink>
      </div>
    </section>
  );
}

function PostView({ post, related, pageUrl }: { post: Post; related: PostPreview[]; pageUrl: string }) {
  const location = useLocation();
  const authorOpen = new URLSearchParams(location.search).has("author");
  const postPath = `/blog/${encodeURIComponent(post.slug)}`;
  const date = formatPostDate(post.publishedAt);
  return (
    <>
      {authorOpen && post.author ? <AuthorDialog author={post.author} closeHref={postPath} /> : null}
      <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12" data-post>
        <Link to="/blog" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Back to Blog
        </Link>
        {post.mainImage ? (
          <img
            src={post.mainImage.url}
            alt={post.mainImage.alt}
            width={post.mainImage.width}
            height={post.mainImage.height}
            className="mt-4 aspect-[40/21] w-full rounded-2xl bg-slate-100 object-cover"
          />
        ) : null}
        <h1 className="mt-6 text-3xl font-black tracking-tight text-brand-900 sm:text-4xl">{post.title}</h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          {post.author ? (
            <Link to="?author=1" preventScrollReset className="flex items-center gap-2 font-medium text-slate-800 hover:underline" aria-label={`About the author, ${post.author.name}`}>
              <AuthorAvatar name={post.author.name} avatar={post.author.avatar} />
              {post.author.name}
            </Link>
          ) : null}
          {date ? <time dateTime={post.publishedAt}>{date}</time> : null}
        </div>
        <CategoryChips categories={post.categories} className="mt-3" />
        <div className="mt-8 text-slate-800" data-post-body>
          {post.body.length > 0 ? <RichText value={post.body} /> : <p className="text-slate-500">No content available.</p>}
        </div>
        <ShareSection title={post.title} pageUrl={pageUrl} />
      </article>
      <section aria-labelledby="recommended-title" className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="recommended-title" className="text-2xl font-bold">Recommended Blogs</h2>
          {related.length > 0 ? (
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((other) => (
                <PostPreviewCard key={other.id} post={other} />
              ))}
            </div>
          ) : (
            <p className="mt-4 text-slate-600">No recommendations yet.</p>
          )}
        </div>
      </section>
    </>
  );
}

function ShareSection({ title, pageUrl }: { title: string; pageUrl: string }) {
  return (
    <section aria-labelledby="share-title" className="mt-10 rounded-2xl border border-slate-200 p-5">
      <h2 id="share-title" className="font-bold">Share this blog</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {shareLinks(pageUrl, title).map((link) => (
          <li key={link.network}>
            <a
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              data-share={link.network}
              className="inline-flex rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              aria-label={`Share on ${link.label}`}
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AuthorDialog({ author, closeHref }: { author: Author; closeHref: string }) {
  return (
    <RouteDialog title={author.name} description={author.role ?? undefined} closeHref={closeHref} titleId="author-dialog-title">
      <div className="flex flex-col items-center text-center">
        <AuthorAvatar name={author.name} avatar={author.avatar} size="lg" />
        <div className="mt-4 text-left text-slate-700">
          {typeof author.bio === "string" ? <p>{author.bio}</p> : author.bio ? <RichText value={author.bio} /> : <p>No bio yet.</p>}
        </div>
      </div>
    </RouteDialog>
  );
}
