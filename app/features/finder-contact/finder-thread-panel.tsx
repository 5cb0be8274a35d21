// In the owner's open conversation with an anonymous finder: what the finder said first (how they
// will hand the item back, where they found it, how to reach them), and closing the thread, which
// ends the finder's private link. A plain form: it works without JavaScript.
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { THANK_YOU_MAX } from "~/features/returns/rules";
import { useT } from "~/i18n/use-t";
import type { Handover } from "./rules";

export type FinderThreadSummary = {
  itemLabel: string;
  handoverText: string;
  handover: Handover;
  foundWhere: string | null;
  contact: string | null;
  closed: boolean;
  /** Where the finder said they are: the rounded position as text (in the page's language), and the two links (no embedded map). */
  location: { text: string; geo: string; osm: string } | null;
  /** Marked returned: when, the thank-you line, and whether the day to undo it is still running. */
  returned: { time: string; note: string | null; undoable: boolean } | null;
};

export function FinderThreadPanel({ thread, conversationId }: { thread: FinderThreadSummary; conversationId: string }) {
  const { t } = useT();
  return (
    <section aria-label={t("finderThread.about")} className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-800" data-testid="finder-thread">
      <p className="font-semibold text-slate-900">
        {t("finderThread.found", { item: thread.itemLabel })} · <span data-testid="finder-handover">{thread.handoverText}</span>
      </p>
      {thread.foundWhere ? <p className="mt-0.5">{t("finderThread.where", { place: thread.foundWhere })}</p> : null}
      {thread.contact ? <p className="mt-0.5 break-all">{t("finderThread.reach", { contact: thread.contact })}</p> : null}
      {thread.location ? (
        <p className="mt-0.5" data-testid="finder-location">
          {t("finderThread.whereTheyAre", { position: thread.location.text })} ·{" "}
          <a href={thread.location.geo} className="font-medium text-brand-700 underline" data-testid="finder-location-geo">
            {t("finderThread.openMapApp")}
          </a>{" "}
          ·{" "}
          <a href={thread.location.osm} className="font-medium text-brand-700 underline" rel="noreferrer noopener" target="_blank" data-testid="finder-location-osm">
            OpenStreetMap
          </a>
        </p>
      ) : null}
      <p className="mt-0.5 text-slate-600">{t("finderThread.noAccount")}</p>
      {thread.closed ? null : <ReturnedPart returned={thread.returned} conversationId={conversationId} />}
      {thread.closed ? (
        <p className="mt-2 font-medium text-slate-700" data-testid="finder-thread-closed">
          {t("finderThread.closed")}
        </p>
      ) : (
        <Form method="post" action={`/messaging/${conversationId}/close`} reloadDocument className="mt-2">
          <Button type="submit" size="sm" variant="danger-outline">
            {t("finderThread.close")}
          </Button>
        </Form>
      )}
    </section>
  );
}

/**
 * "I got it back" (issue 49): with an optional thank-you line; once marked, what the finder was
 * told and, for a day, the undo.
 */
function ReturnedPart({ returned, conversationId }: { returned: FinderThreadSummary["returned"]; conversationId: string }) {
  const { t } = useT();
  if (returned) {
    return (
      <div className="mt-2 rounded-lg bg-emerald-50 p-2 text-emerald-950" data-testid="returned-state">
        <p className="font-medium">{t("finderThread.returned", { time: returned.time })}</p>
        {returned.note ? <p className="mt-0.5">{t("finderThread.thankYou", { note: returned.note })}</p> : null}
        {returned.undoable ? (
          <Form method="post" action={`/messaging/${conversationId}`} className="mt-1">
            <input type="hidden" name="intent" value="undo-return" />
            <Button type="submit" size="sm" variant="outline">
              {t("finderThread.undo")}
            </Button>
          </Form>
        ) : null}
      </div>
    );
  }
  return (
    <Form method="post" action={`/messaging/${conversationId}`} className="mt-2 space-y-1" data-testid="returned-form">
      <input type="hidden" name="intent" value="returned" />
      <label htmlFor="thank-you" className="block font-medium">
        {t("finderThread.thankYouLabel")}
      </label>
      <input id="thank-you" name="note" type="text" maxLength={THANK_YOU_MAX * 2} className="block w-full rounded-lg border border-slate-300 px-3 py-2" />
      <Button type="submit" size="sm">
        {t("finderThread.gotItBack")}
      </Button>
    </Form>
  );
}
