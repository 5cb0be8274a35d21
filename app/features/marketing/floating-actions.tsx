// The floating Contact us menu and Buy Stickers link of /, /about and /findowner (spec 000 §2).
// Contact us is a <details>, so its menu opens without JavaScript; with JavaScript its icon shows
// X, Instagram and WhatsApp in turn (not under prefers-reduced-motion). A signed-in visitor also
// gets the six-tab bottom navigation on small screens, and the buttons sit on it.
import { useEffect, useState } from "react";
import { SocialIcon } from "~/components/social-icons";
import { Icon } from "~/components/ui/icon";
import { contactUsLinks } from "~/core/site";
import { BottomNav } from "~/features/owner/app-nav";
import { useT } from "~/i18n/use-t";
import { CONTACT_ICON_ROTATION_MS } from "./rules";

function useRotatingIndex(length: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % length), intervalMs);
    return () => clearInterval(timer);
  }, [length, intervalMs]);
  return index;
}

export function FloatingActions({ shopUrl, signedIn }: { shopUrl: string; signedIn: boolean }) {
  const { t } = useT();
  const links = contactUsLinks(t("site.supportGreeting"));
  const shown = links[useRotatingIndex(links.length, CONTACT_ICON_ROTATION_MS)]!;
  const buttons = (
    <div
      data-testid="floating-actions"
      // At most the window's width less the margins: at 200 % text a label wider than that wraps
      // (its text may shrink: min-w-0) instead of being cut off at the window's left edge. The
      // buttons' paddings and icons are in px: they need not grow with the text, the words do.
      className={`z-30 flex max-w-[calc(100vw-2rem)] flex-col items-end gap-2 ${signedIn ? "pointer-events-auto mb-4 mr-4 ml-auto" : "fixed bottom-4 right-4"}`}
    >
      <details className="group relative max-w-full">
        <summary className="flex cursor-pointer list-none items-center gap-[8px] rounded-full bg-slate-900 py-2.5 pl-[12px] pr-[16px] text-sm font-semibold text-white shadow-lg hover:bg-slate-700 [&::-webkit-details-marker]:hidden">
          <span className="flex h-[24px] w-[24px] shrink-0 items-center justify-center rounded-full bg-white/15" data-contact-icon={shown.label}>
            <SocialIcon network={shown.label} className="h-4 w-4" />
          </span>
          <span className="min-w-0">{t("search.contactUs")}</span>
        </summary>
        <ul className="absolute bottom-14 right-0 w-52 max-w-[calc(100vw-2rem)] rounded-2xl border border-slate-200 bg-white p-2 text-sm shadow-xl" aria-label={t("search.contactUs")}>
          {links.map((link) => (
            <li key={link.label}>
              <a
                className="flex items-center gap-3 rounded-lg px-3 py-2 font-medium text-slate-800 hover:bg-slate-100"
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
              >
                <SocialIcon network={link.label} />
                {link.label === "WhatsApp" ? t("search.chatOnWhatsApp") : t("search.messageUsOn", { network: link.label })}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <a
        href={shopUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="flex max-w-full items-center gap-[8px] rounded-full bg-brand-600 py-2.5 pl-[12px] pr-[16px] text-sm font-semibold text-white shadow-lg hover:bg-brand-700"
      >
        <Icon name="sticker" className="h-[20px] w-[20px]" />
        <span className="min-w-0">{t("search.buyStickers")}</span>
      </a>
    </div>
  );
  if (!signedIn) return buttons;
  // Signed in: the buttons and the tab bar in one dock, sticky at the screen's foot, the buttons
  // stacked on the bar whatever its height (one row, two, or icons only: app-nav.tsx). In the flow,
  // so at the page's end it covers nothing; only its buttons and tabs take taps.
  return (
    <div className="pointer-events-none sticky bottom-0 z-30 flex flex-col">
      {buttons}
      <div className="pointer-events-auto">
        <BottomNav />
      </div>
    </div>
  );
}
