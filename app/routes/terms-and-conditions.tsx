// /terms-and-conditions (spec 001 §2 "Legal and refund pages", §9): static text, no JavaScript.
import { Link } from "react-router";
import type { Route } from "./+types/terms-and-conditions";
import { metaT } from "~/i18n/use-t";
import { PolicyList, PolicyPage, type PolicySection } from "~/features/content/policy-page";
import { SUPPORT_EMAIL } from "~/core/site";
import { sameForAnyone, type RouteHandle } from "~/core/route-handle";

export const handle: RouteHandle = { hydrate: false, contentPage: true, keep: sameForAnyone };

// The title and description in the page's language; the binding text below stays English.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return [
    { title: t("meta.termsTitle") },
    { name: "description", content: t("meta.termsDescription") },
  ];
};

const support = (
  <a className="text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
    {SUPPORT_EMAIL}
  </a>
);

const sections: PolicySection[] = [
  {
    id: "use",
    title: "Using Tagback",
    body: (
      <>
        <p>
          Tagback lets owners put QR stickers and tokens on their belongings and keep a public profile, and lets anyone
          who finds a tagged item reach the owner. Searching for an owner needs no account. By using Tagback you accept
          these terms; if you do not accept them, please do not use the service.
        </p>
        <p>
          Tagback helps finders and owners reach each other. We do not collect, store or deliver lost items, and we
          cannot promise that a lost item will be found or returned.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Accounts",
    body: (
      <PolicyList
        items={[
          "You must be at least 18 years old to create an account (16 in the European Economic Area).",
          "Give accurate information, keep it up to date and keep your sign-in details secret. You are responsible for what happens under your account.",
          "Claim only stickers you bought or were given. A sticker's password proves it is yours; do not share it.",
          "One person, one account. Accounts may not be sold or transferred.",
        ]}
      />
    ),
  },
  {
    id: "privacy",
    title: "Privacy",
    body: (
      <p>
        Your profile is public to anyone who scans your sticker or searches its number, limited to what your privacy
        settings allow. How we handle personal data is described in our{" "}
        <Link className="text-brand-700 underline" to="/privacy-policy">
          Privacy Policy
        </Link>
        , which is part of these terms.
      </p>
    ),
  },
  {
    id: "prohibited-uses",
    title: "Prohibited uses",
    body: (
      <>
        <p>You must not:</p>
        <PolicyList
          items={[
            "search numbers you do not hold in order to find out who owns them, or scrape profiles in bulk;",
            "use contact details or messages from Tagback to harass, threaten, stalk, spam or defraud anyone;",
            "demand a reward or payment for returning an item, or use a found item to pressure its owner;",
            "post content that is unlawful, obscene, hateful or that infringes someone else's rights;",
            "impersonate another person, or claim stickers or items that are not yours;",
            "try to break, overload or get around the security and rate limits of the service.",
          ]}
        />
      </>
    ),
  },
  {
    id: "intellectual-property",
    title: "Intellectual property",
    body: (
      <p>
        The Tagback name, logo, website, sticker designs and blog content belong to Tagback and its licensors. You may
        share links to our pages and posts. You keep the rights to what you put in your profile and messages, and you
        give us permission to store and show it as needed to run the service.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension and termination",
    body: (
      <p>
        You can stop using Tagback and ask us to delete your account at any time. We may suspend or close an account that
        breaks these terms or puts other people at risk, and we will tell you why unless the law or someone's safety
        prevents it. Sections on intellectual property, disclaimers, liability and governing law survive termination.
      </p>
    ),
  },
  {
    id: "disclaimer",
    title: "Disclaimer",
    body: (
      <p>
        Tagback is provided "as is" and "as available". We work to keep it running and accurate but do not promise it
        will be uninterrupted or error-free, that a finder will contact you, or that people you meet through the service
        will act in good faith. Meet in public places and use your judgement.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Limitation of liability",
    body: (
      <p>
        To the extent the law allows, Tagback is not liable for the loss of or damage to any item, or for indirect or
        consequential losses. Our total liability to you for any claim is limited to the amount you paid us in the
        twelve months before the claim. Nothing in these terms limits liability that cannot be limited under Indian law.
      </p>
    ),
  },
  {
    id: "governing-law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the laws of India. Disputes will be heard by the competent courts in India, without
        taking away any right you have as a consumer to bring a claim where you live.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to these terms",
    body: (
      <p>
        We may update these terms as the service changes. We will give at least <strong>30 days' notice</strong> of
        material changes by e-mail or on the site before they take effect. If you keep using Tagback after that, the new
        terms apply; if you do not agree, you can close your account.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: <p>Questions about these terms go to our support team at {support}.</p>,
  },
];

export default function TermsAndConditions() {
  return (
    <PolicyPage
      title="Terms and Conditions"
      dateLine="Last updated: May 2, 2025"
      intro={<p>These terms govern your use of Tagback's website, QR stickers, profiles and messaging. Please read them carefully.</p>}
      sections={sections}
    />
  );
}
