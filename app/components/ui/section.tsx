import type { ReactNode } from "react";

/** A titled card of a settings-like page (Settings, the admin pages); `danger` for irreversible actions. */
export function Section({ id, title, children, tone = "normal" }: { id: string; title: string; children: ReactNode; tone?: "normal" | "danger" }) {
  return (
    <section aria-labelledby={id} className={`rounded-xl border p-5 ${tone === "danger" ? "border-red-200 bg-red-50/40" : "border-slate-200"}`}>
      <h2 id={id} className={`text-lg font-bold ${tone === "danger" ? "text-red-900" : ""}`}>
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
