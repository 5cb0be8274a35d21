// The public profile as a finder sees it: the body of the 'Owner Found at the product' dialog, and
// the owner's own preview. It renders a PublicProfile, which has no e-mail or mobile fields.
import { useEffect, useState, type ReactNode } from "react";
import { tweetIntentUrl, tweetTemplate, withGreeting, xProfileUrl, type ContactLink, type Tweet } from "~/features/finder/contact-links";
import type { PublicProfile } from "~/features/finder/public-profile";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/messages";
import type { SharedContacts, UnlockMode } from "~/features/finder/finder";

type PublicProfileViewProps = {
  profile: PublicProfile;
  /** Make a Tweet, with the card it cites; without it the X menu only opens the profile. */
  tweet?: Tweet | null;
  /** Shown under the masked notice: the finder's unlock form (the preview passes nothing). */
  unlock?: ReactNode;
  /** What the unlock form asks for; the notice says the same. */
  unlockMode?: UnlockMode;
  /** The owner shares contact details with this signed-in finder once they unlock. */
  contactsOnUnlock?: boolean;
  /** What an unlock revealed of those (only ever for a signed-in finder). */
  sharedContacts?: SharedContacts | null;
  /** Extra controls at the end (the demo's mask checkbox). */
  footer?: ReactNode;
};

export function PublicProfileView(props: PublicProfileViewProps) {
  const { profile, tweet, unlock, unlockMode = "digits", contactsOnUnlock = false, sharedContacts = null, footer } = props;
  const { t } = useT();
  // Whole sentences per case: Hindi puts the verb last, so halves cannot be glued together.
  const token = unlockMode === "token";
  const howToRead: MessageKey = contactsOnUnlock
    ? token
      ? "scan.tokenToReadAndContacts"
      : "scan.digitsToReadAndContacts"
    : token
      ? "scan.tokenToRead"
      : "scan.digitsToRead";
  // One sentence around the link, so each language joins it its own way ("{link}, हम …").
  const [reportBefore = "", reportAfter = ""] = t("scan.reportSentence").split("{link}");
  return (
    <div className="space-y-5" data-profile-kind={profile.kind}>
      <div className="flex items-center gap-4">
        <img
          src={profile.avatarUrl}
          alt=""
          width={72}
          height={72}
          // In px, not rem: at 200 % text a rem-sized picture left the name one letter a line.
          className="h-[72px] w-[72px] shrink-0 rounded-full border border-slate-200 bg-slate-100 object-cover"
          referrerPolicy="no-referrer"
        />
        <div className="min-w-0">
          <p className="text-xl font-bold break-words text-slate-900" data-testid="owner-name">
            {profile.fullName || t("common.tagbackUser")}
          </p>
          {profile.xUsername ? <XMenu username={profile.xUsername} tweet={tweet ?? null} /> : null}
        </div>
      </div>

      <section aria-labelledby="owner-info-title">
        <h3 id="owner-info-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {t("scan.ownerInfo")}
        </h3>
        {profile.bioMasked ? (
          <div className="mt-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <p className="font-medium">{t("scan.hidden")}</p>
            <p className="mt-0.5">{t(howToRead)}</p>
            {unlock}
          </div>
        ) : (
          <p className="mt-1 whitespace-pre-line text-slate-800" data-testid="owner-bio">
            {profile.bio ?? t("scan.noBio")}
          </p>
        )}
      </section>

      <section aria-labelledby="owner-products-title">
        <h3 id="owner-products-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          {t("scan.ownerProducts")}
        </h3>
        {profile.products.length ? (
          <ul className="mt-1 flex flex-wrap gap-2">
            {profile.products.map((name, index) => (
              <li key={`${name}-${index}`} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700">
                {name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">{t("scan.noProducts")}</p>
        )}
      </section>

      {profile.contacts.length ? <ContactButtons links={profile.contacts} /> : null}

      {sharedContacts ? (
        <SharedContactList contacts={sharedContacts} />
      ) : contactsOnUnlock && !profile.bioMasked ? (
        <section aria-labelledby="owner-shared-title" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <h3 id="owner-shared-title" className="font-medium">
            {t("scan.sharesMore")}
          </h3>
          <p className="mt-0.5">{t(token ? "scan.tokenToSee" : "scan.digitsToSee")}</p>
          {unlock}
        </section>
      ) : null}

      {footer}

      {profile.kind === "not-found" || profile.kind === "not-activated" ? null : (
        <p className="border-t border-slate-100 pt-3 text-xs text-slate-600">
          {t("scan.reportQuestion")} {reportBefore}
          <a className="font-medium text-brand-700 underline" href="mailto:support@tagback.app?subject=Report%20a%20profile">
            {t("scan.reportLink")}
          </a>
          {reportAfter}
        </p>
      )}
    </div>
  );
}

const CONTACT_STYLE: Record<ContactLink["kind"], string> = {
  sms: "bg-slate-800 hover:bg-slate-900",
  call: "bg-brand-600 hover:bg-brand-700",
  telegram: "bg-sky-700 hover:bg-sky-800",
  whatsapp: "bg-emerald-700 hover:bg-emerald-800",
};

const CONTACT_LABEL: Record<ContactLink["kind"], MessageKey> = {
  sms: "scan.contactSms",
  call: "scan.contactCall",
  telegram: "scan.contactTelegram",
  whatsapp: "scan.contactWhatsapp",
};

function ContactButtons({ links }: { links: ContactLink[] }) {
  const { t } = useT();
  return (
    <section aria-labelledby="owner-contact-title">
      <h3 id="owner-contact-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t("scan.contactTitle")}
      </h3>
      {/* Two columns where two buttons fit side by side, one where they do not (a phone at large text). */}
      <ul className="mt-2 grid grid-cols-[repeat(auto-fit,minmax(min(100%,9.5rem),1fr))] gap-2">
        {links.map((link) => (
          <li key={link.kind}>
            <a
              href={withGreeting(link, t("scan.greeting"))}
              {...(link.kind === "telegram" || link.kind === "whatsapp" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              className={`block rounded-lg px-3 py-2 text-center text-sm font-semibold text-white ${CONTACT_STYLE[link.kind]}`}
            >
              {t(CONTACT_LABEL[link.kind])}
              <span className="block text-xs font-normal">{link.display}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The e-mail and mobile number the owner shows to a signed-in finder who unlocked the profile. */
function SharedContactList({ contacts }: { contacts: SharedContacts }) {
  const { t } = useT();
  return (
    <section aria-labelledby="owner-shared-title" data-testid="shared-contacts">
      <h3 id="owner-shared-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        {t("scan.sharedTitle")}
      </h3>
      <dl className="mt-1 space-y-1 text-sm">
        {contacts.email ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-600">{t("scan.email")}</dt>
            <dd className="break-all">
              <a className="font-medium text-brand-700 underline" href={`mailto:${contacts.email}`}>
                {contacts.email}
              </a>
            </dd>
          </div>
        ) : null}
        {contacts.mobile ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="font-medium text-slate-600">{t("scan.mobile")}</dt>
            <dd>
              <a className="font-medium text-brand-700 underline" href={`tel:${contacts.mobile}`}>
                {contacts.mobile}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** The X username with its menu (a <details>, so it opens without JavaScript). */
function XMenu({ username, tweet }: { username: string; tweet: Tweet | null }) {
  const { t, m } = useT();
  const tweetText = tweet ? tweetTemplate(t, username, tweet.card) : null;
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  async function copy() {
    if (!tweetText) return;
    try {
      await navigator.clipboard.writeText(tweetText);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div>
      <details className="relative inline-block">
        <summary className="cursor-pointer list-none break-all text-brand-700 underline-offset-2 hover:underline">
          @{username} <span aria-hidden="true">▾</span>
        </summary>
        <ul className="absolute left-0 z-10 mt-1 w-48 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg">
          <li>
            <a className="block px-3 py-2 hover:bg-slate-100" href={xProfileUrl(username)} target="_blank" rel="noopener noreferrer">
              {t("scan.openProfile")}
            </a>
          </li>
          {tweetText ? (
            <li>
              <a className="block px-3 py-2 hover:bg-slate-100" href={tweetIntentUrl(tweetText)} target="_blank" rel="noopener noreferrer">
                {t("scan.makeTweet")}
              </a>
            </li>
          ) : null}
          {tweetText ? (
            // Shown where the clipboard can be written: by React once hydrated, else by result-page.browser.ts.
            <li hidden={!canCopy} data-copy-text={canCopy ? undefined : tweetText}>
              <button type="button" className="block w-full px-3 py-2 text-left hover:bg-slate-100" onClick={copy}>
                {t("scan.copyTweet")}
              </button>
            </li>
          ) : null}
        </ul>
      </details>
      <div role="status" aria-live="polite">
        <p hidden={!copied} data-copied className="mt-1 text-xs text-emerald-800">
          <span className="font-semibold">{m("finder.copied").title}</span> {m("finder.copied").description}
        </p>
      </div>
    </div>
  );
}
