// A post's body (and an author's rich-text bio) through @portabletext/react, with every block
// style, list, mark and image case of spec 001 §2. Components use classes, never inline styles:
// the CSP (style-src 'self') would block the library's defaults for underline, strike-through and
// hidden unknown types. Unknown types are only warned in the console (the library's default
// handler) and render nothing.
import { PortableText, type PortableTextComponents } from "@portabletext/react";
import { imageUrl } from "~/features/content/images";
import type { PortableBlock } from "~/features/content/types";

const LOCAL = "http://local.invalid";

/**
 * Only web and mail links are followed; anything else (javascript:, data:) renders as text. A
 * path must stay on this site as a browser reads it: "//host" and "/\\host" name another host.
 */
export function safeHref(href: unknown): string | null {
  if (typeof href !== "string") return null;
  const value = href.trim();
  try {
    if (value.startsWith("/")) return new URL(value, LOCAL).origin === LOCAL ? value : null;
    const protocol = new URL(value).protocol;
    return protocol === "https:" || protocol === "http:" || protocol === "mailto:" ? value : null;
  } catch {
    return null;
  }
}

type ImageValue = { alt?: unknown; asset?: { url?: unknown; metadata?: { dimensions?: { width?: unknown; height?: unknown } } } | null };

function BodyImage({ value }: { value: ImageValue }) {
  const url = typeof value.asset?.url === "string" ? value.asset.url : "";
  if (!url) {
    return <p className="my-6 rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">[Image not available]</p>;
  }
  const dimensions = value.asset?.metadata?.dimensions;
  const width = typeof dimensions?.width === "number" ? dimensions.width : undefined;
  const alt = typeof value.alt === "string" && value.alt.trim() ? value.alt : "Blog content image";
  return (
    <figure className="my-6">
      <img
        src={imageUrl(url, Math.min(width ?? 1200, 1200))}
        alt={alt}
        width={width}
        height={typeof dimensions?.height === "number" ? dimensions.height : undefined}
        loading="lazy"
        className="h-auto w-full rounded-xl bg-slate-100"
      />
    </figure>
  );
}

const components: Partial<PortableTextComponents> = {
  block: {
    normal: ({ children }) => <p className="my-4 leading-relaxed">{children}</p>,
    h1: ({ children }) => <h1 className="mt-10 mb-4 text-3xl font-black text-brand-900">{children}</h1>,
    h2: ({ children }) => <h2 className="mt-10 mb-3 text-2xl font-bold text-brand-900">{children}</h2>,
    h3: ({ children }) => <h3 className="mt-8 mb-2 text-xl font-bold text-slate-900">{children}</h3>,
    h4: ({ children }) => <h4 className="mt-6 mb-2 text-lg font-bold text-slate-900">{children}</h4>,
    h5: ({ children }) => <h5 className="mt-6 mb-2 font-bold text-slate-900">{children}</h5>,
    h6: ({ children }) => <h6 className="mt-6 mb-2 text-sm font-bold tracking-wide text-slate-700 uppercase">{children}</h6>,
    blockquote: ({ children }) => <blockquote className="my-6 border-l-4 border-brand-600 bg-brand-50 py-3 pr-3 pl-4 text-lg text-brand-900 italic">{children}</blockquote>,
  },
  list: {
    bullet: ({ children }) => <ul className="my-4 list-disc space-y-2 pl-6">{children}</ul>,
    number: ({ children }) => <ol className="my-4 list-decimal space-y-2 pl-6">{children}</ol>,
  },
  listItem: {
    bullet: ({ children }) => <li className="leading-relaxed">{children}</li>,
    number: ({ children }) => <li className="leading-relaxed">{children}</li>,
  },
  marks: {
    strong: ({ children }) => <strong className="font-semibold text-slate-900">{children}</strong>,
    em: ({ children }) => <em>{children}</em>,
    code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">{children}</code>,
    underline: ({ children }) => <span className="underline">{children}</span>,
    "strike-through": ({ children }) => <del>{children}</del>,
    link: ({ value, children }) => {
      const href = safeHref((value as { href?: unknown } | undefined)?.href);
      if (!href) return <>{children}</>;
      const external = !href.startsWith("/");
      return (
        <a href={href} className="font-medium text-brand-700 underline hover:text-brand-900" {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
          {children}
        </a>
      );
    },
  },
  types: {
    image: ({ value }) => <BodyImage value={value as ImageValue} />,
  },
  unknownType: () => null,
  unknownMark: ({ children }) => <>{children}</>,
  unknownBlockStyle: ({ children }) => <p className="my-4 leading-relaxed">{children}</p>,
  unknownList: ({ children }) => <ul className="my-4 list-disc space-y-2 pl-6">{children}</ul>,
  unknownListItem: ({ children }) => <li>{children}</li>,
};

export function RichText({ value }: { value: PortableBlock[] }) {
  return <PortableText value={value} components={components} />;
}
