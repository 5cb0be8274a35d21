import { Link, NavLink } from "react-router";
import { SOCIAL_LINKS } from "~/core/site";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

const NAV = [
  { to: "/", label: "Main" },
  { to: "/blog", label: "Blog" },
  { to: "/puzzle", label: "Puzzle" },
  { to: "/privacy-policy", label: "Privacy" },
];

const SECTIONS = [
  ["hero", "Home"],
  ["find-owner", "Find Owner"],
  ["features", "Features"],
  ["how-it-works", "How It Works"],
  ["team", "Team"],
  ["blog", "Blog"],
  ["faq", "FAQ"],
] as const;

export function SiteHeader({ shopUrl, signedIn }: { shopUrl: string; signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        {/* The side menu is a <details>, so it opens without JavaScript. */}
        <details className="group relative">
          <summary className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100" aria-label="Menu">
            <Icon name="menu" className="h-6 w-6" />
          </summary>
          <nav aria-label="Sections" className="absolute left-0 top-12 w-64 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
            <ul className="space-y-1">
              {SECTIONS.map(([id, label]) => (
                <li key={id}>
                  <a href={`/#${id}`} className="block rounded-lg px-3 py-2 hover:bg-slate-100">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
            <ul className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3 text-sm">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.label}>
                  <a href={link.href} rel="noopener noreferrer" target="_blank" className="rounded px-2 py-1 text-slate-700 hover:bg-slate-100">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </details>
        <Link to="/" className="text-lg font-black tracking-tight text-brand-700">
          Tagback
        </Link>
        <nav aria-label="Main" className="ml-2 hidden gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"}`
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ButtonLink href={shopUrl} target="_blank" rel="noopener noreferrer" variant="ghost" size="sm">
            Stickers
          </ButtonLink>
          <ButtonLink to={signedIn ? "/profile" : "/auth"} className="text-sm">
            {signedIn ? "Profile" : "Start"}
          </ButtonLink>
        </div>
      </div>
      <nav aria-label="Main (small screens)" className="flex gap-1 overflow-x-auto border-t border-slate-100 px-4 py-1 md:hidden">
        {NAV.map((item) => (
          <Link key={item.to} to={item.to} className="rounded-lg px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
            {item.label}
          </Link>
        ))}
      </nav>
    </header>
  );
}
