/** A post's categories as chips: on its card and at the top of the post. Nothing when it has none. */
export function CategoryChips({ categories, className = "" }: { categories: string[]; className?: string }) {
  if (categories.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Categories">
      {categories.map((category) => (
        <li key={category} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          {category}
        </li>
      ))}
    </ul>
  );
}
