import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { Toast } from "~/core/toast.server";
import { useHydrated } from "~/core/hooks/use-hydrated";
import { useT } from "~/i18n/use-t";

/**
 * Shows the server's one-time toast. It is in the HTML, so it shows without JavaScript; with
 * JavaScript it can be dismissed and goes away by itself. The cookie is read once, so a reload of
 * the same page's data (a live update revalidating it) brings no toast: the one shown stays until
 * it is dismissed, times out, or the visitor goes to another page.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { key } = useLocation();
  const [held, setHeld] = useState<{ toast: Toast; key: string } | null>(null);
  const [dismissed, setDismissed] = useState<Toast | null>(null);
  const hydrated = useHydrated();
  const { t } = useT();
  useEffect(() => {
    if (toast) setHeld({ toast, key });
  }, [toast, key]);
  const current = toast ?? (held?.key === key ? held.toast : null);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setDismissed(current), 6000);
    return () => clearTimeout(timer);
  }, [current]);
  const visible = current && dismissed !== current ? current : null;
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
              {t("appNav.dismiss")}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
