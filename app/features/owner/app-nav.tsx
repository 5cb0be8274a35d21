// Navigation of the signed-in area (spec 001 §2): a 250 px sidebar that JavaScript can collapse to
// 70 px, a top bar under 768 px, and the six-tab bottom navigation on small screens.
// Everything is links and forms, so it all works without JavaScript except the collapse button,
// which is only shown once JavaScript runs.
import { useState } from "react";
import { Form, NavLink } from "react-router";
import { Icon, type IconName } from "~/components/ui/icon";
import { useHydrated } from "~/core/hooks/use-hydrated";
import type { MessageKey } from "~/i18n/messages";
import { useLocale, useT } from "~/i18n/use-t";

const APP_NAV = [
  { to: "/profile", label: "appNav.profile", short: "appNav.profile", icon: "profile" },
  { to: "/token", label: "appNav.token", short: "appNav.tokenShort", icon: "token" },
  { to: "/lost", label: "appNav.lost", short: "appNav.lostShort", icon: "lost" },
  { to: "/found", label: "appNav.found", short: "appNav.foundShort", icon: "found" },
  { to: "/messaging", label: "appNav.messaging", short: "appNav.messagingShort", icon: "messages" },
  { to: "/settings", label: "appNav.settings", short: "appNav.settings", icon: "settings" },
] as const satisfies readonly { to: string; label: MessageKey; short: MessageKey; icon: IconName }[];

/** The bottom navigation's order (spec 000 §2): Profile, Token, Found, Messages, Lost, Settings. */
const BOTTOM_NAV = ["/profile", "/token", "/found", "/messaging", "/lost", "/settings"].map(
  (to) => APP_NAV.find((item) => item.to === to)!,
);

const APP_VERSION = "1.0.0";
export const SIDEBAR_COOKIE = "tb_sidebar";

export function Sidebar({ shopUrl, email, initiallyCollapsed }: { shopUrl: string; email: string | null; initiallyCollapsed: boolean }) {
  const hydrated = useHydrated();
  const { t } = useT();
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  function toggle() {
    const next = !collapsed;
    setCollapsed(next);
    // Remembered for the next page the server renders.
    document.cookie = `${SIDEBAR_COOKIE}=${next ? "collapsed" : "open"}; path=/; max-age=31536000; samesite=lax`;
  }
  const label = (text: string) => <span className={collapsed ? "sr-only" : "truncate"}>{text}</span>;
  return (
    <aside
      aria-label={t("appNav.account")}
      data-collapsed={collapsed ? "" : undefined}
      className={`sticky top-14 hidden h-[calc(100vh-3.5rem)] shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] md:flex ${
        collapsed ? "w-[70px]" : "w-[250px]"
      }`}
    >
      {hydrated ? (
        <div className={`flex p-3 pb-0 ${collapsed ? "justify-center" : "justify-end"}`}>
          <button
            type="button"
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t("appNav.expand") : t("appNav.collapse")}
            title={collapsed ? t("appNav.expand") : t("appNav.collapse")}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
          >
            <Icon name={collapsed ? "chevron-right" : "chevron-left"} />
          </button>
        </div>
      ) : null}
      <nav aria-label={t("appNav.sections")} className="flex-1 space-y-1 overflow-y-auto p-3">
        {APP_NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            title={collapsed ? t(item.label) : undefined}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 font-medium ${collapsed ? "justify-center" : ""} ${
                isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
              }`
            }
          >
            <Icon name={item.icon} />
            {label(t(item.label))}
          </NavLink>
        ))}
        <a
          href={shopUrl}
          target="_blank"
          rel="noopener noreferrer"
          title={collapsed ? t("appNav.stickers") : undefined}
          className={`flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100 ${collapsed ? "justify-center" : ""}`}
        >
          <Icon name="sticker" />
          {label(t("appNav.stickers"))}
        </a>
      </nav>
      <div className="space-y-2 border-t border-slate-200 p-3 text-sm">
        {!collapsed && email ? (
          <p className="truncate text-slate-600" title={email}>
            {email}
          </p>
        ) : null}
        <Form method="post" action="/logout">
          <button
            type="submit"
            title={collapsed ? t("appNav.logout") : undefined}
            className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left font-medium text-red-700 hover:bg-red-50 ${collapsed ? "justify-center" : ""}`}
          >
            <Icon name="logout" />
            {label(t("appNav.logout"))}
          </button>
        </Form>
        <p className={`text-xs text-slate-600 ${collapsed ? "text-center" : "px-3"}`}>
          {collapsed ? `v${APP_VERSION}` : t("appNav.version", { version: APP_VERSION })}
        </p>
      </div>
    </aside>
  );
}

/** Under 768 px: the sidebar's contents behind a menu (a <details>, so no JavaScript is needed). */
export function TopBar({ shopUrl, email }: { shopUrl: string; email: string | null }) {
  const { t } = useT();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-sm md:hidden">
      <details className="relative">
        <summary className="flex cursor-pointer list-none items-center gap-1 rounded-lg px-2 py-1.5 font-medium text-slate-800 hover:bg-slate-200">
          <Icon name="menu-short" className="h-4 w-4" />
          {t("appNav.menu")}
        </summary>
        <div className="absolute left-0 top-10 z-30 w-64 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          <nav aria-label={t("appNav.sectionsMenu")}>
            <ul>
              {APP_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-lg px-3 py-2 font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                    }
                  >
                    <Icon name={item.icon} />
                    <span className="min-w-0">{t(item.label)}</span>
                  </NavLink>
                </li>
              ))}
              <li>
                <a href={shopUrl} target="_blank" rel="noopener noreferrer" className="flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100">
                  <Icon name="sticker" />
                  <span className="min-w-0">{t("appNav.stickers")}</span>
                </a>
              </li>
            </ul>
          </nav>
          <p className="mt-1 border-t border-slate-100 px-3 pt-2 text-xs text-slate-600">{t("appNav.version", { version: APP_VERSION })}</p>
        </div>
      </details>
      <p className="min-w-0 flex-1 truncate text-right text-slate-600">{email}</p>
      <Form method="post" action="/logout">
        <button type="submit" className="max-w-full rounded-lg px-2 py-1.5 font-medium text-red-700 hover:bg-red-50">
          {t("appNav.logout")}
        </button>
      </Form>
    </div>
  );
}

/**
 * How the six tabs lie, by language: in one row while six labels fit, in two rows of three when
 * they do not, and as icons only when not even three fit (each tab keeps its label as its name, and
 * the top bar's menu shows the sections in words). Whether labels fit depends on the language and on
 * the text size, so the tabs' container is asked in em of the labels' own size. The widest label,
 * measured in Noto Sans at weight 500 (issue 48): 4.65 em in English ("Messages"), at most 3.9 em in
 * Hindi, Marathi, Bengali, Telugu and Kannada, 8.33 em in Tamil ("தொலைந்தவை"); a row needs that
 * many widest labels and a little room. At 320 px and normal text: six in a row, two rows in Tamil;
 * at 200 %: two rows, icons only in Tamil.
 */
const TAB_LAYOUT = {
  narrow: { grid: "grid-cols-6 @max-[29em]:grid-cols-3 @max-[15em]:grid-cols-6", label: "@max-[15em]:sr-only" },
  wide: { grid: "grid-cols-6 @max-[51em]:grid-cols-3 @max-[26em]:grid-cols-6", label: "@max-[26em]:sr-only" },
} as const;

/**
 * The tab bar of small screens. Sticky at the foot of the page's main part rather than fixed: it
 * takes its own room (one row or two), so it covers neither the page's end nor the footer.
 */
export function BottomNav() {
  const { t } = useT();
  const layout = TAB_LAYOUT[useLocale() === "ta" ? "wide" : "narrow"];
  return (
    <nav
      aria-label={t("appNav.sectionsBottom")}
      data-bottom-nav=""
      className="@container sticky bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] text-[0.6875rem] md:hidden"
    >
      <div className={`grid ${layout.grid}`}>
        {BOTTOM_NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) => `flex flex-col items-center gap-0.5 py-2 font-medium ${isActive ? "text-brand-700" : "text-slate-600"}`}
          >
            <Icon name={item.icon} />
            <span className={layout.label}>{t(item.short)}</span>
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
