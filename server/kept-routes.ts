// Which paths lead to a page that may be kept (decision 031): the routes whose module says
// `handle.keep` (app/core/route-handle.ts), read once from the server build. server/app.ts asks this
// before React Router routes, so that only such pages are looked up, remembered as asked for and
// rendered at their canonical URL: a sign-in link's `?token=` or a form's `?redirectTo=` on another
// page is never dropped.
import { matchPath, type ServerBuild } from "react-router";
import type { RouteHandle } from "~/core/route-handle";

export function keptRoutePaths(routes: ServerBuild["routes"]): (pathname: string) => boolean {
  const fullPath = (id: string): string => {
    const route = routes[id];
    if (!route) return "";
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const patterns = Object.values(routes)
    .filter((route) => route && (route.module.handle as RouteHandle | undefined)?.keep && (route.index || route.path))
    .map((route) => fullPath(route!.id) || "/");
  return (pathname) => patterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}
