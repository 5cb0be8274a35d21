import { Link } from "react-router";
import { LogoMark } from "~/components/logo-mark";
import { SocialIcon } from "~/components/social-icons";
import { shareLinks, socialLinks } from "~/core/site";
import { LanguageSwitch } from "~/components/language-switch";
import { useLanguageHref, useT } from "~/i18n/use-t";

const linkClass = "text-slate-700 hover:text-brand-700 hover:underline";

/** `compact` (a scan result): only the last line, with the privacy policy. */
export function SiteFooter({ shopUrl, siteUrl, compact = false }: { shopUrl: string; siteUrl: string; compact?: boolean }) {
  const { t } = useT();
  const languageHref = useLanguageHref();
  return (
    <footer className={`border-t border-slate-200 bg-slate-50 ${compact ? "mt-8 pt-6" : "mt-16"}`}>
      {compact ? null : (
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="flex items-center gap-2 text-lg font-black text-brand-700">
              <LogoMark className="h-6 w-6" />
              Tagback
            </p>
            <p className="mt-2 text-sm text-slate-600">{t("site.footerTagline")}</p>
            <ul className="mt-4 flex flex-wrap gap-1" aria-label={t("site.socialList")}>
              {socialLinks(t("site.supportGreeting")).map((link) => (
                <li key={link.label}>
                  <a
                    className="flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-white hover:text-brand-700"
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t("site.socialLink", { network: link.label })}
                  >
                    <SocialIcon network={link.label} />
                  </a>
                </li>
              ))}
            </ul>
            <LanguageSwitch id="language-footer" list className="mt-4" />
          </div>
          <nav aria-label={t("site.quickLinks")}>
            <h2 className="text-sm font-semibold text-slate-900">{t("site.quickLinks")}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              <li><a className={linkClass} href={languageHref("/#hero")}>{t("site.secHome")}</a></li>
              <li><a className={linkClass} href={languageHref("/#features")}>{t("site.secFeatures")}</a></li>
              <li><a className={linkClass} href={languageHref("/#find-owner")}>{t("site.secFindOwner")}</a></li>
              <li><a className={linkClass} href={languageHref("/#faq")}>{t("site.secFaq")}</a></li>
              <li><a className={linkClass} href={shopUrl} target="_blank" rel="noopener noreferrer">{t("site.buyStickers")}</a></li>
            </ul>
          </nav>
          <nav aria-label={t("site.companyNav")}>
            <h2 className="text-sm font-semibold text-slate-900">Tagback</h2>
            <ul className="mt-2 space-y-1 text-sm">
              <li><Link className={linkClass} to={languageHref("/about")}>{t("site.about")}</Link></li>
              <li><Link className={linkClass} to="/blog">{t("site.navBlog")}</Link></li>
              <li><Link className={linkClass} to="/privacy-policy">{t("site.privacyPolicy")}</Link></li>
              <li><Link className={linkClass} to="/terms-and-conditions">{t("site.terms")}</Link></li>
              <li><Link className={linkClass} to="/refund-policy">{t("site.refundPolicy")}</Link></li>
            </ul>
          </nav>
          <nav aria-label={t("site.shareHeading")}>
            <h2 className="text-sm font-semibold text-slate-900">{t("site.shareHeading")}</h2>
            <ul className="mt-2 space-y-1 text-sm">
              {shareLinks(siteUrl, t("site.shareText")).map((link) => (
                <li key={link.label}>
                  <a className={linkClass} href={link.href} target="_blank" rel="noopener noreferrer">
                    {t("site.shareOn", { network: link.label })}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      )}
      <p className="pb-8 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} Tagback · {t("site.madeInIndia")} ·{" "}
        {compact ? (
          <>
            <Link className="underline" to="/privacy-policy">
              {t("site.privacyPolicy")}
            </Link>{" "}
            ·{" "}
          </>
        ) : null}
        {/* DB-IP City Lite (CC BY 4.0) gives search locations; its licence asks for this credit. */}
        <a className="underline" href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
          IP Geolocation by DB-IP
        </a>
      </p>
    </footer>
  );
}
