// A dialog that is a server-rendered state of a URL (DESIGN.md §6): the page renders it open when
// its URL says so, so it works with JavaScript off, and a link to `closeHref` (the same page
// without that state) closes it. With JavaScript it also closes on Escape and on a click outside
// the panel, and the browser's back button leaves the URL that opened it. The panel takes the
// focus when it opens, so screen readers start in it and Escape reaches it.
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Icon } from "~/components/ui/icon";

type RouteDialogProps = {
  /** The heading (an `<h2>`) that names the dialog. */
  title: ReactNode;
  /** A line under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /** Where closing goes: the same page without the dialog's state. */
  closeHref: string;
  /** The title's id (stable ids help tests and links); generated when left out. */
  titleId?: string;
  /** The close link's accessible name. */
  closeLabel?: string;
  children: ReactNode;
};

export function RouteDialog({ title, description, closeHref, titleId, closeLabel = "Close", children }: RouteDialogProps) {
  const navigate = useNavigate();
  const panelRef = useRef<HTMLDivElement>(null);
  const generatedId = useId();
  const headingId = titleId ?? `${generatedId}-title`;
  const descriptionId = `${headingId}-description`;

  useEffect(() => {
    panelRef.current?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, closeHref]);

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/60 sm:items-center sm:p-4"
      // For pages that are not hydrated: their script closes the dialog the same way (result-page.browser.ts).
      data-close-href={closeHref}
      onClick={(event) => {
        if (event.target === event.currentTarget) navigate(closeHref, { preventScrollReset: true });
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className="max-h-[92vh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl focus:outline-none sm:rounded-2xl"
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-bold text-brand-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            aria-label={closeLabel}
            className="-m-1 rounded-lg p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <Icon name="close" className="h-6 w-6" />
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}
