// The frame of the legal pages (privacy, terms, refunds): a title, the date line, a table of
// contents of links to the sections, and the sections. Static text, no JavaScript.
import type { ReactNode } from "react";

export type PolicySection = { id: string; title: string; body: ReactNode };

export function PolicyPage({ title, dateLine, intro, sections }: { title: string; dateLine: string; intro: ReactNode; sections: PolicySection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-black tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm font-medium text-slate-500">{dateLine}</p>
      <div className="mt-6 space-y-4 text-slate-700">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <h2 className="text-sm font-bold tracking-wide text-slate-600 uppercase">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-brand-700 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-10">
          <h2 id={`${section.id}-title`} className="text-xl font-bold text-slate-900">
            {index + 1}. {section.title}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{section.body}</div>
        </section>
      ))}
    </article>
  );
}

/** A bulleted list in a policy section. */
export function PolicyList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-1.5 pl-6">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
