// A post's card: in the blog's grid, under a post ("Recommended Blogs") and on the landing page.
import { Link } from "react-router";
import { AuthorAvatar } from "./author-avatar";
import { CategoryChips } from "./category-chips";
import { formatPostDate } from "./format";
import type { PostPreview } from "./types";

export type { PostPreview } from "./types";

export function PostPreviewCard({ post, headingLevel = 3 }: { post: PostPreview; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/blog/${encodeURIComponent(post.slug)}`;
  const date = formatPostDate(post.publishedAt);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" data-post-card={post.slug}>
      {post.mainImage ? (
        <img
          src={post.mainImage.url}
          alt={post.mainImage.alt}
          width={post.mainImage.width}
          height={post.mainImage.height}
          loading="lazy"
          className="aspect-[40/21] w-full bg-slate-100 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <CategoryChips categories={post.categories} />
        <Heading className="mt-3 text-lg font-bold leading-snug text-slate-900">
          <Link to={href} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="mt-2 flex-1 text-sm text-slate-600">{post.excerpt}</p> : <div className="flex-1" />}
        <div className="mt-4 flex items-center gap-3 text-sm text-slate-600">
          {post.author ? (
            <>
              <AuthorAvatar name={post.author.name} avatar={post.author.avatar} />
              <span className="font-medium text-slate-800">{post.author.name}</span>
            </>
          ) : null}
          {date ? (
            <time dateTime={post.publishedAt} className="ml-auto whitespace-nowrap">
              {date}
            </time>
          ) : null}
        </div>
        {/* The title in the link's own text (not only aria-label), so it says where it goes. */}
        <Link to={href} className="mt-4 self-start text-sm font-semibold text-brand-700 hover:underline">
          Read More<span className="sr-only">: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
