/** A signed-in page whose feature is not built yet: it says what will be here, and does nothing. */
export function PlannedPage({ title, description, items }: { title: string; description: string; items: string[] }) {
  return (
    <section aria-labelledby="planned-title" className="max-w-2xl">
      <h1 id="planned-title" className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">{description}</p>
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-5">
        <p className="font-semibold text-slate-800">Not available yet</p>
        <p className="mt-1 text-sm text-slate-600">This part of Tagback is being built. When it is ready you will be able to:</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
