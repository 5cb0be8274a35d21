import { Link } from "react-router";
import { SOCIAL_LINKS } from "~/core/site";

export function SiteFooter({ shopUrl }: { shopUrl: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-black text-brand-700">Tagback</p>
          <p className="mt-2 text-sm text-slate-600">QR stickers that bring lost things home. No app needed to return an item.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold text-slate-900">Quick links</h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li><a className="text-slate-700 hover:underline" href="/#hero">Home</a></li>
            <li><a className="text-slate-700 hover:underline" href="/#features">Features</a></li>
            <li><a className="text-slate-700 hover:underline" href="/#find-owner">Find Owner</a></li>
            <li><a className="text-slate-700 hover:underline" href="/#faq">FAQ</a></li>
            <li><a className="text-slate-700 hover:underline" href={shopUrl} target="_blank" rel="noopener noreferrer">Buy Stickers</a></li>
          </ul>
        </nav>
        <nav aria-label="Legal and social">
          <h2 className="text-sm font-semibold text-slate-900">Follow us</h2>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a className="text-slate-700 hover:underline" href={link.href} target="_blank" rel="noopener noreferrer">{link.label}</a>
              </li>
            ))}
          </ul>
          <ul className="mt-4 space-y-1 text-sm">
            <li><Link className="text-slate-700 hover:underline" to="/privacy-policy">Privacy Policy</Link></li>
            <li><Link className="text-slate-700 hover:underline" to="/terms-and-conditions">Terms and Conditions</Link></li>
            <li><Link className="text-slate-700 hover:underline" to="/refund-policy">Refund Policy</Link></li>
          </ul>
        </nav>
      </div>
      <p className="pb-8 text-center text-xs text-slate-600">
        © {new Date().getFullYear()} Tagback ·{" "}
        {/* DB-IP City Lite (CC BY 4.0) gives search locations; its licence asks for this credit. */}
        <a className="underline" href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
          IP Geolocation by DB-IP
        </a>
      </p>
    </footer>
  );
}
