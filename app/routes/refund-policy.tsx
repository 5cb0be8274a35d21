// /refund-policy (spec 001 §2, §4 "refund flow", §5 "Refund eligibility", §9): static text, no JavaScript.
import type { Route } from "./+types/refund-policy";
import { metaT } from "~/i18n/use-t";
import { PolicyList, PolicyPage, type PolicySection } from "~/features/content/policy-page";
import { SUPPORT_EMAIL } from "~/core/site";
import { sameForAnyone, type RouteHandle } from "~/core/route-handle";

export const handle: RouteHandle = { hydrate: false, contentPage: true, keep: sameForAnyone };

// The title and description in the page's language; the binding text below stays English.
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaT(matches);
  return [
    { title: t("meta.refundTitle") },
    { name: "description", content: t("meta.refundDescription") },
  ];
};

const support = (subject: string) => (
  <a className="text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`}>
    {SUPPORT_EMAIL}
  </a>
);

const sections: PolicySection[] = [
  {
    id: "eligibility",
    title: "Eligibility for a refund",
    body: (
      <>
        <p>You can return a Tagback sticker kit for a refund when all of these are true:</p>
        <PolicyList
          items={[
            <>you ask for the return within <strong>14 days</strong> of receiving the kit;</>,
            "the kit is unused: no sticker has been peeled off or claimed on an account;",
            "it is in its original packaging;",
            "you have proof of purchase, such as the order confirmation or invoice.",
          ]}
        />
      </>
    ),
  },
  {
    id: "non-refundable",
    title: "What cannot be refunded",
    body: (
      <PolicyList
        items={[
          "kits that have been used, damaged after delivery, or are incomplete;",
          "digital services or subscriptions;",
          "returns requested more than 14 days after you received the kit.",
        ]}
      />
    ),
  },
  {
    id: "how-to-return",
    title: "How to return a kit",
    body: (
      <ol className="list-decimal space-y-1.5 pl-6">
        <li>Write to {support("Return request")} within 14 days of receipt, with your order number and the reason for the return.</li>
        <li>We confirm whether the return is eligible and send you the address to ship it to.</li>
        <li>Pack the kit in its original packaging and ship it to that address. Keep the shipping receipt and tracking number.</li>
        <li>When the kit arrives we inspect it and tell you by e-mail whether the refund is approved.</li>
      </ol>
    ),
  },
  {
    id: "refunds",
    title: "Refunds",
    body: (
      <p>
        Once a refund is approved, we send it to your original payment method within <strong>7 business days</strong>.
        How soon it appears on your statement depends on your bank or card issuer. The cost of shipping the kit back is
        yours, unless the kit was defective or we sent the wrong item.
      </p>
    ),
  },
  {
    id: "late-refunds",
    title: "Late or missing refunds",
    body: (
      <p>
        If you have not received your refund <strong>10 business days</strong> after we confirmed it, first check your
        bank account again, then contact your bank or card issuer: processing can take some time before a refund is
        posted. If you still have not received it, write to {support("Missing refund")} and we will trace it.
      </p>
    ),
  },
  {
    id: "exchanges",
    title: "Exchanges",
    body: (
      <p>
        We replace kits only when they arrive defective or damaged, for example a sticker whose QR code does not scan or
        a token that cannot be claimed. Write to {support("Exchange request")} with your order number, a description of
        the problem and photos of the kit, and we will send a replacement once we have confirmed the fault.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: <p>For any question about returns, refunds or exchanges, write to {support("Refund question")}.</p>,
  },
];

export default function RefundPolicy() {
  return (
    <PolicyPage
      title="Refund Policy"
      dateLine="Effective date: April 26, 2025"
      intro={<p>We want you to be happy with your Tagback stickers. If something is not right, this is how returns, refunds and exchanges work.</p>}
      sections={sections}
    />
  );
}
