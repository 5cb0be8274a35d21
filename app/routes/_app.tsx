// The signed-in area: every route below this layout requires a session (middleware runs for
// document and data requests alike, so no child can forget the guard). Its loader answers, once
// for every owner page, who is signed in and whether they are an admin.
import { useEffect } from "react";
import { Outlet } from "react-router";
import type { Route } from "./+types/_app";
import { dbContext } from "~/core/context";
import { useRootData } from "~/core/hooks/use-root-data";
import { isAdmin } from "~/features/account/admins.server";
import { requireUser, requireUserMiddleware } from "~/features/account/guards.server";
import { BottomNav, SIDEBAR_COOKIE, Sidebar, TopBar } from "~/features/owner/app-nav";
import { registerOwnerWorker } from "~/features/push/service-worker.client";

// The owner area is an installable web app (decision 035): its manifest (the theme colour's <meta>
// is the root's, on every page).
export const links: Route.LinksFunction = () => [{ rel: "manifest", href: "/manifest.webmanifest" }];

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

function sidebarCollapsed(request: Request) {
  const cookies = request.headers.get("Cookie") ?? "";
  return cookies.split(/;\s*/).includes(`${SIDEBAR_COOKIE}=collapsed`);
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return {
    email: user.email,
    isAdmin: await isAdmin(args.context.get(dbContext), user.id),
    sidebarCollapsed: sidebarCollapsed(args.request),
  };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const shopUrl = useRootData()?.shopUrl ?? "#";
  // The service worker shows push notifications and opens what they are about; it handles nothing
  // else (public/messaging-sw.js). A failure only means no push on this browser.
  useEffect(() => {
    registerOwnerWorker()?.catch(() => undefined);
  }, []);
  return (
    <>
      {/* On a phone at least a screen tall, so the tab bar's place in the flow is below the screen's
          foot and it sticks there, even on a short page. */}
      <div className="mx-auto flex max-w-7xl max-md:min-h-svh">
        <Sidebar shopUrl={shopUrl} email={loaderData.email} initiallyCollapsed={loaderData.sidebarCollapsed} />
        <div className="min-w-0 flex-1 pb-10">
          <TopBar shopUrl={shopUrl} email={loaderData.email} />
          {/* The phone's side margins stop growing with the text at 5 % of the screen: at 200 % text a
              14-digit metro card number then fits its field on a 320 px phone (issue 48). */}
          <div className="px-[min(1rem,5vw)] pt-6 md:px-8" data-route-outlet="">
            <Outlet />
          </div>
        </div>
      </div>
      {/* After the page, the last thing in <main>: it sticks to the screen's foot while the page scrolls. */}
      <BottomNav />
    </>
  );
}
