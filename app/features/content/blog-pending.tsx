// What a blog page shows while JavaScript navigates to another blog page: 'Loading blog posts...'
// on the way to the list, a skeleton of a post on the way to a post. Without JavaScript the
// browser's own loading indicator does this job, so this renders nothing on the server.
import { useNavigation } from "react-router";

export function useBlogPending(): "list" | "post" | null {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location) return null;
  const path = navigation.location.pathname.replace(/\/+$/, "");
  if (path === "/blog") return "list";
  if (path.startsWith("/blog/")) return "post";
  return null;
}

export function BlogListLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-slate-600">
      <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      Loading blog posts...
    </div>
  );
}

export function PostSkeleton() {
  return (
    <div role="status" aria-label="Loading blog post" className="mx-auto max-w-3xl animate-pulse px-4 py-10">
      <div className="aspect-[40/21] w-full rounded-2xl bg-slate-200" />
      <div className="mt-8 h-9 w-3/4 rounded bg-slate-200" />
      <div className="mt-4 flex items-center gap-3">
        <div className="h-8 w-8 rounded-full bg-slate-200" />
        <div className="h-4 w-40 rounded bg-slate-200" />
      </div>
      {[0, 1, 2, 3, 4].map((line) => (
        <div key={line} className="mt-4 h-4 w-full rounded bg-slate-100" />
      ))}
    </div>
  );
}
