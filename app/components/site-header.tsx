import { Link, NavLink } from "react-router";
import { socialLinks } from "~/core/site";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { LogoMark } from "~/components/logo-mark";
import { SocialIcon } from "~/components/social-icons";
import { LanguageSwitch } from "~/components/language-switch";
import type { MessageKey } from "~/i18n/messages";
import { useLanguageHref, useT } from "~/i18n/use-t";

const NAV: Array<{ to: string; label: MessageKey }> = [
  { to: "/", label: "site.navMain" },
  { to: "/blog", label: "site.navBlog" },
  { to: "/puzzle", label: "site.navPuzzle" },
  { to: "/privacy-policy", label: "site.navPrivacy" },
];

const SECTIONS = [
  ["hero", "site.secHome"],
  ["find-owner", "site.secFindOwner"],
  ["features", "site.secFeatures"],
  ["how-it-works", "site.secHowItWorks"],
  ["team", "site.secTeam"],
  ["blog", "site.secBlog"],
  ["faq", "site.secFaq"],
] as const;

/**
 * `compact` (a scan result): the logo and the two buttons only, so the owner comes early in the page.
 * `blogSection`: the page shows the landing page's blog section (RouteHandle in core/route-handle.ts);
 * otherwise the menu's Blog entry is the blog itself.
 */
export function SiteHeader({
  shopUrl,
  signedIn,
  compact = false,
  blogSection = false,
}: {
  shopUrl: string;
  signedIn: boolean;
  compact?: boolean;
  blogSection?: boolean;
}) {
  const { t } = useT();
  const languageHref = useLanguageHref();
  return (
    // On a phone the full header is not sticky: its links wrap onto more lines in the longer
    // languages (issue 34), and a header of three or four lines would cover a third of the screen.
    // The compact header of a result page (one line) and the wide header stay.
    <header className={`${compact ? "sticky" : "md:sticky"} top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur`}>
      <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-x-3 px-4">
        {compact ? null : (
          <>
            {/* The side menu is a <details>, so it opens without JavaScript; with it, a chosen link closes it. */}
            <details className="group">
              <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100 [&::-webkit-details-marker]:hidden" aria-label={t("site.menu")}>
                <Icon name="menu" className="h-6 w-6 group-open:hidden" />
                <Icon name="close" className="hidden h-6 w-6 group-open:block" />
              </summary>
              <nav
                aria-label={t("site.sectionsNav")}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a")) event.currentTarget.closest("details")?.removeAttribute("open");
                }}
                className="fixed bottom-0 left-0 top-14 w-72 max-w-[85vw] overflow-y-auto border-r border-slate-200 bg-white p-4 shadow-2xl"
              >
                <p className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-500">{t("site.onThisPage")}</p>
                <ul className="mt-2 space-y-1">
                  {SECTIONS.map(([id, label]) => (
                    <li key={id}>
                      <a href={id === "blog" && !blogSection ? "/blog" : languageHref(`/#${id}`)} className="block rounded-lg px-3 py-2 font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-700">
                        {t(label)}
                      </a>
                    </li>
                  ))}
                </ul>
                <p className="mt-6 border-t border-slate-200 px-3 pt-4 text-xs font-semibold uppercase tracking-wider text-slate-500">{t("site.followTagback")}</p>
                <ul className="mt-2 space-y-1">
                  {socialLinks(t("site.supportGreeting")).map((link) => (
                    <li key={link.label}>
                      <a href={link.href} rel="noopener noreferrer" target="_blank" className="flex items-center gap-3 rounded-lg px-3 py-2 text-slate-700 hover:bg-slate-100">
                        <SocialIcon network={link.label} />
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </details>
          </>
        )}
        <Link to={languageHref("/")} className="flex items-center gap-2 text-lg font-black tracking-tight text-brand-700">
          <LogoMark />
          <span className="max-[22.5rem]:sr-only">Tagback</span>
        </Link>
        {compact ? null : (
          <nav aria-label={t("site.mainNav")} className="ml-2 hidden gap-1 md:flex">
            {NAV.map((item) => (
              <NavLink
                key={item.to}
                to={languageHref(item.to)}
                end
                className={({ isActive }) =>
                  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
                }
              >
                {t(item.label)}
              </NavLink>
            ))}
          </nav>
        )}
        {/* Wraps when long words (Tamil, at a large text size) do not fit beside each other. */}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <LanguageSwitch id="language-wide" className="hidden md:block" />
          <ButtonLink href={shopUrl} target="_blank" rel="noopener noreferrer" variant="ghost" size="sm">
            {t("site.stickers")}
          </ButtonLink>
          <ButtonLink to={signedIn ? "/profile" : "/auth"} className="text-sm">
            {signedIn ? (
              t("site.profile")
            ) : (
              <>
                {t("site.start")}
                <span className="sr-only"> {t("site.startMore")}</span>
              </>
            )}
          </ButtonLink>
        </div>
      </div>
      {compact ? null : (
        // The links wrap onto more lines when they do not fit (four Tamil links at 320 px): a row that
        // scrolled sideways hid the last one with no hint. The language menu sits beside them, or on
        // a line of its own above when they need the whole width (200 % text).
        <div className="flex flex-wrap-reverse items-start gap-1 border-t border-slate-100 px-4 py-1 md:hidden">
          <nav aria-label={t("site.mainNavSmall")} className="flex min-w-0 flex-[1_1_auto] flex-wrap gap-x-1">
            {NAV.map((item) => (
              <Link key={item.to} to={languageHref(item.to)} className="shrink-0 rounded-lg px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
                {t(item.label)}
              </Link>
            ))}
          </nav>
          <LanguageSwitch id="language-narrow" className="ms-auto shrink-0" />
        </div>
      )}
    </header>
  );
}
