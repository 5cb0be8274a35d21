import { getEnv } from "~/core/env.server";
import { blogSitemap } from "~/features/content/feeds.server";
import { listPosts } from "~/features/content/posts.server";
import { ContentError } from "~/features/content/source.server";

export async function loader() {
  try {
    const body = blogSitemap(getEnv().APP_URL, await listPosts());
    return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" } });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return new Response("The blog sitemap is not available right now. Please try again later.", { status: 503, headers: { "Retry-After": "300" } });
  }
}
