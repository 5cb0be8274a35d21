// The admin section (spec 001 §2 "Admin panel"): one guard, as middleware on this layout, checks on
// the server — before every loader and action below it, for documents and data requests alike —
// that the signed-in user is in admin_users. Anonymous visitors go to sign-in; anyone else gets
// 403 'Access denied'. Tabs are plain links, so the section works without JavaScript.
import { NavLink, Outlet, redirect } from "react-router";
import type { Route } from "./+types/admin";
import { NO_STORE } from "~/core/no-store";
import { adminMiddleware, currentAdmin } from "~/features/admin/guard.server";

export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export const headers: Route.HeadersFunction = () => NO_STORE;

export function loader({ request, context }: Route.LoaderArgs) {
  // /admin itself opens the first tab.
  if (new URL(request.url).pathname.replace(/\/+$/, "") === "/admin") throw redirect("/admin/lookup");
  return { email: currentAdmin(context).email };
}

const TABS = [
  { to: "/admin/lookup", label: "User Lookup" },
  { to: "/admin/demo", label: "Demo Management" },
  { to: "/admin/stickers", label: "Stickers" },
  { to: "/admin/returns", label: "Returns" },
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Admin</h1>
        <p className="text-sm text-slate-600">
          Signed in as <span className="font-medium text-slate-800">{loaderData.email}</span>
        </p>
      </div>
      <nav aria-label="Admin sections" className="mt-4 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                prefetch="none"
                className={({ isActive }) =>
                  `inline-block border-b-2 px-3 py-2 text-sm font-semibold ${
                    isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}
