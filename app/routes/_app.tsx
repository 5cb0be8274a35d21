// The signed-in area: every route below this layout requires a session (middleware runs for
// document and data requests alike, so no child can forget the guard).
import { Form, NavLink, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/_app";
import { requireUserMiddleware, userIdContext } from "~/lib/auth.server";
import { getUserEmail } from "~/lib/users.server";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const userId = context.get(userIdContext);
  return { email: await getUserEmail(userId) };
}

export const APP_NAV = [
  { to: "/profile", label: "Profile", short: "Profile", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0" },
  { to: "/token", label: "Tagback Token", short: "Token", icon: "M4 7h16v10H4zM8 11h.01M12 11h4" },
  { to: "/lost", label: "Lost Items", short: "Lost", icon: "M12 3l9 4-9 4-9-4zm-9 9l9 4 9-4" },
  { to: "/found", label: "Found Items", short: "Found", icon: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm10 17l-5-5" },
  { to: "/messaging", label: "Messaging", short: "Messages", icon: "M4 5h16v11H8l-4 4z" },
  { to: "/settings", label: "Settings", short: "Settings", icon: "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8-3l2-1-2-4-2 1-2-1V5h-4v2l-2 1-2-1-2 4 2 1v2l-2 1 2 4 2-1 2 1v2h4v-2l2-1 2 1 2-4-2-1z" },
] as const;

function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}

export default function AppLayout() {
  const { email } = useRouteLoaderData<typeof loader>("routes/_app")!;
  return (
    <div className="mx-auto flex max-w-7xl">
      <aside className="sticky top-14 hidden h-[calc(100vh-3.5rem)] w-[250px] shrink-0 flex-col border-r border-slate-200 bg-white md:flex" aria-label="Account">
        <nav aria-label="Account sections" className="flex-1 space-y-1 p-3">
          {APP_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              <Icon path={item.icon} />
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="space-y-2 border-t border-slate-200 p-3 text-sm">
          <p className="truncate text-slate-600" title={email ?? undefined}>{email}</p>
          <Form method="post" action="/logout">
            <button type="submit" className="w-full rounded-lg px-3 py-2 text-left font-medium text-red-700 hover:bg-red-50">
              Logout
            </button>
          </Form>
          <p className="text-xs text-slate-500">Version 1.0.0</p>
        </div>
      </aside>
      <div className="min-w-0 flex-1 pb-24 md:pb-10">
        {/* Under 768 px the sidebar becomes this top bar. */}
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm md:hidden">
          <p className="truncate text-slate-600">{email}</p>
          <Form method="post" action="/logout">
            <button type="submit" className="rounded-lg px-3 py-1.5 font-medium text-red-700 hover:bg-red-50">
              Logout
            </button>
          </Form>
        </div>
        <div className="px-4 pt-6">
          <Outlet />
        </div>
      </div>
      <nav aria-label="Account sections (bottom)" className="fixed inset-x-0 bottom-0 z-40 grid grid-cols-6 border-t border-slate-200 bg-white md:hidden">
        {APP_NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) =>
              `flex flex-col items-center gap-0.5 py-2 text-[11px] font-medium ${isActive ? "text-brand-700" : "text-slate-600"}`
            }
          >
            <Icon path={item.icon} />
            {item.short}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
