// The landing page's structured data for search engines (spec 000 §1): the organisation, the
// sticker as a product (179 INR, in stock) and the FAQ, as one JSON-LD graph.
import { useNonce } from "~/core/nonce";
import { socialLinks, STICKER_PRICE_INR } from "~/core/site";
import { FAQ } from "./copy";

export function landingStructuredData({ siteUrl, shopUrl }: { siteUrl: string; shopUrl: string }) {
  const organization = {
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: "Tagback",
    url: siteUrl,
    logo: `${siteUrl}/favicon.svg`,
    sameAs: socialLinks("").filter((link) => link.label !== "WhatsApp").map((link) => link.href),
  };
  const product = {
    "@type": "Product",
    name: "Tagback QR sticker",
    description:
      "A weatherproof QR sticker with its own 12-digit number. Whoever finds your metro card, laptop, keys or bag scans it and reaches you, with no app.",
    image: `${siteUrl}/images/share.jpg`,
    brand: { "@id": `${siteUrl}/#organization` },
    offers: {
      "@type": "Offer",
      price: String(STICKER_PRICE_INR),
      priceCurrency: "INR",
      availability: "https://schema.org/InStock",
      url: shopUrl,
    },
  };
  const faq = {
    "@type": "FAQPage",
    mainEntity: FAQ.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
  return { "@context": "https://schema.org", "@graph": [organization, product, faq] };
}

/** A JSON-LD script. `<` is escaped so no string in it can close the script element. */
export function JsonLd({ value }: { value: unknown }) {
  const nonce = useNonce();
  const json = JSON.stringify(value).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}
