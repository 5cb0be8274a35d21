import { useEffect, useState } from "react";
import type { Toast } from "~/core/toast.server";
import { useHydrated } from "~/core/hooks/use-hydrated";

/**
 * Shows the server's one-time toast. It is in the HTML, so it shows without JavaScript; with
 * JavaScript it can be dismissed and goes away by itself.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setDismissed(toast), 6000);
    return () => clearTimeout(timer);
  }, [toast]);
  const visible = toast && dismissed !== toast ? toast : null;
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 top-16 z-50 flex justify-center px-4">
      {visible ? (
        <div
          className={`pointer-events-auto w-full max-w-md rounded-xl border p-4 shadow-lg ${
            visible.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"
          }`}
          data-toast-type={visible.type}
        >
          <p className="font-semibold">{visible.title}</p>
          {visible.description ? <p className="mt-1 text-sm">{visible.description}</p> : null}
          {hydrated ? (
            <button type="button" onClick={() => setDismissed(visible)} className="mt-2 text-sm underline">
              Dismiss
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
