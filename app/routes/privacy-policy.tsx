// /privacy-policy (spec 001 §2 "Legal and refund pages", §9): static text, no JavaScript.
import type { Route } from "./+types/privacy-policy";
import { metaT } from "~/i18n/use-t";
import { PolicyList, PolicyPage, type PolicySection } from "~/features/content/policy-page";
import { SUPPORT_EMAIL, supportWhatsAppLink } from "~/core/site";
import { getEnv } from "~/core/env.server";
import { sameForAnyone, type RouteHandle } from "~/core/route-handle";

export const handle: RouteHandle = { hydrate: false, contentPage: true, keep: sameForAnyone };

// The title and description in the page's language; the binding text below stays English.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return [
    { title: t("meta.privacyTitle") },
    { name: "description", content: t("meta.privacyDescription") },
  ];
};

const mail = (subject: string) => (
  <a className="text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`}>
    {SUPPORT_EMAIL}
  </a>
);

/** How long the backups keep older copies: the operator's setting (BACKUP_RETENTION_DAYS), which Litestream keeps to. */
export function loader() {
  return { backupDays: getEnv().BACKUP_RETENTION_DAYS };
}

const sections = (backupDays: number): PolicySection[] => [
  {
    id: "data-we-collect",
    title: "Data we collect",
    body: (
      <>
        <p>We collect only what the service needs to return lost things to their owners:</p>
        <PolicyList
          items={[
            <><strong>Account:</strong> your e-mail address and, if you sign in with Google, your name and profile picture from your Google account. If you use a password, we store only a salted hash of it. If you sign in with a code by e-mail, we keep only a keyed hash of the code until it is used or expires (10 minutes). We keep the language you chose (at sign-up, with the language switch or in Settings), so that our e-mails and notifications to you are in it.</>,
            <><strong>Passkeys:</strong> for each passkey you add, we store its public key, its credential id, a signature counter, how your device connects to it (for example "internal"), the name of the device and browser it was added on (for example "Chrome on Android"), and when it was added and last used. Your fingerprint, face or PIN never leave your device, and we never receive them. Deleting a passkey in Settings, or your account, removes all of this.</>,
            <><strong>Profile:</strong> what you choose to enter: first and last name, X (Twitter) username, a short bio, a photo, your metro card number, your mobile number and the numbers or handles you publish for SMS, calls, Telegram and WhatsApp, and your privacy switches.</>,
            <><strong>Stickers and items:</strong> the tokens you claim, the products you register on them and the items you report as lost.</>,
            <><strong>Messages:</strong> the content of messages you send or receive through Tagback, plus the metro card or token number that was used to start the conversation.</>,
            <><strong>Search history:</strong> when someone searches your metro card number or token, we record the type of search, the number searched, the time, and an approximate city, region and country derived from the searcher's IP address. If the finder chooses to share their browser location, we also record that location for you.</>,
            <><strong>Finders who write to an owner (&ldquo;I found this&rdquo;):</strong> the message, how the item goes back, where it was found and, if the finder gives one, an e-mail address or phone number. If the finder taps &ldquo;Share my location&rdquo; (never without that tap, and never from the scan itself), we keep their position rounded to about 50 metres, with its accuracy and time, so the owner can find them; the owner sees it as a link to a map and no map service is contacted by Tagback. The finder can withdraw it on their private page at any time. When the owner marks the item returned, we keep that time and the owner's optional thank-you line, which the finder reads.</>,
            <><strong>Push notifications:</strong> if you turn on &ldquo;Notify me on this device&rdquo; in Settings, we store that device's push subscription (the address its browser's push service gave us, and the keys a notification is encrypted with), a label such as &ldquo;Chrome on Android&rdquo; taken from the browser, when you turned it on and when it was last notified. A notification passes through that push service (for example Google's or Apple's), encrypted so that only your device can read it; it says what happened, and shows a finder's words only if you turn previews on.</>,
            <><strong>Technical data:</strong> IP addresses and request details in server logs, and counters used to limit abuse (for example, how many searches a network address made in the last minute).</>,
            <><strong>Counts of the service's work:</strong> per week, how many scans by people, messages from finders, hand-overs and returns there were, and how long returns took. These are numbers only: they name no owner, finder or item, and stay when an account is deleted.</>,
          ]}
        />
        <p>We do not collect payment card details: sticker purchases are handled by our shop's payment provider.</p>
      </>
    ),
  },
  {
    id: "how-we-use-data",
    title: "How we use your data",
    body: (
      <PolicyList
        items={[
          "To show a finder your public profile when they scan your sticker or search your metro card or token number, limited to what your privacy settings allow.",
          "To let finders and owners contact each other, and to deliver messages.",
          "To show you who searched for your items, and roughly where.",
          "To count, in numbers only, how many scans became messages and returns each week, so we know whether the service works.",
          "To sign you in, keep your session secure and send service e-mails such as sign-up confirmation.",
          "To prevent abuse: rate limits, lockouts after repeated wrong codes and refusing automated scraping.",
          "To understand, in aggregate, which pages are used, so we can improve them.",
        ]}
      />
    ),
  },
  {
    id: "lawful-basis",
    title: "Lawful basis for processing",
    body: (
      <>
        <p>
          <strong>India.</strong> We process personal data under the Digital Personal Data Protection Act, 2023 and the
          Information Technology Act, 2000 on the basis of your consent, which you give when you create an account and
          fill in your profile, and for the legitimate uses the Act allows, such as complying with the law. You may
          withdraw consent at any time by deleting your data or your account.
        </p>
        <p>
          <strong>European Economic Area.</strong> Under the GDPR we rely on the performance of our contract with you
          (running your account and showing your profile to finders), our legitimate interests (keeping the service
          secure and preventing abuse), your consent (for example, when a finder shares their location) and legal
          obligations.
        </p>
        <p>
          <strong>California.</strong> Under the CCPA as amended by the CPRA, the categories of personal information we
          collect are identifiers, the profile details listed above, internet activity (searches of your items) and
          approximate geolocation. We use them only for the purposes in this policy. We do not sell or share personal
          information for cross-context behavioural advertising.
        </p>
      </>
    ),
  },
  {
    id: "sharing",
    title: "Who we share data with",
    body: (
      <>
        <p>
          <strong>Finders</strong> see only your public profile: your name, X username, photo, bio (or nothing, if you
          masked it, until they enter the code on your sticker), your registered product names and the contact buttons
          you switched on. Anonymous visitors never receive your e-mail address or mobile number.
        </p>
        <p>We share data with service providers who process it on our behalf, under contract:</p>
        <PolicyList
          items={[
            "our hosting provider, which runs the servers and stores the database;",
            "encrypted off-site backup storage for the database;",
            "an e-mail delivery provider for service e-mails;",
            "the push service of your browser (for example Google's or Apple's), for the notifications you turned on, encrypted end to end to your device;",
            "Google, when you choose to sign in with Google, and Google Analytics for aggregate page statistics where it is enabled.",
          ]}
        />
        <p>We disclose data to authorities only when Indian law requires it. We never sell your personal data.</p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep data",
    body: (
      <PolicyList
        items={[
          "Account, profile, stickers, products and lost-item reports: for as long as your account exists.",
          "Messages: until you or the other person deletes the conversation. When you delete your account, the messages you sent are erased; those the other person wrote stay with them.",
          "Search history of your items: for as long as your account exists; it is deleted with your account.",
          "A finder's conversation with an owner, with the location they shared and the owner's thank-you line: as long as the owner keeps the conversation and their account; a shared location goes at once when the finder withdraws it.",
          "Push subscriptions: until you remove the device in Settings, its browser stops taking notifications, or you delete your account.",
          "Sessions: at most 30 days, and immediately when you sign out.",
          "Server logs and abuse counters: a short time, usually days, and never longer than needed to keep the service secure.",
          `Backups: deleted data is removed from the database at once; old copies of it in the database's working files on our server are overwritten as the service goes on writing, and our encrypted backups keep older copies of the database for ${backupDays} days, so it is gone from them ${backupDays} days after you delete it.`,
        ]}
      />
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <PolicyList
          items={[
            "access the personal data we hold about you, and get a copy of it;",
            "correct inaccurate data (most of it you can edit yourself on your profile and settings pages);",
            "have your data deleted;",
            "withdraw consent, object to or restrict certain processing;",
            "nominate another person to exercise your rights if you die or become unable to (India);",
            "know what we collect and why, and not be discriminated against for using your rights (California);",
            "complain to a data protection authority, such as the Data Protection Board of India or your EEA supervisory authority.",
          ]}
        />
        <p>
          Two of them you can use yourself, at once, on your Settings page: <strong>Download my data</strong> gives you a
          copy of everything we hold about your account (a file, with a page that sums it up: what we hold, why, and for
          how long), and <strong>Delete my account</strong> erases it (see below). For anything else, write to{" "}
          {mail("Privacy request")}. We may ask you to confirm that the account is yours.
        </p>
      </>
    ),
  },
  {
    id: "deletion",
    title: "Deleting your account and data",
    body: (
      <>
        <p>
          You can delete your account yourself, at once: on your Settings page, open <strong>Delete my account</strong>{" "}
          in the Danger Zone and type your e-mail address to confirm. This erases your profile and settings, products,
          lost-item reports, search history, devices that get push notifications, sessions (you are signed out everywhere) and your side of every
          conversation: the other person keeps the messages they wrote and sees &ldquo;Deleted user&rdquo;. Messages
          finders sent you through &ldquo;I found this&rdquo; are erased with the finders' details (a location a finder shared included), and your stickers
          become free to claim again.
        </p>
        <p>
          Two things remain. The admin audit trail keeps its record of each lookup an admin made (the number looked up,
          whether it found someone, and when); an admin who deletes their account is named there by a pseudonym. Our
          encrypted backups keep older copies for <strong>{`${backupDays} days`}</strong>, after which your data is
          gone from them too.
        </p>
        <p>
          If you can no longer sign in, or would rather ask us, send an e-mail to {mail("Delete my account")} from the
          address you sign in with, or{" "}
          <a className="text-brand-700 underline" href={supportWhatsAppLink("Hi Tagback, please delete my account.")} target="_blank" rel="noopener noreferrer">
            contact support on WhatsApp
          </a>
          . We handle such requests within about <strong>30 days</strong>, and requests under the California Consumer
          Privacy Act within <strong>45 days</strong>. We keep only what the law requires us to keep, such as records of
          purchases.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Connections to Tagback are encrypted. Passwords and sticker passwords are stored as salted hashes, sessions are
        server-side and can be revoked, and wrong codes are rate-limited and locked out. Your e-mail address and mobile
        number are never sent to anonymous visitors. No system is perfectly secure; if we learn of a breach that affects
        you, we will tell you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: "transfers",
    title: "International transfers",
    body: (
      <p>
        Our servers and backups may be located outside your country, including outside India and the EEA. When data
        leaves the EEA we rely on the European Commission's standard contractual clauses or an adequacy decision, and
        transfers from India follow the rules of the Digital Personal Data Protection Act, 2023.
      </p>
    ),
  },
  {
    id: "minors",
    title: "Minors",
    body: (
      <p>
        You must be at least <strong>18 years old</strong> to create a Tagback account (<strong>16</strong> in the
        European Economic Area). We do not knowingly collect personal data from younger people. If you believe a minor
        has given us personal data, write to {mail("Minor's data")} and we will delete it.
      </p>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <>
        <p>We use a small number of cookies, all first-party:</p>
        <PolicyList
          items={[
            "a session cookie that keeps you signed in (at most 30 days);",
            "short-lived cookies for one-time messages after a form, for sign-in with Google and for the language you chose;",
            "on the sign-in pages only, once you ask for a sign-in code, a cookie (at most 180 days) naming the code this browser asked for and, after you sign in with a code, a keyed hash of your address (not the address): it lets your own browser still get a code when someone else has asked for many, and lets the mailed link sign you in with one tap here;",
            "after a finder's search, a cookie naming that visit for 10 minutes, so that messaging the owner or sharing a location is added to the visit the owner sees (it holds no name, number or location);",
            "Google Analytics cookies, where analytics is enabled, to count page views in aggregate.",
          ]}
        />
        <p>Finders searching for an owner do not need any cookie: with cookies blocked, a search still shows the owner and the message form still works. You can block cookies in your browser; signing in then will not work.</p>
      </>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy we update the date at the top of this page. If a change materially affects how we
        use your data, we will tell signed-in users by e-mail or on the site at least 30 days before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact and grievance officer",
    body: (
      <>
        <p>
          Questions, requests and complaints about privacy go to our grievance officer at {mail("Privacy question")}. We
          reply as soon as we can, and always within the time the law allows.
        </p>
        <p>
          Approximate locations of searches come from IP Geolocation by{" "}
          <a className="text-brand-700 underline" href="https://db-ip.com" target="_blank" rel="noopener noreferrer">
            DB-IP
          </a>{" "}
          (DB-IP City Lite), licensed under{" "}
          <a className="text-brand-700 underline" href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
            CC BY 4.0
          </a>
          . The lookup runs on our own servers; your IP address is not sent to DB-IP.
        </p>
      </>
    ),
  },
];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <PolicyPage
      title="Privacy Policy"
      dateLine="Last updated: May 2, 2025"
      intro={
        <p>
          Tagback helps people get lost belongings back through QR stickers and a public profile. This policy explains
          what personal data we collect, why, who can see it, how long we keep it and the choices you have. It applies to
          tagback.app and the stickers that link to it.
        </p>
      }
      sections={sections(loaderData.backupDays)}
    />
  );
}
