// A translated sentence with links in it: the catalogue writes each link as a `{name}` slot, where
// the language puts it, and the page passes the link's address and text. The sentence's own words
// stay whole in the catalogue, so no language has to be cut into fragments around the links.
import type { ReactNode } from "react";

export type SentenceLink = { href: string; text: string };

export function withLinks(sentence: string, links: Record<string, SentenceLink>): ReactNode[] {
  return sentence.split(/\{(\w+)\}/).map((part, index) => {
    // split() with a group: odd places are the slots' names.
    const link = index % 2 === 1 ? links[part] : undefined;
    if (!link) return index % 2 === 1 ? `{${part}}` : part;
    return (
      <a key={index} className="font-medium text-brand-700 underline" href={link.href}>
        {link.text}
      </a>
    );
  });
}
