// Addresses within /auth: the tab, the developer-mode dialog and the way back after signing in.
// Used by the server (redirects) and the page (links).

export type Tab = "signin" | "signup";

export function authPath(params: { redirectTo?: string; tab?: Tab; dev?: boolean }) {
  const search = new URLSearchParams();
  if (params.redirectTo) search.set("redirectTo", params.redirectTo);
  if (params.tab) search.set("tab", params.tab);
  if (params.dev) search.set("dev", "1");
  const query = search.toString();
  return query ? `/auth?${query}` : "/auth";
}
